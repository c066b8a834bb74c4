import { Text } from '@mantine/core';
import {
  PROFILE_LABELS,
  PROFILES,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type User,
  type UserStatus,
} from '@portal/domain';
import { useState } from 'react';
import {
  userMutations,
  useUsersPageQuery,
  useUsersQuery,
  type UserPageParams,
} from '../../../api/people/users';
import { ActivateUserModal } from './activate-user-modal';
import { UserFormModal } from './user-form-modal';
import * as Admin from '../../../components/admin';

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

/** The URL keeps pt-BR names ('perfil', 'nome'); each names its API parameter or `order`. */
const USERS_LIST: Admin.ListDefinition<UserPageParams> = {
  searchLabel: 'Buscar por nome ou email',
  filters: [
    {
      name: 'status',
      label: 'Status',
      param: 'status_eq',
      options: USER_STATUSES.map((status) => ({
        value: status,
        label: USER_STATUS_LABELS[status],
      })),
    },
    {
      name: 'perfil',
      label: 'Perfil',
      param: 'profile_eq',
      options: PROFILES.map((profile) => ({ value: profile, label: PROFILE_LABELS[profile] })),
    },
  ],
  sorts: [
    { value: 'nome', label: 'Nome (A–Z)', order: 'name' },
    { value: '-nome', label: 'Nome (Z–A)', order: '-name' },
    { value: 'email', label: 'Email (A–Z)', order: 'email' },
  ],
};

/** A pending newcomer shows the profile asked for, marked as only a request. */
function ProfileCell({ user }: { user: User }) {
  if (user.status !== 'pending') return PROFILE_LABELS[user.profile] ?? user.profile;
  const requested = user.requested_profile ?? user.profile;
  return (
    <Text size="sm" span>
      {PROFILE_LABELS[requested] ?? requested}{' '}
      <Text span size="xs" c="dimmed">
        (solicitado)
      </Text>
    </Text>
  );
}

const COLUMNS: Admin.AdminColumn<User>[] = [
  Admin.idColumn('ID'),
  {
    header: 'Nome',
    cell: (user) => user.name,
    sort: { asc: 'nome', desc: '-nome' },
    cellProps: { fw: 500 },
  },
  { header: 'Email', cell: (user) => user.email, sort: { asc: 'email' } },
  { header: 'Perfil', cell: (user) => <ProfileCell user={user} /> },
  { header: 'Unidade', cell: (user) => user.unit ?? '—' },
  Admin.badgeColumn('Status', (user) => ({
    label: USER_STATUS_LABELS[user.status] ?? user.status,
    color: STATUS_COLORS[user.status],
  })),
];

/** Every account's counters; the total says how many wait for approval. */
function userCounters(users: readonly User[]): Admin.Counter[] {
  const pendingCount = users.filter((user) => user.status === 'pending').length;
  return [
    {
      label: 'Total de usuários',
      value: users.length,
      hint: pendingCount > 0 ? `${pendingCount} aguardando aprovação` : undefined,
    },
    { label: 'Inativos', value: users.filter((u) => u.status === 'inactive').length },
    { label: 'Ativos', value: users.filter((u) => u.status === 'active').length },
  ];
}

export default function UsersPage() {
  const usersQuery = useUsersQuery();
  const [activating, setActivating] = useState<User | null>(null);
  // A self-registered account is activated with an explicit profile (DESIGN.md 7.3).
  const rows = Admin.useAdminRows(
    { resource: userMutations, toggle: Admin.statusToggle },
    {
      onToggle: (user) => (user.status === 'pending' ? () => setActivating(user) : undefined),
    },
  );

  const list = Admin.useServerList(useUsersPageQuery, USERS_LIST);

  return (
    <Admin.AdminPage
      title="Gestão de Usuários"
      create="+ Novo Usuário"
      // The counters describe every account; the table is the page the server searched and counted.
      counters={{ query: usersQuery, rows: [userCounters(usersQuery.data ?? [])] }}
      modals={
        <>
          <UserFormModal {...rows.form.props} user={rows.form.editing} />
          <ActivateUserModal user={activating} onClose={() => setActivating(null)} />
        </>
      }
      table={{ list, columns: COLUMNS, minWidth: 900, rows }}
    />
  );
}

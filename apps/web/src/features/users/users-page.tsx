import { Button, Text } from '@mantine/core';
import {
  PROFILE_LABELS,
  PROFILES,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type Profile,
  type User,
  type UserStatus,
} from '@portal/domain';
import { useState } from 'react';
import {
  useDeleteUser,
  usersKeys,
  useUpdateUser,
  useUsersPageQuery,
  useUsersQuery,
} from '../../api/users';
import { AdminPage } from '../../components/admin/admin-page';
import {
  AdminTable,
  badgeColumn,
  idColumn,
  type AdminColumn,
} from '../../components/admin/admin-table';
import { useFormModal } from '../../components/admin/form-modal';
import { pageWindow, serverListView, useListParams } from '../../components/admin/list-view';
import { ListToolbar } from '../../components/admin/list-toolbar';
import { statusToggle, useAdminRows } from '../../components/admin/use-admin-rows';
import { ActivateUserModal } from './activate-user-modal';
import { UserFormModal } from './user-form-modal';

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  options: USER_STATUSES.map((status) => ({ value: status, label: USER_STATUS_LABELS[status] })),
};
const PROFILE_FILTER = {
  name: 'perfil',
  label: 'Perfil',
  options: PROFILES.map((profile) => ({ value: profile, label: PROFILE_LABELS[profile] })),
};
/** The URL's sort (pt-BR, as the kit keeps it) and the API's `order` (issue 12 contract). */
const ORDERS: Record<string, string> = { nome: 'name', '-nome': '-name', email: 'email' };
const isUserStatus = (value: string): value is UserStatus =>
  (USER_STATUSES as readonly string[]).includes(value);
const isProfile = (value: string): value is Profile =>
  (PROFILES as readonly string[]).includes(value);
const SORT_OPTIONS = [
  { value: 'nome', label: 'Nome (A–Z)' },
  { value: '-nome', label: 'Nome (Z–A)' },
  { value: 'email', label: 'Email (A–Z)' },
];

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

const COLUMNS: AdminColumn<User>[] = [
  idColumn('ID'),
  {
    header: 'Nome',
    cell: (user) => user.name,
    sort: { asc: 'nome', desc: '-nome' },
    cellProps: { fw: 500 },
  },
  { header: 'Email', cell: (user) => user.email, sort: { asc: 'email' } },
  { header: 'Perfil', cell: (user) => <ProfileCell user={user} /> },
  { header: 'Unidade', cell: (user) => user.unit ?? '—' },
  badgeColumn('Status', (user) => ({
    label: USER_STATUS_LABELS[user.status] ?? user.status,
    color: STATUS_COLORS[user.status],
  })),
];

export default function UsersPage() {
  const usersQuery = useUsersQuery();
  const rows = useAdminRows({
    all: usersKeys.all,
    update: useUpdateUser(),
    remove: useDeleteUser(),
  });
  const params = useListParams();
  const formModal = useFormModal<User>();
  const openForm = formModal.open;
  const [activating, setActivating] = useState<User | null>(null);

  const users = usersQuery.data ?? [];
  const pendingCount = users.filter((user) => user.status === 'pending').length;
  const status = params.filter('status');
  const profile = params.filter('perfil');
  // The counters describe every account; the table is the page the server searched and counted.
  const pageQuery = useUsersPageQuery({
    q: params.q,
    status_eq: isUserStatus(status) ? status : undefined,
    profile_eq: isProfile(profile) ? profile : undefined,
    order: ORDERS[params.sort],
    ...pageWindow(params),
  });
  const view = serverListView(pageQuery.data, params);

  return (
    <AdminPage
      title="Gestão de Usuários"
      action={<Button onClick={() => openForm(null)}>+ Novo Usuário</Button>}
      query={usersQuery}
      counters={[
        {
          cols: { base: 1, xs: 3 },
          items: [
            {
              label: 'Total de usuários',
              value: users.length,
              hint: pendingCount > 0 ? `${pendingCount} aguardando aprovação` : undefined,
            },
            { label: 'Inativos', value: users.filter((u) => u.status === 'inactive').length },
            { label: 'Ativos', value: users.filter((u) => u.status === 'active').length },
          ],
        },
      ]}
      toolbar={
        <ListToolbar
          params={params}
          searchLabel="Buscar por nome ou email"
          filters={[STATUS_FILTER, PROFILE_FILTER]}
          sorts={SORT_OPTIONS}
        />
      }
      modals={
        <>
          <UserFormModal {...formModal.props} user={formModal.editing} />
          <ActivateUserModal user={activating} onClose={() => setActivating(null)} />
        </>
      }
    >
      <AdminTable
        query={pageQuery}
        loadingText="Carregando usuários..."
        errorText="Não foi possível carregar os usuários agora."
        empty={{
          title: 'Nenhum usuário encontrado',
          description: 'Adicione um novo usuário para começar',
        }}
        columns={COLUMNS}
        rows={view.rows}
        minWidth={900}
        params={params}
        view={view}
        actions={(user) =>
          rows.actionsFor({
            id: user.id,
            label: user.name,
            onEdit: () => openForm(user),
            toggle: statusToggle(user.status, {
              activated: 'Usuário ativado.',
              deactivated: 'Usuário inativado.',
              fallback: 'Não foi possível alterar o status.',
            }),
            // A self-registered account is activated with an explicit profile (DESIGN.md 7.3).
            onToggle: user.status === 'pending' ? () => setActivating(user) : undefined,
            remove: {
              title: `Excluir o usuário ${user.name}?`,
              successMessage: 'Usuário excluído.',
              fallback: 'Não foi possível excluir.',
            },
          })
        }
      />
    </AdminPage>
  );
}

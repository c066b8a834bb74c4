import { Badge, Button, Table, Text } from '@mantine/core';
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
import { AdminPage, QueryContent } from '../../components/admin/admin-page';
import { useFormModal } from '../../components/admin/form-modal';
import { pageWindow, serverListView, useListParams } from '../../components/admin/list-view';
import { ListPagination, ListToolbar } from '../../components/admin/list-toolbar';
import { statusToggle, useAdminRows } from '../../components/admin/use-admin-rows';
import { RowActions } from '../../components/row-actions';
import { ActivateUserModal } from './activate-user-modal';
import { UserFormModal } from './user-form-modal';

/** The dot variant keeps the label in the normal text colour (AA in both schemes). */
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
      <QueryContent
        query={pageQuery}
        loadingText="Carregando usuários..."
        errorText="Não foi possível carregar os usuários agora."
        isEmpty={view.total === 0}
        empty={{
          title: 'Nenhum usuário encontrado',
          description: 'Adicione um novo usuário para começar',
        }}
      >
        {/* Wide table: scrolls sideways on a phone instead of squeezing the columns. */}
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Perfil</Table.Th>
                <Table.Th>Unidade</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.id}</Table.Td>
                  <Table.Td fw={500}>{user.name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    {user.status === 'pending' ? (
                      <Text size="sm" span>
                        {PROFILE_LABELS[user.requested_profile ?? user.profile] ??
                          user.requested_profile ??
                          user.profile}{' '}
                        <Text span size="xs" c="dimmed">
                          (solicitado)
                        </Text>
                      </Text>
                    ) : (
                      (PROFILE_LABELS[user.profile] ?? user.profile)
                    )}
                  </Table.Td>
                  <Table.Td>{user.unit ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={STATUS_COLORS[user.status]}>
                      {USER_STATUS_LABELS[user.status] ?? user.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      {...rows.actionsFor({
                        id: user.id,
                        label: user.name,
                        onEdit: () => openForm(user),
                        toggle: statusToggle(user.status, {
                          activated: 'Usuário ativado.',
                          deactivated: 'Usuário inativado.',
                          fallback: 'Não foi possível alterar o status.',
                        }),
                        // A self-registered account is activated with an explicit profile
                        // (DESIGN.md 7.3).
                        onToggle: user.status === 'pending' ? () => setActivating(user) : undefined,
                        remove: {
                          title: `Excluir o usuário ${user.name}?`,
                          successMessage: 'Usuário excluído.',
                          fallback: 'Não foi possível excluir.',
                        },
                      })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination params={params} view={view} />
      </QueryContent>
    </AdminPage>
  );
}

import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROFILE_LABELS, USER_STATUS_LABELS, type User, type UserStatus } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { RowActions } from '../../components/row-actions';
import { StatCard } from '../../components/stat-card';
import { usePageTitle } from '../../components/use-page-title';
import { errorMessage } from '../../lib/api-client';
import { UserFormModal } from './user-form-modal';
import { useDeleteUser, useUpdateUser, useUsersQuery } from '../../api/users';
import { openConfirmModal } from '../../components/confirm-modal';

/** The dot variant keeps the label in the normal text colour (AA in both schemes). */
const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

export default function UsersPage() {
  usePageTitle('Gestão de Usuários');
  const usersQuery = useUsersQuery();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [formOpened, setFormOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editingUser, setEditingUser] = useState<User | null>(null);
  // A new key per opening: the form always starts from the chosen user's current values.
  const [formKey, setFormKey] = useState(0);

  const openForm = (user: User | null) => {
    setEditingUser(user);
    setFormKey((key) => key + 1);
    setFormOpened(true);
  };

  const users = usersQuery.data ?? [];
  const activeCount = users.filter((user) => user.status === 'active').length;
  const inactiveCount = users.filter((user) => user.status === 'inactive').length;
  const pendingCount = users.filter((user) => user.status === 'pending').length;

  const toggleStatus = (user: User) => {
    const status: UserStatus = user.status === 'active' ? 'inactive' : 'active';
    updateUser.mutate(
      { id: user.id, changes: { status } },
      {
        onError: (err) =>
          notifications.show({
            color: 'red',
            message: errorMessage(err, { fallback: 'Não foi possível alterar o status.' }),
          }),
      },
    );
  };

  const confirmDelete = (user: User) =>
    openConfirmModal({
      title: `Excluir o usuário ${user.name}?`,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onError: (err) =>
            notifications.show({
              color: 'red',
              message: errorMessage(err, { fallback: 'Não foi possível excluir.' }),
            }),
        }),
    });

  // Row buttons spin (and ignore clicks) while their own request runs.
  const togglingId = updateUser.isPending ? updateUser.variables?.id : undefined;
  const deletingId = deleteUser.isPending ? deleteUser.variables : undefined;

  let content;
  if (usersQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando usuários...</Text>
        </Group>
      </Center>
    );
  } else if (usersQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Não foi possível carregar os usuários agora.</Text>
          <Button size="xs" variant="default" onClick={() => void usersQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (users.length === 0) {
    content = (
      <EmptyState
        title="Nenhum usuário encontrado"
        description="Adicione um novo usuário para começar"
      />
    );
  } else {
    content = (
      // Wide table: scrolls sideways on a phone instead of squeezing the columns.
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
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.id}</Table.Td>
                <Table.Td fw={500}>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{PROFILE_LABELS[user.profile] ?? user.profile}</Table.Td>
                <Table.Td>{user.unit ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={STATUS_COLORS[user.status]}>
                    {USER_STATUS_LABELS[user.status] ?? user.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    label={user.name}
                    onEdit={() => openForm(user)}
                    toggle={{
                      active: user.status === 'active',
                      pending: togglingId === user.id,
                      onToggle: () => toggleStatus(user),
                    }}
                    deleting={deletingId === user.id}
                    onDelete={() => confirmDelete(user)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Gestão de Usuários
        </Title>
        <Button onClick={() => openForm(null)}>+ Novo Usuário</Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard
          label="Total de usuários"
          value={users.length}
          hint={pendingCount > 0 ? `${pendingCount} aguardando aprovação` : undefined}
        />
        <StatCard label="Inativos" value={inactiveCount} />
        <StatCard label="Ativos" value={activeCount} />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {content}
      </Paper>

      <UserFormModal
        formKey={formKey}
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        user={editingUser}
      />
    </Stack>
  );
}

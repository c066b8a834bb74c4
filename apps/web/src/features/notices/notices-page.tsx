import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  countNotices,
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_MESSAGES,
  noticeDeleteConfirmation,
  type Notice,
  type NoticeCategory,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { RowActions } from '../../components/row-actions';
import { StatCard } from '../../components/stat-card';
import { usePageTitle } from '../../components/use-page-title';
import { CATEGORY_OPTIONS, NoticeFormModal } from './notice-form-modal';
import { useDeleteNotice, useNoticesQuery, useUpdateNotice } from '../../api/notices';
import { openConfirmModal } from '../../components/confirm-modal';

type CategoryFilter = NoticeCategory | 'all';
type StatusFilter = 'all' | 'active' | 'inactive';

const CATEGORY_FILTER_OPTIONS = [{ value: 'all', label: 'Todas' }, ...CATEGORY_OPTIONS];
const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Ativas' },
  { value: 'inactive', label: 'Inativas' },
];

function isCategoryFilter(value: string | null): value is CategoryFilter {
  return value === 'all' || (NOTICE_CATEGORIES as readonly (string | null)[]).includes(value);
}
function isStatusFilter(value: string | null): value is StatusFilter {
  return value === 'all' || value === 'active' || value === 'inactive';
}

function matchesFilters(notice: Notice, category: CategoryFilter, status: StatusFilter): boolean {
  if (category !== 'all' && notice.category !== category) return false;
  if (status === 'active') return notice.active;
  if (status === 'inactive') return !notice.active;
  return true;
}

/** SPEC "Notice management" (/admin/notices). */
export default function NoticesPage() {
  usePageTitle('Gestão de Notificações');
  const noticesQuery = useNoticesQuery();
  const deleteNotice = useDeleteNotice();
  const [categoryFilter, setCategoryFilter] = useState<CategoryFilter>('all');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [formOpened, setFormOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editingNotice, setEditingNotice] = useState<Notice | null>(null);
  // A new key per opening: the form always starts from the chosen notice's current values.
  const [formKey, setFormKey] = useState(0);

  const openForm = (notice: Notice | null) => {
    setEditingNotice(notice);
    setFormKey((key) => key + 1);
    setFormOpened(true);
  };

  const notices = noticesQuery.data ?? [];
  const counts = countNotices(notices);
  const visibleNotices = notices.filter((notice) =>
    matchesFilters(notice, categoryFilter, statusFilter),
  );

  const confirmDelete = (notice: Notice) =>
    openConfirmModal({
      title: noticeDeleteConfirmation(notice.title),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deleteNotice.mutate(notice.id, {
          onError: () =>
            notifications.show({ color: 'red', message: NOTICE_MESSAGES.deleteFailed }),
        }),
    });
  const deletingId = deleteNotice.isPending ? deleteNotice.variables : undefined;

  let content;
  if (noticesQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando notices...</Text>
        </Group>
      </Center>
    );
  } else if (noticesQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{NOTICE_MESSAGES.loadFailed}</Text>
          <Button size="xs" variant="default" onClick={() => void noticesQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (visibleNotices.length === 0) {
    content = (
      <EmptyState
        title="Nenhuma notice encontrada"
        description={
          notices.length === 0
            ? 'Adicione uma nova notice para começar'
            : 'Nenhuma notice corresponde aos filtros escolhidos'
        }
      />
    );
  } else {
    content = (
      // Wide table: scrolls sideways on a phone instead of squeezing the columns.
      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Título</Table.Th>
              <Table.Th>Texto</Table.Th>
              <Table.Th>Categoria</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visibleNotices.map((notice) => (
              <NoticeRow
                key={notice.id}
                notice={notice}
                deleting={deletingId === notice.id}
                onEdit={() => openForm(notice)}
                onDelete={() => confirmDelete(notice)}
              />
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
          Gestão de Notificações
        </Title>
        <Button onClick={() => openForm(null)}>+ Nova notice</Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard label="Total de notices" value={counts.total} />
        <StatCard label="Ativas" value={counts.active} />
        <StatCard label="Inativas" value={counts.inactive} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {NOTICE_CATEGORIES.map((category) => (
          <StatCard
            key={category}
            label={NOTICE_CATEGORY_LABELS[category]}
            value={counts.byCategory[category]}
          />
        ))}
      </SimpleGrid>

      <Group gap="md" align="flex-end">
        <Select
          label="Categoria"
          data={CATEGORY_FILTER_OPTIONS}
          value={categoryFilter}
          onChange={(value) => {
            if (isCategoryFilter(value)) setCategoryFilter(value);
          }}
          allowDeselect={false}
          w={220}
        />
        <Select
          label="Status"
          data={STATUS_FILTER_OPTIONS}
          value={statusFilter}
          onChange={(value) => {
            if (isStatusFilter(value)) setStatusFilter(value);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {content}
      </Paper>

      <NoticeFormModal
        formKey={formKey}
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        notice={editingNotice}
      />
    </Stack>
  );
}

interface NoticeRowProps {
  notice: Notice;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One row; its own toggle request, so several rows can flip at once and each spins alone. */
function NoticeRow({ notice, deleting, onEdit, onDelete }: NoticeRowProps) {
  const updateNotice = useUpdateNotice();

  // The row is replaced with the server's answer (the cache update in useUpdateNotice).
  const toggle = () =>
    updateNotice.mutate(
      { id: notice.id, changes: { active: !notice.active } },
      {
        onError: () => notifications.show({ color: 'red', message: NOTICE_MESSAGES.toggleFailed }),
      },
    );

  return (
    <Table.Tr>
      <Table.Td>{notice.id}</Table.Td>
      <Table.Td fw={500} maw={240}>
        {notice.title}
      </Table.Td>
      <Table.Td maw={360} style={{ overflowWrap: 'anywhere' }}>
        {notice.text}
      </Table.Td>
      <Table.Td>{NOTICE_CATEGORY_LABELS[notice.category] ?? notice.category}</Table.Td>
      {/* Wide enough that 'Inativa' is never cut to an ellipsis. */}
      <Table.Td miw={112}>
        {/* The dot variant keeps the label in the normal text colour (AA in both schemes). */}
        <Badge variant="dot" color={notice.active ? 'green' : 'gray'}>
          {notice.active ? 'Ativa' : 'Inativa'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <RowActions
          label={notice.title}
          onEdit={onEdit}
          toggle={{ active: notice.active, pending: updateNotice.isPending, onToggle: toggle }}
          deleting={deleting}
          onDelete={onDelete}
        />
      </Table.Td>
    </Table.Tr>
  );
}

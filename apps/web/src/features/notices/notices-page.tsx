import { Button, Group, Select } from '@mantine/core';
import {
  countNotices,
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_MESSAGES,
  noticeDeleteConfirmation,
  type Notice,
  type NoticeCategory,
} from '@portal/domain';
import { useState } from 'react';
import {
  noticesQueryKey,
  useDeleteNotice,
  useNoticesQuery,
  useUpdateNotice,
} from '../../api/notices';
import { AdminPage } from '../../components/admin/admin-page';
import {
  activeColor,
  AdminTable,
  badgeColumn,
  idColumn,
  type AdminColumn,
} from '../../components/admin/admin-table';
import { useFormModal } from '../../components/admin/form-modal';
import { useAdminRows } from '../../components/admin/use-admin-rows';
import { CATEGORY_OPTIONS, NoticeFormModal } from './notice-form-modal';

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

/** The row is replaced with the server's answer (the cache update in useUpdateNotice). */
const COLUMNS: AdminColumn<Notice>[] = [
  idColumn(),
  { header: 'Título', cell: (notice) => notice.title, cellProps: { fw: 500, maw: 240 } },
  {
    header: 'Texto',
    cell: (notice) => notice.text,
    cellProps: { maw: 360, style: { overflowWrap: 'anywhere' } },
  },
  {
    header: 'Categoria',
    cell: (notice) => NOTICE_CATEGORY_LABELS[notice.category] ?? notice.category,
  },
  // Wide enough that 'Inativa' is never cut to an ellipsis.
  badgeColumn(
    'Status',
    (notice) => ({ label: notice.active ? 'Ativa' : 'Inativa', color: activeColor(notice.active) }),
    112,
  ),
];

/** SPEC "Notice management" (/admin/notices). */
export default function NoticesPage() {
  const noticesQuery = useNoticesQuery();
  const rows = useAdminRows({
    all: noticesQueryKey,
    update: useUpdateNotice(),
    remove: useDeleteNotice(),
  });
  const [categoryFilter, setCategoryFilter] = useState<CategoryFilter>('all');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const formModal = useFormModal<Notice>();

  const notices = noticesQuery.data ?? [];
  const counts = countNotices(notices);
  const visibleNotices = notices.filter((notice) =>
    matchesFilters(notice, categoryFilter, statusFilter),
  );

  return (
    <AdminPage
      title="Gestão de Notificações"
      action={<Button onClick={() => formModal.open(null)}>+ Nova notice</Button>}
      query={noticesQuery}
      counters={[
        {
          cols: { base: 1, xs: 3 },
          items: [
            { label: 'Total de notices', value: counts.total },
            { label: 'Ativas', value: counts.active },
            { label: 'Inativas', value: counts.inactive },
          ],
        },
        {
          cols: { base: 2, sm: 4 },
          items: NOTICE_CATEGORIES.map((category) => ({
            label: NOTICE_CATEGORY_LABELS[category],
            value: counts.byCategory[category],
          })),
        },
      ]}
      toolbar={
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
      }
      modals={<NoticeFormModal {...formModal.props} notice={formModal.editing} />}
    >
      <AdminTable
        query={noticesQuery}
        loadingText="Carregando notices..."
        errorText={NOTICE_MESSAGES.loadFailed}
        empty={{
          title: 'Nenhuma notice encontrada',
          description:
            notices.length === 0
              ? 'Adicione uma nova notice para começar'
              : 'Nenhuma notice corresponde aos filtros escolhidos',
        }}
        columns={COLUMNS}
        rows={visibleNotices}
        minWidth={860}
        actions={(notice) =>
          rows.actionsFor({
            id: notice.id,
            label: notice.title,
            onEdit: () => formModal.open(notice),
            toggle: {
              active: notice.active,
              changes: { active: !notice.active },
              success: notice.active ? 'Notice inativada.' : 'Notice ativada.',
              fallback: NOTICE_MESSAGES.toggleFailed,
            },
            remove: {
              title: noticeDeleteConfirmation(notice.title),
              successMessage: 'Notice excluída.',
              fallback: NOTICE_MESSAGES.deleteFailed,
            },
          })
        }
      />
    </AdminPage>
  );
}

import { Button, Group, Select } from '@mantine/core';
import {
  countNotices,
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_MESSAGES,
  noticeDeleteConfirmation,
  type Notice,
  type NoticeCategory,
  type NoticeUpdate,
} from '@portal/domain';
import { useState } from 'react';
import { noticeMutations, useNoticesQuery } from '../../api/notices';
import { CATEGORY_OPTIONS, NoticeFormModal } from './notice-form-modal';
import * as Admin from '../../components/admin';

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
const COLUMNS: Admin.AdminColumn<Notice>[] = [
  Admin.idColumn(),
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
  Admin.badgeColumn(
    'Status',
    (notice) => ({
      label: notice.active ? 'Ativa' : 'Inativa',
      color: Admin.activeColor(notice.active),
    }),
    112,
  ),
];

const ROWS: Admin.AdminRows<Notice, NoticeUpdate> = {
  resource: noticeMutations,
  label: (notice) => notice.title,
  deleteTitle: noticeDeleteConfirmation,
  toggle: Admin.activeToggle,
};

/** When notices exist but none matches the filters, the empty state says so. */
const FILTERED_MESSAGES = { ...NOTICE_MESSAGES, emptyHint: NOTICE_MESSAGES.noMatch };

/** SPEC "Notice management" (/admin/notices). */
export default function NoticesPage() {
  const noticesQuery = useNoticesQuery();
  const rows = Admin.useAdminRows(ROWS);
  const [categoryFilter, setCategoryFilter] = useState<CategoryFilter>('all');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');

  const notices = noticesQuery.data ?? [];
  const counts = countNotices(notices);
  const visibleNotices = notices.filter((notice) =>
    matchesFilters(notice, categoryFilter, statusFilter),
  );

  return (
    <Admin.AdminPage
      title="Gestão de Notificações"
      action={<Button onClick={rows.create}>+ Nova notice</Button>}
      query={noticesQuery}
      counters={[
        Admin.statusCounters('Total de notices', counts, ['Ativas', 'Inativas']),
        NOTICE_CATEGORIES.map((category) => ({
          label: NOTICE_CATEGORY_LABELS[category],
          value: counts.byCategory[category],
        })),
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
      modals={<NoticeFormModal {...rows.form.props} notice={rows.form.editing} />}
    >
      <Admin.AdminTable
        list={{ query: noticesQuery, rows: visibleNotices }}
        columns={COLUMNS}
        minWidth={860}
        rows={notices.length === 0 ? rows : { ...rows, messages: FILTERED_MESSAGES }}
      />
    </Admin.AdminPage>
  );
}

import {
  countNotices,
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_MESSAGES,
  normalizeForComparison,
  type Notice,
  type NoticeCategory,
} from '@portal/domain';
import { noticeMutations, useNoticesQuery } from '../../../api/people/notices';
import { CATEGORY_OPTIONS, NoticeFormModal } from './notice-form-modal';
import * as Admin from '../../../components/admin';

/** Category, status and search live in the URL (issue 12); the few notices are filtered here. */
const NOTICES_LIST: Admin.ListDefinition<{ category?: NoticeCategory; status?: NoticeStatus }> = {
  searchLabel: 'Buscar por título ou texto',
  filters: [
    {
      name: 'categoria',
      label: 'Categoria',
      param: 'category',
      options: CATEGORY_OPTIONS,
      allLabel: 'Todas',
    },
    {
      name: 'status',
      label: 'Status',
      param: 'status',
      options: [
        { value: 'active', label: 'Ativas' },
        { value: 'inactive', label: 'Inativas' },
      ],
    },
  ],
};

type NoticeStatus = 'active' | 'inactive';

function matchesFilters(
  notice: Notice,
  search: string,
  { category, status }: { category?: NoticeCategory; status?: NoticeStatus },
): boolean {
  if (category && notice.category !== category) return false;
  if (status && notice.active !== (status === 'active')) return false;
  return search === '' || normalizeForComparison(`${notice.title} ${notice.text}`).includes(search);
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

/** When notices exist but none matches the filters, the empty state says so. */
const FILTERED_MESSAGES = { ...NOTICE_MESSAGES, emptyHint: NOTICE_MESSAGES.noMatch };

/** SPEC "Notice management" (/admin/notices). */
export default function NoticesPage() {
  const noticesQuery = useNoticesQuery();
  const rows = Admin.useAdminRows({ resource: noticeMutations, toggle: Admin.activeToggle });
  const list = Admin.useListRequest(NOTICES_LIST);

  const notices = noticesQuery.data ?? [];
  const counts = countNotices(notices);
  // Case and accents ignored, as in every other search of the app.
  const search = normalizeForComparison(list.params.q);
  const visibleNotices = notices.filter((notice) => matchesFilters(notice, search, list.request));

  return (
    <Admin.AdminPage
      title="Gestão de Notificações"
      create="+ Nova notice"
      counters={{
        rows: [
          Admin.statusCounters('Total de notices', counts, ['Ativas', 'Inativas']),
          NOTICE_CATEGORIES.map((category) => ({
            label: NOTICE_CATEGORY_LABELS[category],
            value: counts.byCategory[category],
          })),
        ],
      }}
      modals={<NoticeFormModal {...rows.form.props} notice={rows.form.editing} />}
      table={{
        list: { ...list, query: noticesQuery, rows: visibleNotices },
        columns: COLUMNS,
        minWidth: 860,
        rows: notices.length === 0 ? rows : { ...rows, messages: FILTERED_MESSAGES },
      }}
    />
  );
}

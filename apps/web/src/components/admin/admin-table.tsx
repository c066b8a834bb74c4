import { Badge, Table, UnstyledButton, type TableTdProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowActions, type RowActionsProps } from '../row-actions';
import { QueryContent, type ListQueryState } from './query-content';
import { ListPagination } from './list-toolbar';
import type { ListParams, ListState, ListView } from './list-view';

/** One column of an admin table, declared as data by its page. */
export interface AdminColumn<T> {
  /** SPEC's header text ('Limite Sessões'). */
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /**
   * The URL's sort values this header switches between (the toolbar's 'Ordenar por' options):
   * a click sorts one way, the next the other way, the next back to the list's own order.
   */
  sort?: { asc?: string; desc?: string };
  /** A fixed or minimum width ('Inativa' never cut to an ellipsis). */
  width?: number;
  /** Left out below the `sm` breakpoint, where the table would scroll sideways for it. */
  hiddenOnPhone?: boolean;
  /** The cells' own props (weight, maximum width, wrapping). */
  cellProps?: TableTdProps;
}

/** A list's texts: the domain's `*_MESSAGES` carry them. */
export interface ListMessages {
  /** SPEC's loading text, e.g. 'Carregando serviços...'. */
  loading: string;
  /** SPEC's load failure text; 'Tentar novamente' asks again. */
  loadFailed: string;
  /** The empty state's title, and its hint. */
  empty: string;
  emptyHint?: string;
}

/** What a table shows: its query's state and rows, and for a list the server pages, its pages. */
export interface TableList<T> {
  query: ListQueryState;
  /** The rows shown (the page the server answered, or the filtered list). */
  rows: readonly T[];
  /** The URL's list state, for sortable headers; with `view`, the pages under the table. */
  params?: ListParams;
  view?: ListView<T>;
  /** The list's definition (useServerList): the page shows its ListToolbar above the table. */
  definition?: ListState['definition'];
}

export interface AdminTableProps<T extends { id: number }> {
  list: TableList<T>;
  columns: readonly AdminColumn<T>[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /**
   * The rows' Editar, Inativar/Ativar and Excluir in a last 'Ações' column, and the list's texts
   * (useAdminRows); a table without actions gives its texts alone.
   */
  rows:
    | { actionsFor: (row: T) => RowActionsProps; messages: ListMessages }
    | { actionsFor?: undefined; messages: ListMessages };
  /** No stripes or hover tint (they would cost links their contrast in dark mode). */
  plain?: boolean;
  /** Headers in capitals, as SPEC writes Prompt - AI's ('código' reads CÓDIGO). */
  uppercaseHeaders?: boolean;
}

/** The row's id, as most admin tables show it first. */
export function idColumn<T extends { id: number }>(header = '#'): AdminColumn<T> {
  return { header, cell: (row) => row.id };
}

/**
 * A status as a badge. The dot variant keeps the label in the normal text colour (AA in both
 * schemes).
 */
export function badgeColumn<T>(
  header: string,
  badge: (row: T) => { label: string; color: string },
  width?: number,
): AdminColumn<T> {
  return {
    header,
    width,
    cell: (row) => {
      const { label, color } = badge(row);
      return (
        <Badge variant="dot" color={color}>
          {label}
        </Badge>
      );
    },
  };
}

/** 'Ativo'/'Inativo' and the like: green when active, grey otherwise. */
export const activeColor = (active: boolean) => (active ? 'green' : 'gray');

type SortDirection = 'ascending' | 'descending' | 'none';

function sortState(column: AdminColumn<unknown>, current: string): SortDirection {
  if (column.sort?.asc !== undefined && column.sort.asc === current) return 'ascending';
  if (column.sort?.desc !== undefined && column.sort.desc === current) return 'descending';
  return 'none';
}

/** The next of asc → desc → the list's own order, skipping the ways the column lacks. */
function nextSort(sort: NonNullable<AdminColumn<unknown>['sort']>, state: SortDirection): string {
  if (state === 'none') return sort.asc ?? sort.desc ?? '';
  if (state === 'ascending') return sort.desc ?? '';
  return '';
}

const SORT_ICONS = { ascending: IconArrowUp, descending: IconArrowDown, none: IconArrowsSort };

interface HeaderCellProps<T> {
  column: AdminColumn<T>;
  params?: ListParams;
  uppercase: boolean;
}

function HeaderCell<T>({ column, params, uppercase }: HeaderCellProps<T>) {
  const visibility = {
    ...(column.hiddenOnPhone ? { visibleFrom: 'sm' } : {}),
    ...(uppercase ? { tt: 'uppercase' as const } : {}),
  };
  const sort = column.sort;
  if (!sort || !params) {
    return (
      <Table.Th miw={column.width} {...visibility}>
        {column.header}
      </Table.Th>
    );
  }
  const state = sortState(column as AdminColumn<unknown>, params.sort);
  const Icon = SORT_ICONS[state];
  return (
    <Table.Th miw={column.width} aria-sort={state} {...visibility}>
      <UnstyledButton
        fw="inherit"
        fz="inherit"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        onClick={() => params.set({ sort: nextSort(sort, state) })}
      >
        {column.header}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The table of an admin page, from its columns: SPEC's loading text, the error with 'Tentar
 * novamente' and the empty state (QueryContent), the headers (sortable where a column says how),
 * the rows with their busy-per-row actions, and the pages when the list has more than one.
 */
export function AdminTable<T extends { id: number }>({
  list: { query, rows, params, view },
  rows: { actionsFor: actions, messages },
  columns,
  minWidth,
  plain = false,
  uppercaseHeaders = false,
}: AdminTableProps<T>) {
  return (
    <QueryContent
      query={query}
      loadingText={messages.loading}
      errorText={messages.loadFailed}
      isEmpty={rows.length === 0}
      empty={{ title: messages.empty, description: messages.emptyHint }}
    >
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped={!plain} highlightOnHover={!plain} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell
                  key={column.header}
                  column={column}
                  params={params}
                  uppercase={uppercaseHeaders}
                />
              ))}
              {actions ? <Table.Th>Ações</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.id}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    miw={column.width}
                    {...(column.hiddenOnPhone ? { visibleFrom: 'sm' } : {})}
                    {...column.cellProps}
                  >
                    {column.cell(row, index)}
                  </Table.Td>
                ))}
                {actions ? (
                  <Table.Td>
                    <RowActions {...actions(row)} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {params && view ? <ListPagination params={params} view={view} /> : null}
    </QueryContent>
  );
}

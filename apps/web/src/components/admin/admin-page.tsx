import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatCard } from '../stat-card';
import { usePageTitle } from '../use-page-title';
import { AdminTable, type AdminTableProps } from './admin-table';
import { ListToolbar } from './list-toolbar';
import type { ListQueryState } from './query-content';

export interface Counter {
  label: string;
  value: number;
  hint?: ReactNode;
}

/** The counters under the title, computed from a loaded list. */
export interface Counters {
  /**
   * The query they are computed from, when it is not the table's (a whole list above a server
   * page): they wait for it and never show a false 0.
   */
  query?: ListQueryState;
  /** Rows of counters, each row one grid. */
  rows: readonly (readonly Counter[])[];
  /** A card of the page's own at the end of the last row (the trainings' 'Por categoria'). */
  extra?: ReactNode;
}

interface AdminPageBase {
  /** The page's h1 and the document title. */
  title: string;
  counters?: Counters;
  /** Search, filters above the content; a table's list with a definition has its ListToolbar. */
  toolbar?: ReactNode;
  /** Modals of the page (forms), rendered after the content. */
  modals?: ReactNode;
}

/** A page whose content is its own (the procedures' groups, Prompt - AI's list and details). */
interface AdminContentPageProps extends AdminPageBase {
  /** The button beside the title. */
  action?: ReactNode;
  children: ReactNode;
  /** False when the content brings its own panels (the procedures' groups). */
  panel?: boolean;
  table?: undefined;
}

/** A page whose content is the table of a resource's rows (useAdminRows). */
interface AdminTablePageProps<T extends { id: number }> extends AdminPageBase {
  table: AdminTableProps<T> & { rows: { create: () => void } };
  /** The create button's text ('+ Novo Serviço'): it opens the rows' form. */
  create: string;
}

export type AdminPageProps<T extends { id: number }> =
  AdminContentPageProps | AdminTablePageProps<T>;

/** 'Total de serviços', 'Ativos', 'Inativos': the first counters of a list with a status. */
export function statusCounters(
  totalLabel: string,
  counts: { total: number; active: number; inactive: number },
  [activeLabel, inactiveLabel] = ['Ativos', 'Inativos'],
): Counter[] {
  return [
    { label: totalLabel, value: counts.total },
    { label: activeLabel, value: counts.active },
    { label: inactiveLabel, value: counts.inactive },
  ];
}

/**
 * Columns of a row of counters: up to three side by side from the smallest phones on; four in
 * two columns on a phone, or, with a wide card of the page's own, one above the other.
 */
function counterColumns(cards: number, withExtra: boolean): Record<string, number> {
  if (cards <= 3) return { base: 1, xs: cards };
  return withExtra ? { base: 1, xs: 2, md: 4 } : { base: 2, sm: 4 };
}

/**
 * The frame every admin page shares (SPEC section 3): title and create button, counters that show
 * a skeleton while loading and a dash on error, then the table in a bordered panel.
 */
export function AdminPage<T extends { id: number }>(props: AdminPageProps<T>) {
  const { title, counters, modals, table } = props;
  usePageTitle(title);
  const query = counters?.query ?? table?.list.query;
  const list = table?.list;
  const toolbar =
    props.toolbar ??
    (list?.params && list.definition ? (
      <ListToolbar list={{ params: list.params, definition: list.definition }} />
    ) : null);
  const action = props.table ? (
    <Button onClick={props.table.rows.create}>{props.create}</Button>
  ) : (
    props.action
  );
  const content = props.table ? <AdminTable {...props.table} /> : props.children;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {action}
      </Group>
      {counters?.rows.map((row, index) => {
        const extra = index === counters.rows.length - 1 ? counters.extra : undefined;
        return (
          <SimpleGrid
            key={index}
            cols={counterColumns(row.length + (extra ? 1 : 0), Boolean(extra))}
          >
            {row.map((counter) => (
              <StatCard
                key={counter.label}
                label={counter.label}
                value={counter.value}
                hint={counter.hint}
                loading={query?.isPending ?? false}
                unavailable={query?.isError ?? false}
              />
            ))}
            {extra}
          </SimpleGrid>
        );
      })}
      {toolbar}
      {props.table || props.panel !== false ? (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {content}
        </Paper>
      ) : (
        content
      )}
      {modals}
    </Stack>
  );
}

import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { StatCard } from '../stat-card';
import { usePageTitle } from '../use-page-title';

/** What the shell needs to know of the page's main query. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface Counter {
  label: string;
  value: number;
  hint?: ReactNode;
}

export interface AdminPageProps {
  /** The page's h1 and the document title. */
  title: string;
  /** The create button ('+ Novo Serviço'), beside the title. */
  action?: ReactNode;
  /** Rows of counters (each row is one grid), computed from the loaded list. */
  counters?: readonly (readonly Counter[])[];
  /** A card of the page's own at the end of the last row (the trainings' 'Por categoria'). */
  counterExtra?: ReactNode;
  /** The query the counters are computed from: they wait for it and never show a false 0. */
  query: ListQueryState;
  /** Search, filters (ListToolbar), above the table. */
  toolbar?: ReactNode;
  children: ReactNode;
  /** False when the content brings its own panels (the procedures' groups). */
  panel?: boolean;
  /** Modals of the page (forms), rendered after the content. */
  modals?: ReactNode;
}

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
export function AdminPage({
  title,
  action,
  counters = [],
  counterExtra,
  query,
  toolbar,
  children,
  panel = true,
  modals,
}: AdminPageProps) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {action}
      </Group>
      {counters.map((row, index) => {
        const extra = index === counters.length - 1 ? counterExtra : undefined;
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
                loading={query.isPending}
                unavailable={query.isError}
              />
            ))}
            {extra}
          </SimpleGrid>
        );
      })}
      {toolbar}
      {panel ? (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          {children}
        </Paper>
      ) : (
        children
      )}
      {modals}
    </Stack>
  );
}

export interface QueryContentProps {
  query: ListQueryState;
  /** SPEC's loading text, e.g. 'Carregando serviços...'. */
  loadingText: string;
  /** SPEC's load failure text; 'Tentar novamente' asks again. */
  errorText: string;
  isEmpty: boolean;
  empty: { title: string; description?: string };
  children: ReactNode;
}

/** Loading, error with 'Tentar novamente', empty state, or the table. */
export function QueryContent({
  query,
  loadingText,
  errorText,
  isEmpty,
  empty,
  children,
}: QueryContentProps) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{loadingText}</Text>
        </Group>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty) return <EmptyState title={empty.title} description={empty.description} />;
  return <>{children}</>;
}

import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state';

/** What the shell needs to know of the page's main query. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
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

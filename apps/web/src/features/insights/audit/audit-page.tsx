import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  formatDateTimeBR,
  type AuditEntity,
  type AuditEntry,
} from '@portal/domain';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  auditEntriesQueryOptions,
  auditPeopleQueryOptions,
  verifyAuditChain,
} from '../../../api/insights/audit';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { AuditChanges } from './audit-changes';

export const AUDIT_PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const ENTITY_OPTIONS = AUDIT_ENTITIES.map((entity) => ({
  value: entity,
  label: AUDIT_ENTITY_LABELS[entity],
}));

function isEntity(value: string | null): value is AuditEntity {
  return AUDIT_ENTITIES.some((entity) => entity === value);
}

/** The filters live in the URL: a filtered view can be reloaded, shared and gone back to. */
function useAuditSearch() {
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity');
  const actor = Number(params.get('actor_id'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const filter = {
    entity: isEntity(entity) ? entity : undefined,
    actorId: Number.isInteger(actor) && actor > 0 ? actor : undefined,
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
  };
  /** Sets one parameter (empty removes it); any filter change goes back to the first page. */
  const set = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
      return next;
    });
  return { filter, page, set };
}

function actorLabel(entry: AuditEntry): string {
  // Null actor: the system, or the client on her link (the API names her so).
  if (entry.actor_id === null) return entry.actor_name ?? 'Sistema';
  return entry.actor_name ?? `Usuário #${entry.actor_id}`;
}

export default function AuditPage() {
  usePageTitle('Auditoria');
  const { filter, page, set } = useAuditSearch();
  const entriesQuery = useQuery(
    auditEntriesQueryOptions({
      ...filter,
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    }),
  );
  const peopleQuery = useQuery(auditPeopleQueryOptions());
  const verify = useMutation({ mutationFn: verifyAuditChain });

  const people = (peopleQuery.data ?? []).map((user) => ({
    value: String(user.id),
    label: user.name,
  }));
  const total = entriesQuery.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  let content;
  if (entriesQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando registros...</Text>
        </Group>
      </Center>
    );
  } else if (entriesQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {errorMessage(entriesQuery.error, {
              fallback: 'Não foi possível carregar a auditoria agora.',
            })}
          </Text>
          <Button size="xs" variant="default" onClick={() => void entriesQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (entriesQuery.data.items.length === 0) {
    content = (
      <EmptyState
        title="Nenhum registro encontrado"
        description="Nenhuma alteração corresponde a esses filtros."
      />
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Pessoa</Table.Th>
              <Table.Th>Registro</Table.Th>
              <Table.Th>Ação</Table.Th>
              <Table.Th>Alterações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entriesQuery.data.items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeBR(entry.at)}</Table.Td>
                <Table.Td>{actorLabel(entry)}</Table.Td>
                <Table.Td>
                  {AUDIT_ENTITY_LABELS[entry.entity]} #{entry.entity_id}
                </Table.Td>
                <Table.Td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</Table.Td>
                <Table.Td>
                  <AuditChanges before={entry.before} after={entry.after} />
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
          Auditoria
        </Title>
        <Button
          variant="default"
          leftSection={<IconShieldCheck size={18} aria-hidden />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
        >
          Verificar integridade
        </Button>
      </Group>

      {verify.isSuccess ? (
        verify.data.ok ? (
          <Alert color="green" icon={<IconShieldCheck aria-hidden />} role="status">
            {/* Body text, not a title: Mantine's green title fails AA contrast (axe). */}
            <Text fw={700} size="sm">
              Trilha íntegra
            </Text>
            <Text size="sm">
              {verify.data.checked} registro(s) verificado(s); nenhuma alteração fora do sistema.
            </Text>
          </Alert>
        ) : (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            <Text fw={700} size="sm">
              Trilha adulterada
            </Text>
            <Text size="sm">
              O registro #{verify.data.first_broken_id}{' '}
              {verify.data.problem === 'missing' ? 'foi apagado' : 'foi alterado fora do sistema'} (
              {verify.data.checked} registro(s) verificado(s)).
            </Text>
          </Alert>
        )
      ) : null}
      {verify.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(verify.error, { fallback: 'Não foi possível verificar agora.' })}
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Entidade"
            placeholder="Todas"
            data={ENTITY_OPTIONS}
            value={filter.entity ?? null}
            onChange={(value) => set('entity', value)}
            clearable
            w={{ base: '100%', sm: 200 }}
          />
          <Select
            label="Pessoa"
            placeholder="Todas"
            data={people}
            value={filter.actorId !== undefined ? String(filter.actorId) : null}
            onChange={(value) => set('actor_id', value)}
            searchable
            clearable
            nothingFoundMessage="Ninguém com esse nome"
            w={{ base: '100%', sm: 240 }}
          />
          <TextInput
            type="date"
            label="De"
            value={filter.from ?? ''}
            onChange={(event) => set('from', event.currentTarget.value)}
            w={{ base: '100%', sm: 170 }}
          />
          <TextInput
            type="date"
            label="Até"
            value={filter.to ?? ''}
            onChange={(event) => set('to', event.currentTarget.value)}
            w={{ base: '100%', sm: 170 }}
          />
        </Group>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          {content}
          {entriesQuery.isSuccess && total > 0 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {total} registro(s)
              </Text>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => set('page', next > 1 ? String(next) : null)}
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? 'Próxima página' : 'Página anterior',
                })}
              />
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

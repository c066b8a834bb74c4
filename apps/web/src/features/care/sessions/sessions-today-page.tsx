import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ContractSummary } from '@portal/domain';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useContractListQuery,
  useContractQuery,
  useDaySessionsQuery,
  useRecordSessionMutation,
} from '../../../api/care/contracts';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { ContractModal, RecordSessionForm, todayInSaoPaulo } from '../components/contract-dialogs';

/**
 * 'Sessões de hoje' (issue 28): the front desk finds a client among the unit's active contracts
 * and records a session in two taps on a phone (the contract, then the procedure: today, by the
 * signed-in professional); below, the sessions recorded today.
 */
export default function SessionsTodayPage() {
  usePageTitle('Sessões de hoje');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const contracts = useContractListQuery({ status: 'ativo', q, limit: 20 }, q.length >= 2);
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = q.length >= 2 ? (contracts.data?.items ?? []) : [];
  // One match: it is open already, so the procedure is the first tap.
  const shownId = rows.length === 1 ? (rows[0]?.id ?? null) : openId;

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          Sessões de hoje
        </Title>
        <Text c="dimmed" size="sm">
          {formatCalendarDay(todayInSaoPaulo())} · busque a cliente e toque no procedimento
        </Text>
      </div>
      <TextInput
        label="Cliente"
        placeholder="Digite o nome da cliente"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        size="md"
        type="search"
        autoComplete="off"
      />
      <section aria-label="Contratos ativos encontrados" aria-live="polite">
        {q.length < 2 ? null : contracts.isPending ? (
          <Skeleton h={64} role="status" aria-label="Buscando contratos" />
        ) : contracts.isError ? (
          <LoadErrorAlert
            text="Não foi possível buscar os contratos."
            onRetry={() => contracts.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum contrato ativo para &quot;{q}&quot;.
          </Text>
        ) : (
          <Stack gap="xs">
            {rows.map((row) => (
              <ContractResult
                key={row.id}
                row={row}
                open={shownId === row.id}
                onToggle={() => setOpenId(shownId === row.id ? null : row.id)}
              />
            ))}
          </Stack>
        )}
      </section>
      <TodaySessions />
    </Stack>
  );
}

const remainingText = (count: number) =>
  count === 1 ? '1 sessão restante' : `${count} sessões restantes`;

function ContractResult({
  row,
  open,
  onToggle,
}: {
  row: ContractSummary;
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = `contrato-${row.id}-procedimentos`;
  return (
    <Paper withBorder radius="md">
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={panelId}
        w="100%"
        p="sm"
        style={{ minHeight: 56 }}
      >
        <Group justify="space-between" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {row.client.full_name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {row.package_name} · {remainingText(row.sessions_total - row.sessions_used)}
            </Text>
          </div>
          {open ? (
            <IconChevronDown size={20} aria-hidden />
          ) : (
            <IconChevronRight size={20} aria-hidden />
          )}
        </Group>
      </UnstyledButton>
      {open ? (
        <div id={panelId}>
          <Procedures contractId={row.id} />
        </div>
      ) : null}
    </Paper>
  );
}

/** The contract's procedures: one tap records a session today by the signed-in professional. */
function Procedures({ contractId }: { contractId: number }) {
  const contract = useContractQuery(contractId);
  const record = useRecordSessionMutation(contractId);
  const [form, setForm] = useState<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);

  if (contract.isPending)
    return <Skeleton h={48} m="sm" role="status" aria-label="Carregando procedimentos" />;
  if (contract.isError) {
    return (
      <Text size="sm" c="red" p="sm">
        {errorMessage(contract.error, { fallback: 'Não foi possível carregar o contrato.' })}
      </Text>
    );
  }
  const data = contract.data;
  const recordNow = (serviceId: number, name: string) => {
    setPending(serviceId);
    record.mutate(
      { service_id: serviceId },
      {
        onSuccess: () =>
          notifications.show({ message: `Sessão registrada: ${name} · ${data.client.full_name}.` }),
        onError: (error) => {
          // A clinical block needs a reason: the full form asks for it.
          if (error instanceof ApiError && error.status === 422) setForm(serviceId);
          else {
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: 'Não foi possível registrar a sessão.' }),
            });
          }
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Stack gap="xs" px="sm" pb="sm">
      {data.entitlements.map((line) => (
        <Group key={line.service_id} justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {line.name}
            </Text>
            <Text size="xs" c="dimmed">
              {line.sessions_remaining} de {line.sessions_total} restantes
              {line.next_allowed_date && line.next_allowed_date > todayInSaoPaulo()
                ? ` · próxima a partir de ${formatCalendarDay(line.next_allowed_date)}`
                : ''}
            </Text>
          </div>
          <Button
            size="md"
            disabled={line.sessions_remaining <= 0}
            loading={pending === line.service_id}
            onClick={() => recordNow(line.service_id, line.name)}
            aria-label={`Registrar sessão de ${line.name} hoje`}
          >
            Registrar
          </Button>
        </Group>
      ))}
      <Group justify="space-between">
        <Anchor component={Link} to={`/contratos/${data.id}`} size="sm">
          Abrir contrato {data.number}
        </Anchor>
        <Anchor component="button" size="sm" onClick={() => setForm(0)}>
          Outra data ou profissional
        </Anchor>
      </Group>
      <ContractModal opened={form !== null} onClose={() => setForm(null)} title="Registrar sessão">
        <RecordSessionForm
          contract={data}
          serviceId={form || undefined}
          onDone={() => setForm(null)}
          onCancel={() => setForm(null)}
        />
      </ContractModal>
    </Stack>
  );
}

function TodaySessions() {
  const sessions = useDaySessionsQuery(null);
  return (
    <section aria-labelledby="registradas-hoje">
      <Title order={2} size="h4" id="registradas-hoje" mb="xs">
        Registradas hoje
      </Title>
      {sessions.isPending ? (
        <Skeleton h={80} role="status" aria-label="Carregando as sessões de hoje" />
      ) : sessions.isError ? (
        <LoadErrorAlert
          text="Não foi possível carregar as sessões de hoje."
          onRetry={() => sessions.refetch()}
        />
      ) : sessions.data.length === 0 ? (
        <EmptyState title="Nenhuma sessão registrada hoje." />
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data.map((session) => (
            <li key={session.entry_id}>
              <Paper withBorder radius="sm" px="sm" py={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text
                      size="sm"
                      fw={600}
                      td={session.reversed ? 'line-through' : undefined}
                      c={session.reversed ? 'dimmed' : undefined}
                    >
                      {session.client.full_name} · {session.service_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {session.professional?.name ?? 'Sem profissional'} ·{' '}
                      <Anchor component={Link} to={`/contratos/${session.contract_id}`} size="xs">
                        Contrato {session.number}
                      </Anchor>
                    </Text>
                  </div>
                  {session.reversed ? (
                    <Badge color="red" variant="light">
                      Estornada
                    </Badge>
                  ) : null}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  addDays,
  addMonths,
  formatReais,
  RECONCILIATION_DIFFERENCE_LABELS,
  reconciliationSummary,
  saoPauloDate,
  type Receivable,
  type Reconciliation,
} from '@portal/domain';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useReceivablesQuery, type ReceivablesFilters } from '../../../api/billing/payments';
import { useReconciliationsQuery } from '../../../api/billing/reconciliations';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { InstallmentStatusBadge } from '../components/contract-payments';
import { secondCopyUrl, WHATSAPP_GREEN } from '../components/second-copy';

interface ReceivableList {
  id: string;
  title: string;
  empty: string;
  filters: ReceivablesFilters;
  /** Which rows of the answer belong here (the coming list also holds what is already paid). */
  keep?: (row: Receivable) => boolean;
}

/** How far ahead 'Vencem' looks: the week by default, or the month (one of every plan). */
type Horizon = 'semana' | 'mes';

function groupsOf(today: string, horizon: Horizon): ReceivableList[] {
  const week = horizon === 'semana';
  return [
    {
      id: 'a-vencer',
      title: week ? 'Vencem esta semana' : 'Vencem no próximo mês',
      empty: week
        ? 'Nenhuma parcela vence nos próximos 7 dias.'
        : 'Nenhuma parcela vence no próximo mês.',
      filters: { from: today, to: week ? addDays(today, 6) : addMonths(today, 1) },
      keep: (row) => row.status === 'agendada' || row.status === 'solicitada',
    },
    {
      id: 'vencidas',
      title: 'Vencidas',
      empty: 'Nenhuma parcela vencida.',
      filters: { status: 'vencida' },
    },
    {
      id: 'falharam',
      title: 'Falharam',
      empty: 'Nenhuma cobrança falhou.',
      filters: { status: 'falhou' },
    },
    {
      id: 'autorizacoes',
      title: 'Pix Automático cancelado',
      empty: 'Nenhuma autorização de Pix Automático foi cancelada.',
      filters: { mandate: 'encerrada' },
    },
  ];
}

/**
 * 'Cobranças' (issue 29): what a unit has to chase, in four lists (due in the next 7 days or
 * month, overdue, failed, and the clients whose Pix Automático authorisation was cancelled,
 * refused or expired, by their next instalment), each with its WhatsApp '2ª via' and a link to
 * its contract. The server keeps a manager to their unit (GET /billing/receivables,
 * apps/api/src/auth/scope.ts). Below, each unit's latest
 * reconciliation of received Pix (GET /billing/reconciliations).
 */
export default function ReceivablesPage() {
  usePageTitle('Cobranças');
  const today = saoPauloDate(new Date());
  // Kept in the URL (?prazo=mes), so a reload or a shared link shows the same lists.
  const [params, setParams] = useSearchParams();
  const horizon: Horizon = params.get('prazo') === 'mes' ? 'mes' : 'semana';
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          Cobranças
        </Title>
        <Text c="dimmed" size="sm">
          Parcelas a cobrar em {formatCalendarDay(today)}: envie a 2ª via pelo WhatsApp.
        </Text>
      </div>
      <SegmentedControl
        aria-label="Parcelas a vencer em"
        value={horizon}
        onChange={(value) => setParams(value === 'mes' ? { prazo: 'mes' } : {}, { replace: true })}
        data={[
          { value: 'semana', label: '7 dias' },
          { value: 'mes', label: '1 mês' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {groupsOf(today, horizon).map((group) => (
        <ReceivableGroup key={group.id} group={group} />
      ))}
      <ReconciliationSection today={today} />
    </Stack>
  );
}

/** Days back the 'Conciliação' section looks for each unit's latest report. */
const RECONCILIATION_LOOKBACK_DAYS = 7;

/**
 * 'Conciliação': each unit's latest daily report of received Pix (API Pix units only): how many
 * the institution listed, how many were recovered from a lost webhook, and what did not match.
 */
function ReconciliationSection({ today }: { today: string }) {
  const query = useReconciliationsQuery({ from: addDays(today, -RECONCILIATION_LOOKBACK_DAYS) });
  const latest = new Map<string, Reconciliation>();
  for (const report of query.data ?? [])
    if (!latest.has(report.unit)) latest.set(report.unit, report);
  return (
    <Stack gap="xs" component="section" aria-labelledby="grupo-conciliacao">
      <Title order={2} size="h4" id="grupo-conciliacao">
        Conciliação
      </Title>
      {query.isPending ? (
        <Skeleton h={32} role="status" aria-label="Carregando: Conciliação" />
      ) : query.isError ? (
        <LoadErrorAlert
          text="Não foi possível carregar a conciliação."
          onRetry={() => query.refetch()}
        />
      ) : latest.size === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma conciliação nos últimos {RECONCILIATION_LOOKBACK_DAYS} dias (só unidades com API
          Pix).
        </Text>
      ) : (
        [...latest.values()].map((report) => (
          <Paper key={report.unit} withBorder radius="sm" px="sm" py="xs">
            <Text size="sm" fw={600}>
              {latest.size > 1 ? `${report.unit} · ` : ''}
              {reconciliationSummary(report)}
            </Text>
            {report.differences.length > 0 ? (
              <Stack
                gap={2}
                component="ul"
                mt={4}
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {report.differences.map((item, index) => (
                  <Text component="li" size="xs" key={`${item.kind}-${item.e2eid ?? index}`}>
                    {RECONCILIATION_DIFFERENCE_LABELS[item.kind]}: {formatReais(item.amount)}
                    {item.txid ? ` · txid ${item.txid}` : ''}
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Paper>
        ))
      )}
    </Stack>
  );
}

function ReceivableGroup({ group }: { group: ReceivableList }) {
  const query = useReceivablesQuery(group.filters);
  const rows = (query.data?.items ?? []).filter((row) => group.keep?.(row) ?? true);
  const headingId = `grupo-${group.id}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {group.title}
        {query.data ? ` (${rows.length})` : ''}
      </Title>
      {query.isPending ? (
        <Skeleton h={64} role="status" aria-label={`Carregando: ${group.title}`} />
      ) : query.isError ? (
        <LoadErrorAlert
          text="Não foi possível carregar as cobranças."
          onRetry={() => query.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {group.empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <ReceivableRow key={row.installment_id} row={row} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ReceivableRow({ row }: { row: Receivable }) {
  const whatsapp = secondCopyUrl({
    clientName: row.client.full_name,
    phone: row.client.phone,
    contractNumber: row.contract_number,
    n: row.n,
    installments: row.installments,
    amount: row.amount,
    dueDate: row.due_date,
  });
  return (
    <li aria-label={`${row.client.full_name}, parcela ${row.n}/${row.installments}`}>
      <Paper withBorder radius="sm" px="sm" py="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/contratos/${row.contract_id}`} fw={600} size="sm">
              {row.client.full_name}
            </Anchor>
            <Text size="xs" c="dimmed">
              Contrato {row.contract_number} · parcela {row.n}/{row.installments} · {row.unit}
            </Text>
            <Text size="sm">
              {formatReais(row.amount)} · vence em {formatCalendarDay(row.due_date)}
              {row.overdue_days > 0
                ? ` · ${row.overdue_days} ${row.overdue_days === 1 ? 'dia' : 'dias'} de atraso`
                : ''}
            </Text>
          </div>
          <Group gap="xs" wrap="wrap">
            <InstallmentStatusBadge status={row.status} label={row.status_label} />
            {row.mandate &&
            row.mandate.status !== 'ativa' &&
            row.mandate.status !== 'aguardando' ? (
              <Badge variant="light" color="red">
                Pix Automático: {row.mandate.status_label}
              </Badge>
            ) : null}
            {whatsapp ? (
              <Button
                component="a"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                size="compact-sm"
                color={WHATSAPP_GREEN}
                leftSection={<IconBrandWhatsapp size={14} aria-hidden />}
                aria-label={`Enviar 2ª via a ${row.client.full_name} pelo WhatsApp`}
              >
                2ª via
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                Sem telefone
              </Text>
            )}
          </Group>
        </Group>
      </Paper>
    </li>
  );
}

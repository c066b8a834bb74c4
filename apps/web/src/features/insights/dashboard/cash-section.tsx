import {
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  formatOverdueRate,
  formatReais,
  liabilityQuerySchema,
  type CashFigures,
  type CashRow,
  type Unit,
} from '@portal/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchCashCsv, useCashQuery, type CashFilters } from '../../../api/insights/cash';
import { notifyError } from '../../../components/admin/notify';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { saveBlob } from '../../../components/save-blob';
import { defaultMonths, formatMonth } from './liability-section';

const MONEY: { key: Exclude<keyof CashFigures, 'overdue_rate_bp'>; header: string }[] = [
  { key: 'received', header: 'Recebido' },
  { key: 'sold', header: 'Vendido' },
  { key: 'delivered', header: 'Entregue' },
  { key: 'overdue', header: 'Vencido' },
];

/**
 * 'Caixa' (issue 29): per month (and unit for an admin's whole network) the instalments paid,
 * the value sold and delivered, what is overdue and the overdue rate; the server's CSV.
 */
export function CashSection({ unit, showUnit }: { unit: Unit | null; showUnit: boolean }) {
  const [params, setParams] = useSearchParams();
  const defaults = defaultMonths();
  const from = params.get('caixa_de') ?? defaults.from;
  const to = params.get('caixa_ate') ?? defaults.to;
  const parsed = liabilityQuerySchema.safeParse({ from, to });
  const periodError =
    !from || !to
      ? 'Informe os dois meses do período.'
      : parsed.success
        ? null
        : (parsed.error.issues[0]?.message ?? 'Período inválido.');
  const filters: CashFilters = { from, to, unit: unit ?? undefined };
  const report = useCashQuery(filters, periodError === null);
  const guard = useSubmitGuard();
  const [exporting, setExporting] = useState(false);
  const setMonth = (key: 'caixa_de' | 'caixa_ate', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const exportCsv = () =>
    guard(async () => {
      setExporting(true);
      try {
        saveBlob(await fetchCashCsv(filters), `caixa-${from}-a-${to}.csv`);
      } catch (error) {
        notifyError(error, { fallback: 'Não foi possível exportar o CSV.' });
      } finally {
        setExporting(false);
      }
    });

  const data = periodError === null ? report.data : undefined;
  const loading = periodError === null && (report.isPending || report.isPlaceholderData);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="caixa">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="caixa">
              Caixa
            </Title>
            <Text size="sm" c="dimmed">
              O que entrou (parcelas pagas) diante do que foi vendido e entregue, e o que está
              vencido.
            </Text>
          </div>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={exportCsv}
            loading={exporting}
            disabled={periodError !== null}
            aria-label="Exportar CSV: Caixa"
          >
            CSV
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="month"
            label="De (mês)"
            value={from}
            onChange={(event) => setMonth('caixa_de', event.currentTarget.value)}
            w={{ base: '47%', xs: 170 }}
          />
          <TextInput
            type="month"
            label="Até (mês)"
            value={to}
            onChange={(event) => setMonth('caixa_ate', event.currentTarget.value)}
            w={{ base: '47%', xs: 170 }}
          />
        </Group>
        {periodError ? (
          <Text c="orange.8" size="sm" role="alert">
            {periodError}
          </Text>
        ) : report.isError && !report.data ? (
          <LoadErrorAlert
            text="Não foi possível carregar o caixa."
            onRetry={() => report.refetch()}
          />
        ) : loading ? (
          <Skeleton h={180} role="status" aria-label="Carregando o caixa" />
        ) : !data || data.rows.length === 0 ? (
          <Text c="dimmed">Nenhum movimento no período.</Text>
        ) : (
          <CashTable rows={data.rows} totals={data.totals} showUnit={showUnit} />
        )}
        <Text size="xs" c="dimmed">
          Recebido: parcelas pagas, pelo dia do pagamento. Vendido: contratos aceitos no mês, sem
          desistências e cancelamentos. Entregue: sessões realizadas pelo preço contratado. Vencido:
          parcelas com vencimento no mês ainda não pagas. Taxa de inadimplência = vencido ÷ devido
          até hoje (&apos;—&apos; quando nada venceu).
        </Text>
      </Stack>
    </Paper>
  );
}

function CashTable({
  rows,
  totals,
  showUnit,
}: {
  rows: CashRow[];
  totals: CashFigures;
  showUnit: boolean;
}) {
  const cells = (figures: CashFigures) => (
    <>
      {MONEY.map((figure) => (
        <Table.Td key={figure.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
          {formatReais(figures[figure.key])}
        </Table.Td>
      ))}
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatOverdueRate(figures.overdue_rate_bp)}
      </Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={showUnit ? 860 : 740} type="native" tabIndex={0}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label="Caixa por mês">
        <Table.Caption>Valores em reais; meses pelo horário de Brasília.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mês</Table.Th>
            {showUnit ? <Table.Th>Unidade</Table.Th> : null}
            {MONEY.map((figure) => (
              <Table.Th key={figure.key} ta="right">
                {figure.header}
              </Table.Th>
            ))}
            <Table.Th ta="right">Taxa de inadimplência</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.unit}-${row.month}`}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatMonth(row.month)}
              </Table.Th>
              {showUnit ? <Table.Td>{row.unit}</Table.Td> : null}
              {cells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            {showUnit ? <Table.Td /> : null}
            {cells(totals)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

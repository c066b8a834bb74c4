import { Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatOverdueRate,
  formatReais,
  type CashFigures,
  type CashRow,
  type Unit,
} from '@portal/domain';
import { fetchCashCsv, useCashQuery, type CashFilters } from '../../../api/insights/cash';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatMonth } from './liability-section';
import {
  defaultMonths,
  ReportCsvButton,
  ReportMonthFields,
  useReportMonths,
} from './report-months';

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
  const months = useReportMonths('caixa', defaultMonths());
  const { from, to, periodError } = months;
  const filters: CashFilters = { from, to, unit: unit ?? undefined };
  const report = useCashQuery(filters, periodError === null);

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
          <ReportCsvButton
            report="Caixa"
            months={months}
            fetchCsv={() => fetchCashCsv(filters)}
            fileName={`caixa-${from}-a-${to}.csv`}
          />
        </Group>
        <ReportMonthFields months={months} />
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

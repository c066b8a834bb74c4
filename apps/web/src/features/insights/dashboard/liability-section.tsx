import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CONTRACT_STATUS_LABELS,
  formatReais,
  type LiabilityFigures,
  type LiabilityRow,
  type Unit,
} from '@portal/domain';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  fetchLiabilityCsv,
  useLiabilityContractsQuery,
  useLiabilityQuery,
  type LiabilityFilters,
} from '../../../api/insights/liability';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import {
  defaultMonths,
  ReportCsvButton,
  ReportMonthFields,
  useReportMonths,
} from './report-months';

const MONTH_NAMES = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
];

/** 'mar/2026' from '2026-03'. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTH_NAMES[Number(number) - 1] ?? number}/${year}`;
}

/** The figure columns, in the order the report defines closing from opening. */
const FIGURES: { key: keyof LiabilityFigures; header: string }[] = [
  { key: 'opening', header: 'Saldo inicial' },
  { key: 'sold', header: 'Vendido' },
  { key: 'delivered_value', header: 'Entregue' },
  { key: 'delivered_cost', header: 'Custo entregue' },
  { key: 'delivered_margin', header: 'Margem entregue' },
  { key: 'refunded', header: 'Reembolsado' },
  { key: 'expired', header: 'Expirado' },
  { key: 'cancelled_retained', header: 'Retido (cancelamentos)' },
  { key: 'closing', header: 'Saldo final' },
];

/**
 * 'Passivo de sessões' (issue 28): per month (and unit for an admin's whole network) what was
 * sold, delivered, refunded and expired, and what is still owed; the margin actually delivered;
 * the CSV of the server; a row's contracts on demand.
 */
export function LiabilitySection({ unit, showUnit }: { unit: Unit | null; showUnit: boolean }) {
  const months = useReportMonths('passivo', defaultMonths());
  const { from, to, periodError } = months;
  const filters: LiabilityFilters = { from, to, unit: unit ?? undefined };
  const report = useLiabilityQuery(filters, periodError === null);
  const [drill, setDrill] = useState<LiabilityRow | null>(null);

  const data = periodError === null ? report.data : undefined;
  const loading = periodError === null && (report.isPending || report.isPlaceholderData);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="passivo">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="passivo">
              Passivo de sessões
            </Title>
            <Text size="sm" c="dimmed">
              O que foi vendido e ainda é devido, e a margem realmente entregue, pelo preço
              contratado.
            </Text>
          </div>
          <ReportCsvButton
            report="Passivo de sessões"
            months={months}
            fetchCsv={() => fetchLiabilityCsv(filters)}
            fileName={`passivo-${from}-a-${to}.csv`}
          />
        </Group>
        <ReportMonthFields months={months} />
        {periodError ? (
          <Text c="orange.8" size="sm" role="alert">
            {periodError}
          </Text>
        ) : report.isError && !report.data ? (
          <LoadErrorAlert
            text="Não foi possível carregar o passivo."
            onRetry={() => report.refetch()}
          />
        ) : loading ? (
          <Skeleton h={220} role="status" aria-label="Carregando o passivo" />
        ) : !data || data.rows.length === 0 ? (
          <Text c="dimmed">Nenhum contrato no período.</Text>
        ) : (
          <LiabilityTable
            rows={data.rows}
            totals={data.totals}
            showUnit={showUnit}
            onDrill={setDrill}
          />
        )}
      </Stack>
      <DrillDown row={drill} onClose={() => setDrill(null)} />
    </Paper>
  );
}

function LiabilityTable({
  rows,
  totals,
  showUnit,
  onDrill,
}: {
  rows: LiabilityRow[];
  totals: LiabilityFigures;
  showUnit: boolean;
  onDrill: (row: LiabilityRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={showUnit ? 1280 : 1180} type="native" tabIndex={0}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
        <Table.Caption>Valores em reais; meses pelo horário de Brasília.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mês</Table.Th>
            {showUnit ? <Table.Th>Unidade</Table.Th> : null}
            {FIGURES.map((figure) => (
              <Table.Th key={figure.key} ta="right">
                {figure.header}
              </Table.Th>
            ))}
            <Table.Th>
              <span style={{ position: 'absolute', left: -9999 }}>Contratos</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.unit}-${row.month}`}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatMonth(row.month)}
              </Table.Th>
              {showUnit ? <Table.Td>{row.unit}</Table.Td> : null}
              {FIGURES.map((figure) => (
                <Table.Td key={figure.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatReais(row[figure.key])}
                </Table.Td>
              ))}
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconListDetails size={14} aria-hidden />}
                  onClick={() => onDrill(row)}
                  aria-label={`Contratos de ${formatMonth(row.month)}${showUnit ? ` em ${row.unit}` : ''}`}
                >
                  Contratos
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total</Table.Th>
            {showUnit ? <Table.Td /> : null}
            {FIGURES.map((figure) => (
              <Table.Td key={figure.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatReais(totals[figure.key])}
              </Table.Td>
            ))}
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function DrillDown({ row, onClose }: { row: LiabilityRow | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const contracts = useLiabilityContractsQuery(row?.month ?? null, row?.unit ?? null);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `Contratos de ${formatMonth(row.month)} · ${row.unit}` : ''}
      size="xl"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {contracts.isPending ? (
        <Skeleton h={160} role="status" aria-label="Carregando contratos" />
      ) : contracts.isError ? (
        <LoadErrorAlert
          text="Não foi possível carregar os contratos."
          onRetry={() => contracts.refetch()}
        />
      ) : contracts.data.length === 0 ? (
        <Text c="dimmed">Nenhum contrato neste mês.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Contrato</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th ta="right">Vendido</Table.Th>
                <Table.Th ta="right">Entregue</Table.Th>
                <Table.Th ta="right">Reembolsado</Table.Th>
                <Table.Th ta="right">Expirado</Table.Th>
                <Table.Th ta="right">Saldo final</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contracts.data.map((contract) => (
                <Table.Tr key={contract.contract_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/contratos/${contract.contract_id}`} size="sm">
                      {contract.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{contract.client_name}</Table.Td>
                  <Table.Td>{CONTRACT_STATUS_LABELS[contract.status]}</Table.Td>
                  {(['sold', 'delivered_value', 'refunded', 'expired', 'closing'] as const).map(
                    (key) => (
                      <Table.Td key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatReais(contract[key])}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}

import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  formatCommissionShare,
  formatReais,
  type CommissionMarginFigures,
  type CommissionUnitRow,
  type Unit,
} from '@portal/domain';
import { Link } from 'react-router';
import {
  fetchCommissionReportCsv,
  useCommissionReportQuery,
  type CommissionReportFilters,
} from '../../../api/insights/commission-report';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatMonth } from './liability-section';
import {
  defaultMonths,
  ReportCsvButton,
  ReportMonthFields,
  useReportMonths,
} from './report-months';

const FIGURES: { key: keyof CommissionMarginFigures; header: string }[] = [
  { key: 'gross', header: 'Comissão bruta' },
  { key: 'net', header: 'Comissão líquida' },
  { key: 'sold_margin', header: 'Margem vendida' },
  { key: 'delivered_margin', header: 'Margem entregue' },
  { key: 'share_bp', header: 'Comissão ÷ margem vendida' },
];

const figureText = (figures: CommissionMarginFigures, key: keyof CommissionMarginFigures) =>
  key === 'share_bp' ? formatCommissionShare(figures.share_bp) : formatReais(figures[key]);

const unitLabel = (unit: Unit | null) => unit ?? 'Sem unidade';

/**
 * 'Comissões e margem' (issue 30): per unit (a card) and per professional (a table that scrolls
 * inside its frame on a phone) the commission of the months beside the margin it came from, each
 * professional linked to their statement on /comissoes; the server's CSV.
 */
export function CommissionSection({ unit }: { unit: Unit | null }) {
  const thisMonth = defaultMonths().to;
  const months = useReportMonths('comissao', { from: thisMonth, to: thisMonth });
  const { from, to, periodError } = months;
  const filters: CommissionReportFilters = { from, to, unit: unit ?? undefined };
  const report = useCommissionReportQuery(filters, periodError === null);

  const data = periodError === null ? report.data : undefined;
  const loading = periodError === null && (report.isPending || report.isPlaceholderData);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="comissoes-margem">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="comissoes-margem">
              Comissões e margem
            </Title>
            <Text size="sm" c="dimmed">
              A comissão de cada unidade e profissional ao lado da margem de onde ela veio.
            </Text>
          </div>
          <ReportCsvButton
            report="Comissões e margem"
            months={months}
            fetchCsv={() => fetchCommissionReportCsv(filters)}
            fileName={`comissoes-${from}-a-${to}.csv`}
          />
        </Group>
        <ReportMonthFields months={months} />
        {periodError ? (
          <Text c="orange.8" size="sm" role="alert">
            {periodError}
          </Text>
        ) : report.isError && !report.data ? (
          <LoadErrorAlert
            text="Não foi possível carregar as comissões."
            onRetry={() => report.refetch()}
          />
        ) : loading ? (
          <Skeleton h={180} role="status" aria-label="Carregando as comissões" />
        ) : !data || data.units.length === 0 ? (
          <Text c="dimmed">Nenhuma comissão nem margem no período.</Text>
        ) : (
          <Stack gap="sm">
            {data.units.map((row) => (
              <UnitCard key={row.unit ?? 'none'} row={row} statementMonth={to} />
            ))}
            {data.units.length > 1 ? <Figures label="Total da rede" figures={data.totals} /> : null}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          Comissão: a soma dos extratos dos meses ({formatMonth(from)} a {formatMonth(to)}); a
          líquida inclui os ajustes. Margem vendida: o lucro (receita líquida − custo) dos contratos
          aceitos nos meses, sem desistências e cancelamentos; do profissional, os que ele vendeu.
          Margem entregue: da unidade, a do passivo de sessões; do profissional, a parte da margem
          do contrato, pelo preço contratado, das sessões que realizou. Comissão ÷ margem vendida em
          centésimos de ponto percentual, arredondada para baixo (&apos;—&apos; sem margem vendida).
        </Text>
      </Stack>
    </Paper>
  );
}

function Figures({ label, figures }: { label: string; figures: CommissionMarginFigures }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" aria-label={label} role="group">
      {FIGURES.map((figure) => (
        <div key={figure.key}>
          <Text size="xs" c="dimmed">
            {figure.header}
          </Text>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {figureText(figures, figure.key)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function UnitCard({ row, statementMonth }: { row: CommissionUnitRow; statementMonth: string }) {
  const label = unitLabel(row.unit);
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-label={`Unidade ${label}`}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {label}
        </Title>
        <Figures label={`Totais de ${label}`} figures={row} />
        {row.professionals.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum profissional com comissão ou margem no período.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="xs"
              fz="sm"
              aria-label={`Comissões por profissional · ${label}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Profissional</Table.Th>
                  {FIGURES.map((figure) => (
                    <Table.Th key={figure.key} ta="right">
                      {figure.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {row.professionals.map((person) => (
                  <Table.Tr key={person.professional_id}>
                    <Table.Th scope="row" fw={500}>
                      <Anchor
                        component={Link}
                        to={`/comissoes?mes=${statementMonth}&profissional=${person.professional_id}`}
                        aria-label={`Ver extrato de ${person.professional_name}`}
                      >
                        {person.professional_name}
                      </Anchor>
                    </Table.Th>
                    {FIGURES.map((figure) => (
                      <Table.Td key={figure.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {figureText(person, figure.key)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

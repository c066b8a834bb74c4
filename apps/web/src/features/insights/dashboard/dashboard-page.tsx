import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Button,
  ColorSwatch,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DASHBOARD_BASES,
  DASHBOARD_BASIS_DEFINITIONS,
  DASHBOARD_BASIS_LABELS,
  DEAL_FUNNEL_LOSSES,
  DEAL_FUNNEL_STAGES,
  FIGURE_DEFINITIONS,
  formatReais,
  salesDashboardQuerySchema,
  UNITS,
  type DashboardBasis,
  type ProposalStatus,
  type SalesBlock,
  type SalesDashboard,
  type SalesDashboardQueryData,
  type SalesDeclineReason,
  type SalesFigures,
  type SalesPackage,
  type SalesProcedure,
  type SalesProfessional,
  type SalesUnit,
  type SalesWeek,
  type Unit,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fetchSalesCsv, salesDashboardQuery } from '../../../api/insights/dashboard';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { notifyError } from '../../../components/admin/notify';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { saveBlob } from '../../../components/save-blob';
import { StatCard } from '../../../components/stat-card';
import { usePageTitle } from '../../../components/use-page-title';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { isAdminProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import { DataPanel } from './data-panel';
import { CashSection } from './cash-section';
import { CommissionSection } from './commission-section';
import { LiabilitySection } from './liability-section';
import {
  csvDecimal,
  csvNumber,
  csvPct,
  formatCount,
  formatPct,
  formatRate,
  orNone,
  type DataColumn,
} from './format';
import { isPeriodPreset, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from './period';

const BLOCK_COLORS = { A: 'teal.6', B: 'blue.6', C: 'grape.6', D: 'orange.6' } as const;
const ALL = '';

/** The figure columns shared by the per-professional, per-unit and weekly tables. */
function figureColumns<T extends SalesFigures>(): DataColumn<T>[] {
  const count = (header: string, pick: (row: T) => number): DataColumn<T> => ({
    header,
    numeric: true,
    cell: (row) => formatCount(pick(row)),
    csv: (row) => csvNumber(pick(row)),
  });
  return [
    count('Criadas', (row) => row.proposals_created),
    count('Enviadas', (row) => row.proposals_sent),
    count('Aceitas', (row) => row.proposals_accepted),
    count('Recusadas', (row) => row.proposals_declined),
    {
      header: 'Conversão (%)',
      numeric: true,
      cell: (row) => orNone(row.proposals_sent > 0, () => formatRate(row.conversion_rate)),
      csv: (row) => csvPct(row.conversion_rate * 100, row.proposals_sent > 0),
    },
    {
      header: 'Valor anual aceito (R$)',
      numeric: true,
      cell: (row) => formatReais(row.accepted_annual_value),
      csv: (row) => csvDecimal(row.accepted_annual_value),
    },
    // Averages over no accepted proposal are no number: '—', an empty CSV cell.
    {
      header: 'Ticket médio (R$)',
      numeric: true,
      cell: (row) => orNone(row.proposals_accepted > 0, () => formatReais(row.average_ticket)),
      csv: (row) => (row.proposals_accepted > 0 ? csvDecimal(row.average_ticket) : ''),
    },
    {
      header: 'Margem média (%)',
      numeric: true,
      cell: (row) => orNone(row.proposals_accepted > 0, () => formatPct(row.average_margin_pct)),
      csv: (row) => csvPct(row.average_margin_pct, row.proposals_accepted > 0),
    },
  ];
}

const WEEK_COLUMNS: DataColumn<SalesWeek>[] = [
  { header: 'Semana de', cell: (row) => formatCalendarDay(row.week_start) },
  ...figureColumns<SalesWeek>(),
];
const PROFESSIONAL_COLUMNS: DataColumn<SalesProfessional>[] = [
  { header: 'Profissional', cell: (row) => row.name },
  ...figureColumns<SalesProfessional>(),
];
const UNIT_COLUMNS: DataColumn<SalesUnit>[] = [
  { header: 'Unidade', cell: (row) => row.unit },
  ...figureColumns<SalesUnit>(),
];
const BLOCK_COLUMNS: DataColumn<SalesBlock>[] = [
  { header: 'Bloco', cell: (row) => row.block },
  {
    header: 'Sessões',
    numeric: true,
    cell: (row) => formatCount(row.sessions),
    csv: (row) => csvNumber(row.sessions),
  },
  {
    header: 'Valor (R$)',
    numeric: true,
    cell: (row) => formatReais(row.value),
    csv: (row) => csvDecimal(row.value),
  },
  {
    header: 'Participação (%)',
    numeric: true,
    cell: (row) => formatRate(row.share),
    csv: (row) => csvPct(row.share * 100),
  },
];
const PROCEDURE_COLUMNS: DataColumn<SalesProcedure>[] = [
  { header: 'Procedimento', cell: (row) => row.name },
  { header: 'Bloco', cell: (row) => row.block },
  {
    header: 'Sessões',
    numeric: true,
    cell: (row) => formatCount(row.sessions),
    csv: (row) => csvNumber(row.sessions),
  },
  {
    header: 'Propostas aceitas',
    numeric: true,
    cell: (row) => formatCount(row.proposals),
    csv: (row) => csvNumber(row.proposals),
  },
  {
    header: 'Valor aceito (R$)',
    numeric: true,
    cell: (row) => formatReais(row.accepted_value),
    csv: (row) => csvDecimal(row.accepted_value),
  },
];
const PACKAGE_COLUMNS: DataColumn<SalesPackage>[] = [
  { header: 'Pacote', cell: (row) => row.name },
  {
    header: 'Aceitas',
    numeric: true,
    cell: (row) => formatCount(row.accepted_count),
    csv: (row) => csvNumber(row.accepted_count),
  },
  {
    header: 'Valor anual aceito (R$)',
    numeric: true,
    cell: (row) => formatReais(row.accepted_annual_value),
    csv: (row) => csvDecimal(row.accepted_annual_value),
  },
];
const DECLINE_COLUMNS: DataColumn<SalesDeclineReason>[] = [
  { header: 'Motivo', cell: (row) => row.label },
  {
    header: 'Recusas',
    numeric: true,
    cell: (row) => formatCount(row.count),
    csv: (row) => csvNumber(row.count),
  },
];

interface Kpi {
  label: string;
  value: (figures: SalesFigures) => string;
  /** What the figure is (packages/domain insights/dashboard-constants.ts). */
  hint?: string;
  /** The proposals behind it: the status of the 'Propostas' list it opens. */
  drill?: ProposalStatus | 'all';
}

const averaged = (f: SalesFigures) => f.proposals_accepted > 0;

const COUNT_KPIS: readonly Kpi[] = [
  {
    label: 'Propostas criadas',
    value: (f) => formatCount(f.proposals_created),
    hint: FIGURE_DEFINITIONS.proposals_created,
    drill: 'all',
  },
  {
    label: 'Enviadas',
    value: (f) => formatCount(f.proposals_sent),
    hint: FIGURE_DEFINITIONS.proposals_sent,
  },
  { label: 'Visualizadas', value: (f) => formatCount(f.proposals_viewed) },
  {
    label: 'Aceitas',
    value: (f) => formatCount(f.proposals_accepted),
    hint: FIGURE_DEFINITIONS.proposals_accepted,
    drill: 'accepted',
  },
  { label: 'Recusadas', value: (f) => formatCount(f.proposals_declined), drill: 'declined' },
  { label: 'Expiradas', value: (f) => formatCount(f.proposals_expired), drill: 'expired' },
  {
    label: 'Conversão',
    value: (f) => orNone(f.proposals_sent > 0, () => formatRate(f.conversion_rate)),
    hint: FIGURE_DEFINITIONS.conversion_rate,
  },
  {
    label: 'Abaixo da margem mínima',
    value: (f) => formatCount(f.below_min_margin_count),
    hint: FIGURE_DEFINITIONS.below_min_margin_count,
    drill: 'accepted',
  },
];

const VALUE_KPIS: readonly Kpi[] = [
  {
    label: 'Valor anual aceito',
    value: (f) => formatReais(f.accepted_annual_value),
    hint: FIGURE_DEFINITIONS.accepted_annual_value,
    drill: 'accepted',
  },
  {
    label: 'Ticket médio',
    value: (f) => orNone(averaged(f), () => formatReais(f.average_ticket)),
    hint: FIGURE_DEFINITIONS.average_ticket,
  },
  {
    label: 'Desconto médio',
    value: (f) => orNone(averaged(f), () => formatPct(f.average_discount_pct)),
    hint: FIGURE_DEFINITIONS.average_discount_pct,
  },
  {
    label: 'Margem média',
    value: (f) => orNone(averaged(f), () => formatPct(f.average_margin_pct)),
    hint: FIGURE_DEFINITIONS.average_margin_pct,
  },
];

/**
 * Issue 28: withdrawals and cancellations leave the accepted revenue and are shown beside it.
 * Read as optional: an API without the after-sale answers without them (then a dash).
 */
interface AfterSaleFigures {
  withdrawn_count?: number;
  withdrawn_value?: number;
  cancelled_count?: number;
  cancelled_value?: number;
}

function afterSaleKpi(count: number | undefined, value: number | undefined): string | null {
  if (count === undefined || value === undefined) return null;
  return `${formatCount(count)} · ${formatReais(value)}`;
}

/**
 * The 'Propostas' list filtered to a figure's proposals: its status and the period's creation
 * days (the list filters by creation; by acceptance the period is the same days).
 */
function drillHref(status: Kpi['drill'], from: string, to: string): string {
  const params = new URLSearchParams({ de: from, ate: to });
  if (status && status !== 'all') params.set('status', status);
  return `/propostas?${params.toString()}`;
}

const isBasis = (value: string | null): value is DashboardBasis =>
  (DASHBOARD_BASES as readonly (string | null)[]).includes(value);

/** The filters as the URL keeps them, so a reload or a shared link shows the same numbers. */
function useDashboardFilters(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const rawPreset = params.get('periodo');
  const preset: PeriodPreset = isPeriodPreset(rawPreset) ? rawPreset : 'este-mes';
  const customFrom = params.get('de') ?? '';
  const customTo = params.get('ate') ?? '';
  const period = presetPeriod(preset) ?? { from: customFrom, to: customTo };
  const rawUnit = params.get('unidade') ?? ALL;
  const unit = isAdmin && (UNITS as readonly string[]).includes(rawUnit) ? (rawUnit as Unit) : null;
  const professionalId = Number(params.get('profissional')) || null;
  const rawBasis = params.get('base');
  const basis: DashboardBasis = isBasis(rawBasis) ? rawBasis : 'criacao';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return { preset, customFrom, customTo, period, unit, professionalId, basis, set };
}

/** 'Gestão' (issue 14): the network's sales and margin figures for a period. */
export default function DashboardPage() {
  usePageTitle('Gestão');
  const { user } = useSession();
  const isAdmin = isAdminProfile(user?.profile);
  const filters = useDashboardFilters(isAdmin);
  const base: SalesDashboardQueryData = {
    from: filters.period.from || undefined,
    to: filters.period.to || undefined,
    unit: filters.unit ?? undefined,
    basis: filters.basis,
  };
  const parsed = salesDashboardQuerySchema.safeParse(base);
  const periodError =
    filters.preset === 'personalizado' && (!filters.period.from || !filters.period.to)
      ? 'Informe as duas datas do período.'
      : parsed.success
        ? null
        : (parsed.error.issues[0]?.message ?? 'Período inválido.');
  const query: SalesDashboardQueryData = {
    ...base,
    professional_id: filters.professionalId ?? undefined,
  };
  // The whole team's answer lists the professionals the filter offers.
  const team = useQuery({ ...salesDashboardQuery(base), enabled: periodError === null });
  const dashboard = useQuery({ ...salesDashboardQuery(query), enabled: periodError === null });
  const data = periodError === null ? dashboard.data : undefined;
  const loading = periodError === null && (dashboard.isPending || dashboard.isPlaceholderData);
  const failed = periodError === null && dashboard.isError && !dashboard.data;

  const professionalOptions = [
    { value: ALL, label: 'Todos os profissionais' },
    ...(team.data?.by_professional ?? [])
      .filter((entry) => entry.professional_id !== null)
      .map((entry) => ({ value: String(entry.professional_id), label: entry.name })),
  ];
  if (
    filters.professionalId !== null &&
    !professionalOptions.some((option) => option.value === String(filters.professionalId))
  ) {
    professionalOptions.push({
      value: String(filters.professionalId),
      label: data?.by_professional[0]?.name ?? 'Profissional selecionado',
    });
  }

  const guard = useSubmitGuard();
  const [exporting, setExporting] = useState(false);
  const exportCsv = () =>
    guard(async () => {
      setExporting(true);
      try {
        const blob = await fetchSalesCsv(query);
        saveBlob(blob, `gestao-${query.from ?? ''}-a-${query.to ?? ''}.csv`);
      } catch (error) {
        notifyError(error, { fallback: 'Não foi possível exportar o CSV.' });
      } finally {
        setExporting(false);
      }
    });

  const fileSuffix = `${filters.period.from}-a-${filters.period.to}`;
  const showUnits = isAdmin && filters.unit === null;
  const conversionRows = showUnits ? (data?.by_unit ?? []) : (data?.by_professional ?? []);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Gestão
          </Title>
          <Text size="sm" c="dimmed">
            {data
              ? `${formatCalendarDay(data.from)} a ${formatCalendarDay(data.to)} · ${data.unit ?? 'Todas as unidades'}`
              : periodError === null && filters.period.from
                ? `${formatCalendarDay(filters.period.from)} a ${formatCalendarDay(filters.period.to)}`
                : ' '}
          </Text>
        </Stack>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportCsv}
          loading={exporting}
          disabled={periodError !== null}
        >
          Exportar CSV
        </Button>
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Período"
          data={PERIOD_PRESETS.map(({ value, label }) => ({ value, label }))}
          value={filters.preset}
          allowDeselect={false}
          onChange={(value) => {
            if (!isPeriodPreset(value)) return;
            if (value === 'personalizado') {
              filters.set({ periodo: value, de: filters.period.from, ate: filters.period.to });
            } else filters.set({ periodo: value, de: null, ate: null });
          }}
          w={{ base: '100%', xs: 180 }}
        />
        {filters.preset === 'personalizado' ? (
          <>
            <TextInput
              type="date"
              label="De"
              value={filters.customFrom}
              onChange={(event) => filters.set({ de: event.currentTarget.value })}
              w={{ base: '47%', xs: 160 }}
            />
            <TextInput
              type="date"
              label="Até"
              value={filters.customTo}
              onChange={(event) => filters.set({ ate: event.currentTarget.value })}
              w={{ base: '47%', xs: 160 }}
            />
          </>
        ) : null}
        {isAdmin ? (
          <Select
            label="Unidade"
            data={[
              { value: ALL, label: 'Todas as unidades' },
              ...UNITS.map((unit) => ({ value: unit, label: unit })),
            ]}
            value={filters.unit ?? ALL}
            allowDeselect={false}
            onChange={(value) => filters.set({ unidade: value, profissional: null })}
            w={{ base: '100%', xs: 200 }}
          />
        ) : null}
        <Select
          label="Contar por"
          data={DASHBOARD_BASES.map((value) => ({
            value,
            label: DASHBOARD_BASIS_LABELS[value],
          }))}
          value={filters.basis}
          allowDeselect={false}
          onChange={(value) => filters.set({ base: value === 'criacao' ? null : value })}
          description={DASHBOARD_BASIS_DEFINITIONS[filters.basis]}
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label="Profissional"
          data={professionalOptions}
          value={filters.professionalId === null ? ALL : String(filters.professionalId)}
          allowDeselect={false}
          searchable
          onChange={(value) => filters.set({ profissional: value })}
          w={{ base: '100%', xs: 240 }}
        />
      </Group>

      {periodError ? (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
          {periodError}
        </Alert>
      ) : null}
      {failed ? (
        <LoadErrorAlert
          text="Não foi possível carregar os números."
          onRetry={() => dashboard.refetch()}
        />
      ) : null}

      {[COUNT_KPIS, VALUE_KPIS].map((kpis, index) => (
        // Counts two by two on a phone; money and percents, wider, one per row.
        <SimpleGrid
          key={index}
          cols={index === 0 ? { base: 2, sm: 3, lg: 4 } : { base: 1, xs: 2, lg: 4 }}
          spacing="sm"
        >
          {kpis.map((kpi) => (
            <StatCard
              key={kpi.label}
              label={kpi.label}
              value={data ? kpi.value(data) : ''}
              hint={
                kpi.hint || (kpi.drill && data) ? (
                  <>
                    {kpi.hint}
                    {kpi.drill && data ? (
                      <>
                        {kpi.hint ? ' ' : null}
                        <Anchor
                          component={Link}
                          to={drillHref(kpi.drill, data.from, data.to)}
                          size="xs"
                          underline="always"
                          aria-label={`Ver as propostas: ${kpi.label}`}
                        >
                          Ver propostas
                        </Anchor>
                      </>
                    ) : null}
                  </>
                ) : undefined
              }
              loading={loading}
              unavailable={!loading && !data}
            />
          ))}
        </SimpleGrid>
      ))}

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        {(
          [
            ['Desistências (7 dias)', 'withdrawn_count', 'withdrawn_value'],
            ['Cancelamentos', 'cancelled_count', 'cancelled_value'],
          ] as const
        ).map(([label, count, value]) => {
          const figures = data as (SalesDashboard & AfterSaleFigures) | undefined;
          const text = figures ? afterSaleKpi(figures[count], figures[value]) : null;
          return (
            <StatCard
              key={label}
              label={label}
              value={text ?? ''}
              hint="Fora do valor aceito"
              loading={loading}
              unavailable={!loading && text === null}
            />
          );
        })}
      </SimpleGrid>

      <DataPanel
        title="Tendência por semana"
        fileName={`gestao-semanas-${fileSuffix}`}
        columns={WEEK_COLUMNS}
        rows={data?.by_week ?? []}
        rowKey={(row) => row.week_start}
        loading={loading}
        emptyText="Nenhuma proposta no período."
        chart={
          <BarChart
            h={240}
            data={(data?.by_week ?? []).map((week) => ({
              semana: formatCalendarDay(week.week_start).slice(0, 5),
              Criadas: week.proposals_created,
              Enviadas: week.proposals_sent,
              Aceitas: week.proposals_accepted,
            }))}
            dataKey="semana"
            series={[
              { name: 'Criadas', color: 'gray.6' },
              { name: 'Enviadas', color: 'blue.6' },
              { name: 'Aceitas', color: 'teal.6' },
            ]}
            withLegend
            valueFormatter={formatCount}
            xAxisLabel="Semana (início na segunda-feira)"
            yAxisLabel="Propostas"
            aria-label={FIGURE_DEFINITIONS.by_week}
          />
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DataPanel<SalesUnit | SalesProfessional>
          title={showUnits ? 'Conversão por unidade' : 'Conversão por profissional'}
          fileName={`gestao-conversao-${fileSuffix}`}
          columns={[
            {
              header: showUnits ? 'Unidade' : 'Profissional',
              cell: (row) => ('unit' in row ? row.unit : row.name),
            },
            {
              header: 'Enviadas',
              numeric: true,
              cell: (row) => formatCount(row.proposals_sent),
              csv: (row) => csvNumber(row.proposals_sent),
            },
            {
              header: 'Aceitas',
              numeric: true,
              cell: (row) => formatCount(row.proposals_accepted),
              csv: (row) => csvNumber(row.proposals_accepted),
            },
            {
              header: 'Conversão (%)',
              numeric: true,
              cell: (row) => orNone(row.proposals_sent > 0, () => formatRate(row.conversion_rate)),
              csv: (row) => csvPct(row.conversion_rate * 100, row.proposals_sent > 0),
            },
          ]}
          rows={conversionRows}
          rowKey={(row) => ('unit' in row ? row.unit : String(row.professional_id ?? row.name))}
          loading={loading}
          emptyText="Nenhuma proposta no período."
          chart={
            <BarChart
              h={Math.max(200, conversionRows.length * 36)}
              orientation="vertical"
              data={conversionRows.map((row) => ({
                nome: 'unit' in row ? row.unit : row.name,
                'Conversão (%)': row.conversion_rate * 100,
              }))}
              dataKey="nome"
              series={[{ name: 'Conversão (%)', color: 'teal.6' }]}
              valueFormatter={formatPct}
              yAxisProps={{ width: 110 }}
              xAxisProps={{ domain: [0, 100] }}
            />
          }
        />
        <DataPanel
          title="Mix por bloco"
          fileName={`gestao-blocos-${fileSuffix}`}
          columns={BLOCK_COLUMNS}
          rows={(data?.by_block ?? []).some((row) => row.value > 0) ? (data?.by_block ?? []) : []}
          rowKey={(row) => row.block}
          loading={loading}
          emptyText="Nenhuma proposta aceita no período."
          chart={
            <Group justify="center" gap="lg">
              <DonutChart
                size={180}
                thickness={28}
                withTooltip
                valueFormatter={formatReais}
                data={(data?.by_block ?? [])
                  .filter((row) => row.value > 0)
                  .map((row) => ({
                    name: `Bloco ${row.block}`,
                    value: row.value,
                    color: BLOCK_COLORS[row.block],
                  }))}
                // A labelled div needs a role: axe refuses aria-label on a plain one.
                role="img"
                aria-label="Mix por bloco (valor)"
              />
              <Stack gap={4}>
                {(data?.by_block ?? []).map((row) => (
                  <Group key={row.block} gap="xs" wrap="nowrap">
                    <ColorSwatch
                      color={`var(--mantine-color-${BLOCK_COLORS[row.block].replace('.', '-')})`}
                      size={12}
                    />
                    <Text size="sm">
                      Bloco {row.block}: {formatReais(row.value)} ({formatRate(row.share)})
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Group>
          }
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DataPanel
          title="Procedimentos mais vendidos"
          fileName={`gestao-procedimentos-${fileSuffix}`}
          columns={PROCEDURE_COLUMNS}
          rows={data?.top_procedures ?? []}
          rowKey={(row) => String(row.service_id)}
          loading={loading}
          emptyText="Nenhuma proposta aceita no período."
        />
        <DataPanel
          title="Pacotes mais vendidos"
          fileName={`gestao-pacotes-${fileSuffix}`}
          columns={PACKAGE_COLUMNS}
          rows={data?.top_packages ?? []}
          rowKey={(row) => `${row.package_id ?? 'x'}-${row.name}`}
          loading={loading}
          emptyText="Nenhuma proposta aceita no período."
        />
      </SimpleGrid>

      <LiabilitySection unit={filters.unit} showUnit={showUnits} />
      <CashSection unit={filters.unit} showUnit={showUnits} />
      <CommissionSection unit={filters.unit} />

      <DataPanel
        title="Motivos de recusa"
        fileName={`gestao-recusas-${fileSuffix}`}
        columns={DECLINE_COLUMNS}
        rows={data?.decline_reasons ?? []}
        rowKey={(row) => row.reason_code ?? 'none'}
        loading={loading}
        emptyText="Nenhuma recusa no período."
      />
      <DataPanel
        title="Por profissional"
        fileName={`gestao-profissionais-${fileSuffix}`}
        columns={PROFESSIONAL_COLUMNS}
        rows={data?.by_professional ?? []}
        rowKey={(row) => String(row.professional_id ?? row.name)}
        loading={loading}
        emptyText="Nenhuma proposta no período."
      />
      {isAdmin ? (
        <DataPanel
          title="Por unidade"
          fileName={`gestao-unidades-${fileSuffix}`}
          columns={UNIT_COLUMNS}
          rows={data?.by_unit ?? []}
          rowKey={(row) => row.unit}
          loading={loading}
          emptyText="Nenhuma proposta no período."
        />
      ) : null}
      <Stack gap={4} component="section" aria-label="Como os números são contados">
        <Text size="xs" c="dimmed">
          Funil da negociação: {DEAL_FUNNEL_STAGES.map((stage) => stage.label).join(' → ')}; ela
          termina {DEAL_FUNNEL_LOSSES.map((stage) => stage.label.toLowerCase()).join(' ou ')} se não
          for aceita. {DASHBOARD_BASIS_DEFINITIONS[filters.basis]} Só a última versão de cada número
          conta (horário de Brasília).
        </Text>
        <Text size="xs" c="dimmed">
          {FIGURE_DEFINITIONS.by_block} {FIGURE_DEFINITIONS.decline_reasons}{' '}
          {FIGURE_DEFINITIONS.rounding}
        </Text>
      </Stack>
    </Stack>
  );
}

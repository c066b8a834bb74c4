import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  SERVICE_BLOCKS,
  UNHEALTHY_MARGIN_MESSAGE,
  formatBRL,
  formatPercent,
  packageNumber,
  type BlockLimits,
  type Package,
  type PackageTotals,
} from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './builder.module.css';

export interface PackageSummaryProps {
  pkg: Package | null;
  counts: BlockLimits;
  limits: BlockLimits;
  /** In centavos. */
  totals: PackageTotals;
  healthy: boolean;
  canGenerate: boolean;
  onGenerate: () => void;
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  );
}

function GenerateButton({
  canGenerate,
  onGenerate,
}: Pick<PackageSummaryProps, 'canGenerate' | 'onGenerate'>) {
  return (
    <Button onClick={onGenerate} disabled={!canGenerate}>
      Gerar Pacote
    </Button>
  );
}

/** Desktop side panel 'Resumo do Pacote' (SPEC builder; DESIGN 7.5 for the remaining budget). */
export function PackageSummaryPanel(props: PackageSummaryProps) {
  const { pkg, counts, limits, totals, healthy } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="aside"
      aria-labelledby="resumo-do-pacote"
      className={classes.sidePanel}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="resumo-do-pacote">
          Resumo do Pacote
        </Title>
        {pkg ? (
          <>
            <div>
              <Text size="sm" c="dimmed">
                Pacote nº {packageNumber(pkg.name) || '—'}
              </Text>
              <Text fw={600}>{pkg.name}</Text>
            </div>
            <SummaryRow label="Score" value={formatPercent(totals.margemPct)} />
            <SummaryRow label="Valor mensal (12x)" value={formatBRL(totals.monthly)} />
            <SummaryRow
              label="Orçamento mensal disponível"
              value={formatBRL(totals.monthlyBudget)}
            />
            <SummaryRow label="Saldo mensal restante" value={formatBRL(totals.monthlyRemaining)} />
            <Divider />
            {SERVICE_BLOCKS.map((block) => (
              <SummaryRow
                key={block}
                label={`Bloco ${block}`}
                value={`${counts[block]}/${limits[block]}`}
              />
            ))}
            {healthy ? null : (
              <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} p="xs">
                <Text size="sm">{UNHEALTHY_MARGIN_MESSAGE}</Text>
              </Alert>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Selecione um pacote para começar.
          </Text>
        )}
        <GenerateButton {...props} />
      </Stack>
    </Paper>
  );
}

/** Phones: a fixed bottom bar with the block counts, monthly value, margin and 'Gerar Pacote'. */
export function PackageSummaryBar(props: PackageSummaryProps) {
  const { pkg, counts, limits, totals, healthy } = props;
  return (
    <>
      <div className={classes.bottomBarSpacer} aria-hidden />
      <Paper
        withBorder
        shadow="md"
        p="sm"
        component="aside"
        aria-label="Resumo do Pacote"
        className={classes.bottomBar}
      >
        <Stack gap={6}>
          <Group gap="sm" justify="space-between" wrap="wrap">
            {SERVICE_BLOCKS.map((block) => (
              <Text key={block} size="sm" fw={600}>
                {block} {counts[block]}/{limits[block]}
              </Text>
            ))}
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div>
              <Text size="sm" fw={700}>
                {pkg ? `${formatBRL(totals.monthly)}/mês` : 'Nenhum pacote'}
              </Text>
              <Text
                size="xs"
                c={healthy ? 'dimmed' : undefined}
                className={healthy ? undefined : classes.warningText}
              >
                Margem {formatPercent(totals.margemPct)}
              </Text>
            </div>
            <GenerateButton {...props} />
          </Group>
          {healthy ? null : (
            <Text size="xs" className={classes.warningText}>
              {UNHEALTHY_MARGIN_MESSAGE}
            </Text>
          )}
        </Stack>
      </Paper>
    </>
  );
}

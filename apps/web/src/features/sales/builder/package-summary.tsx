import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  UNHEALTHY_MARGIN_MESSAGE,
  formatBRL,
  formatPercentExact,
  formatSaving,
  packageCostsMoreMessage,
  packageNumber,
  packageSaving,
  type BlockLimits,
  type Package,
  type PackageTotals,
  type ServiceBlock,
} from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './builder.module.css';
import { SellerEarningsSlot } from '../components/seller-earnings-slot';

export interface PackageSummaryProps {
  pkg: Package | null;
  counts: BlockLimits;
  limits: BlockLimits;
  /** The blocks the package gives sessions to. */
  blocks: readonly ServiceBlock[];
  /** In centavos. */
  totals: PackageTotals;
  healthy: boolean;
  /** 'Modo cliente': score, margin, budgets and margin warnings are hidden. */
  clientMode: boolean;
  /** Why 'Gerar Pacote' is disabled, or null when it is enabled. */
  blockedReason: string | null;
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

/** 'Gerar Pacote', disabled with its reason written beside it (and read with it). */
function GenerateButton({
  blockedReason,
  onGenerate,
  reasonId,
}: Pick<PackageSummaryProps, 'blockedReason' | 'onGenerate'> & { reasonId: string | undefined }) {
  return (
    <Button
      onClick={onGenerate}
      disabled={blockedReason !== null}
      aria-describedby={blockedReason !== null ? reasonId : undefined}
    >
      Gerar Pacote
    </Button>
  );
}

/** Desktop side panel 'Resumo do Pacote' (SPEC builder; DESIGN 7.5 for the remaining budget). */
export function PackageSummaryPanel(props: PackageSummaryProps) {
  const { pkg, counts, limits, blocks, totals, healthy, clientMode, blockedReason } = props;
  const reasonId = useId();
  const saving = packageSaving(totals);
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
            {clientMode ? null : (
              <SummaryRow label="Score" value={formatPercentExact(totals.margemPct)} />
            )}
            <SummaryRow label="Valor mensal (12x)" value={formatBRL(totals.monthly)} />
            <SummaryRow label="Valor avulso" value={formatBRL(totals.servicesTotalValue)} />
            <SummaryRow
              label="Economia da cliente"
              value={saving.kind === 'saving' ? formatSaving(saving) : '—'}
            />
            {clientMode ? null : (
              <>
                <SummaryRow
                  label="Orçamento mensal disponível"
                  value={formatBRL(totals.monthlyBudget)}
                />
                <SummaryRow
                  label="Saldo mensal restante"
                  value={formatBRL(totals.monthlyRemaining)}
                />
                <SellerEarningsSlot price={totals.annual} cost={totals.custo} />
              </>
            )}
            <Divider />
            {blocks.map((block) => (
              <SummaryRow
                key={block}
                label={`Bloco ${block}`}
                value={`${counts[block]}/${limits[block]}`}
              />
            ))}
            {saving.kind === 'costs-more' ? (
              <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} p="xs">
                <Text size="sm">{packageCostsMoreMessage(saving.extra)}</Text>
              </Alert>
            ) : null}
            {healthy || clientMode ? null : (
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
        <GenerateButton {...props} reasonId={pkg ? reasonId : undefined} />
        {blockedReason !== null && pkg ? (
          <Text size="xs" c="dimmed" id={reasonId}>
            {blockedReason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Phones: a fixed bottom bar with the block counts, monthly value, the client's saving, the
 * margin (outside 'modo cliente') and 'Gerar Pacote'.
 */
export function PackageSummaryBar(props: PackageSummaryProps) {
  const { pkg, counts, limits, blocks, totals, healthy, clientMode, blockedReason } = props;
  const reasonId = useId();
  const saving = packageSaving(totals);
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
            {blocks.map((block) => (
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
              {saving.kind === 'saving' ? (
                <Text size="xs">Economia {formatSaving(saving)}</Text>
              ) : null}
              {clientMode ? null : (
                <Text
                  size="xs"
                  c={healthy ? 'dimmed' : undefined}
                  className={healthy ? undefined : classes.warningText}
                >
                  Margem {formatPercentExact(totals.margemPct)}
                </Text>
              )}
            </div>
            <GenerateButton {...props} reasonId={pkg ? reasonId : undefined} />
          </Group>
          {saving.kind === 'costs-more' ? (
            <Text size="xs" className={classes.warningText} role="alert">
              O pacote custa {formatBRL(saving.extra)} a mais que o avulso.
            </Text>
          ) : null}
          {healthy || clientMode ? null : (
            <Text size="xs" className={classes.warningText}>
              {UNHEALTHY_MARGIN_MESSAGE}
            </Text>
          )}
          {clientMode || !pkg ? null : (
            <SellerEarningsSlot price={totals.annual} cost={totals.custo} />
          )}
          {blockedReason !== null && pkg ? (
            <Text size="xs" c="dimmed" id={reasonId}>
              {blockedReason}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}

import {
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMMISSION_SOURCE_TYPE_LABELS,
  COMMISSION_ENTRY_STATUS_LABELS,
  commissionAdjustmentBody,
  commissionAdjustmentFormSchema,
  formatDateBR,
  formatReais,
  type CommissionEntryView,
  type CommissionRuleView,
  type CommissionStatementView,
} from '@portal/domain';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import {
  fetchStatementFile,
  useAddAdjustmentMutation,
  useApproveStatementMutation,
  useCommissionRulesQuery,
  useCommissionStatementQuery,
  useMarkStatementPaidMutation,
} from '../../../api/billing/commissions';
import { openConfirmModal } from '../../../components/confirm-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { saveBlob } from '../../../components/save-blob';
import { errorMessage } from '../../../lib/api-client';
import { isAdminProfile, isManagerProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import { ContractModal, FailureAlert } from '../../care/components/contract-dialogs';
import { ENTRY_STATUS_COLORS, monthLabel, STATEMENT_STATUS_COLORS } from './commission-labels';

/** A statement, line by line: entries, adjustments, gross and net, and what the viewer may do. */
export function StatementDetail({
  professionalId,
  period,
}: {
  professionalId: number;
  period: string;
}) {
  const query = useCommissionStatementQuery(professionalId, period);
  const rules = useCommissionRulesQuery();
  if (query.isPending) {
    return <Skeleton h={160} role="status" aria-label="Carregando o extrato" />;
  }
  if (query.isError) {
    return (
      <LoadErrorAlert text="Não foi possível carregar o extrato." onRetry={() => query.refetch()} />
    );
  }
  return <Statement statement={query.data} rules={rules.data ?? []} />;
}

function Statement({
  statement,
  rules,
}: {
  statement: CommissionStatementView;
  rules: CommissionRuleView[];
}) {
  const headingId = `extrato-${statement.professional_id}`;
  const ruleName = (entry: CommissionEntryView) =>
    rules.find((rule) => rule.id === entry.rule_id)?.name ?? `Regra ${entry.rule_id}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {statement.professional_name} · {monthLabel(statement.period)}
            </Title>
            <Text size="xs" c="dimmed">
              {statement.unit ?? 'Sem unidade'}
              {statement.approved_at
                ? ` · aprovado em ${formatDateBR(statement.approved_at)} por ${statement.approved_by ?? '—'}`
                : ''}
              {statement.paid_at
                ? ` · pago em ${formatDateBR(statement.paid_at)} por ${statement.paid_by ?? '—'}`
                : ''}
            </Text>
          </div>
          <Badge color={STATEMENT_STATUS_COLORS[statement.status]} variant="light">
            {statement.status_label}
          </Badge>
        </Group>

        <Title order={3} size="h5">
          Lançamentos ({statement.entries.length})
        </Title>
        {statement.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum lançamento neste mês.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {statement.entries.map((entry) => (
              <EntryLine key={entry.id} entry={entry} ruleName={ruleName(entry)} />
            ))}
          </Stack>
        )}

        <Title order={3} size="h5">
          Ajustes ({statement.adjustments.length})
        </Title>
        {statement.adjustments.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum ajuste neste mês.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {statement.adjustments.map((adjustment) => (
              <li key={adjustment.id}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {adjustment.reason}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {formatDateBR(adjustment.created_at)}
                      {adjustment.created_by ? ` · ${adjustment.created_by}` : ''}
                    </Text>
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatReais(adjustment.amount)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        )}

        <Divider />
        <Group justify="space-between">
          <Text size="sm">Bruto</Text>
          <Text size="sm" fw={600} aria-label="Bruto">
            {formatReais(statement.gross)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Líquido</Text>
          <Text fw={700} aria-label="Líquido">
            {formatReais(statement.net)}
          </Text>
        </Group>
        <StatementActions statement={statement} />
      </Stack>
    </Paper>
  );
}

/** 'contrato:12' → 'Venda aceita do contrato 12'; 'sessao:40' → 'Sessão realizada 40'. */
function reversedText(key: string): string {
  const [type = '', id = ''] = key.split(':');
  const label =
    type in COMMISSION_SOURCE_TYPE_LABELS
      ? COMMISSION_SOURCE_TYPE_LABELS[type as CommissionEntryView['source_type']]
      : type;
  return type === 'contrato' ? `${label} do contrato ${id}` : `${label} nº ${id}`;
}

function EntryLine({ entry, ruleName }: { entry: CommissionEntryView; ruleName: string }) {
  const reversal = entry.reverses !== null;
  const source = COMMISSION_SOURCE_TYPE_LABELS[entry.source_type];
  return (
    <li aria-label={`${reversal ? 'Estorno' : source}, contrato ${entry.contract_id}`}>
      <Paper withBorder radius="sm" px="sm" py="xs">
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {reversal ? `Estorno · ${source}` : source} · contrato {entry.contract_id}
            </Text>
            <Text size="xs" c="dimmed">
              {ruleName} (versão {entry.rule_version}) · base {formatReais(entry.base)}
            </Text>
            {reversal ? (
              <Text size="xs" c="dimmed">
                Estorna: {reversedText(entry.reverses ?? '')}
              </Text>
            ) : null}
          </div>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {formatReais(entry.amount)}
            </Text>
            <Badge color={ENTRY_STATUS_COLORS[entry.status]} variant="light" size="sm">
              {COMMISSION_ENTRY_STATUS_LABELS[entry.status]}
            </Badge>
          </Group>
        </Group>
      </Paper>
    </li>
  );
}

function StatementActions({ statement }: { statement: CommissionStatementView }) {
  const { user } = useSession();
  const admin = isAdminProfile(user?.profile);
  const manager = isManagerProfile(user?.profile);
  const { professional_id: professionalId, period } = statement;
  const approve = useApproveStatementMutation(professionalId, period);
  const markPaid = useMarkStatementPaidMutation(professionalId, period);
  const [adjusting, setAdjusting] = useState(false);
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const download = async (format: 'csv' | 'pdf') => {
    setDownloading(format);
    try {
      const blob = await fetchStatementFile(professionalId, period, format);
      saveBlob(blob, `comissao-${professionalId}-${period}.${format}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, { fallback: 'Não foi possível baixar o extrato.' }),
      });
    } finally {
      setDownloading(null);
    }
  };
  const confirm = (title: string, text: string, label: string, run: () => void) =>
    openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: label, cancel: 'Cancelar' },
      onConfirm: run,
    });
  const failure = approve.error ?? markPaid.error;
  return (
    <Stack gap="xs">
      {failure ? (
        <FailureAlert error={failure} fallback="Não foi possível salvar o extrato." />
      ) : null}
      <Group gap="xs" wrap="wrap">
        {manager && statement.status === 'prevista' ? (
          <>
            <Button
              loading={approve.isPending}
              onClick={() =>
                confirm(
                  'Aprovar extrato',
                  `Aprovar o extrato de ${statement.professional_name} de ${monthLabel(period)}? Os lançamentos ficam congelados: nenhuma regra ou evento posterior os altera.`,
                  'Aprovar',
                  () =>
                    approve.mutate(undefined, {
                      onSuccess: () => notifications.show({ message: 'Extrato aprovado.' }),
                    }),
                )
              }
            >
              Aprovar
            </Button>
            <Button variant="default" onClick={() => setAdjusting(true)}>
              Adicionar ajuste
            </Button>
          </>
        ) : null}
        {admin && statement.status === 'aprovada' ? (
          <Button
            color="teal"
            loading={markPaid.isPending}
            onClick={() =>
              confirm(
                'Marcar como pago',
                `Registrar que ${formatReais(statement.net)} foram pagos a ${statement.professional_name}?`,
                'Marcar como pago',
                () =>
                  markPaid.mutate(undefined, {
                    onSuccess: () => notifications.show({ message: 'Extrato marcado como pago.' }),
                  }),
              )
            }
          >
            Marcar como pago
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading === 'csv'}
          onClick={() => void download('csv')}
        >
          Baixar CSV
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={downloading === 'pdf'}
          onClick={() => void download('pdf')}
        >
          Baixar PDF
        </Button>
      </Group>
      <ContractModal
        opened={adjusting}
        onClose={() => setAdjusting(false)}
        title="Adicionar ajuste"
      >
        {adjusting ? (
          <AdjustmentForm statement={statement} onDone={() => setAdjusting(false)} />
        ) : null}
      </ContractModal>
    </Stack>
  );
}

/** 'Adicionar ajuste': a negative amount is an advance discounted, a positive one a bonus. */
function AdjustmentForm({
  statement,
  onDone,
}: {
  statement: CommissionStatementView;
  onDone: () => void;
}) {
  const add = useAddAdjustmentMutation(statement.professional_id, statement.period);
  const form = useSchemaForm(commissionAdjustmentFormSchema, { amount: '', reason: '' });
  const submit = form.onSubmit((values) => {
    add.mutate(commissionAdjustmentBody(values), {
      onSuccess: () => {
        notifications.show({ message: 'Ajuste lançado.' });
        onDone();
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Extrato de {statement.professional_name}, {monthLabel(statement.period)}. Use um valor
          negativo para descontar um adiantamento.
        </Text>
        <TextInput
          label="Valor"
          required
          inputMode="decimal"
          leftSection="R$"
          placeholder="-150,00"
          autoComplete="off"
          {...form.getInputProps('amount')}
        />
        <Textarea
          label="Motivo"
          required
          rows={2}
          maxLength={300}
          {...form.getInputProps('reason')}
        />
        <FailureAlert error={add.error} fallback="Não foi possível lançar o ajuste." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={add.isPending}>
            Lançar ajuste
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BILLING_ANSWERS,
  PLAN_FORM_LABELS,
  PLAN_FORMS,
  planFormOf,
  formatReais,
  markPaidBody,
  markPaidFormSchema,
  paymentPlanBody,
  paymentPlanFormSchema,
  saoPauloDate,
  type Contract,
  type ContractPayments,
  type InstallmentStatus,
  type InstallmentView,
  type RefundView,
} from '@portal/domain';
import { IconBrandWhatsapp, IconCash, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useContractPaymentsQuery,
  useCreatePaymentPlanMutation,
  useMarkInstallmentPaidMutation,
  useMarkRefundDoneMutation,
} from '../../../api/billing/payments';
import { PtBrNumberInput } from '../../../components/form/number-input';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { isManagerProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import { ContractModal, FailureAlert } from '../../care/components/contract-dialogs';
import { secondCopyUrl, WHATSAPP_GREEN } from './second-copy';

export const INSTALLMENT_STATUS_COLORS: Record<InstallmentStatus, string> = {
  agendada: 'gray',
  solicitada: 'blue',
  paga: 'teal',
  falhou: 'red',
  vencida: 'orange',
  cancelada: 'gray',
  estornada: 'grape',
};

export function InstallmentStatusBadge({
  status,
  label,
}: {
  status: InstallmentStatus;
  label: string;
}) {
  return (
    <Badge variant="light" color={INSTALLMENT_STATUS_COLORS[status]}>
      {label}
    </Badge>
  );
}

const OWED: ReadonlySet<InstallmentStatus> = new Set([
  'agendada',
  'solicitada',
  'falhou',
  'vencida',
]);

const METHOD_SHORT: Record<ReturnType<typeof planFormOf>, string> = {
  pix_manual: 'Pix manual',
  api_pix: 'API Pix (cobrança com vencimento)',
  pix_automatico: 'Pix Automático',
};

const MANDATE_COLORS: Record<NonNullable<ContractPayments['plan']['mandate']>['status'], string> = {
  aguardando: 'yellow.8',
  ativa: 'green.8',
  cancelada: 'red.8',
  recusada: 'red.8',
  expirada: 'red.8',
};

const paidOn = (instant: string) => formatCalendarDay(saoPauloDate(instant));

type Dialog = { kind: 'plan' } | { kind: 'pay'; installment: InstallmentView };

/**
 * 'Pagamentos' of a contract (issue 29): the plan, each instalment with its status, the next
 * one's Pix copy-and-paste and WhatsApp '2ª via', and the refunds a withdrawal or cancellation
 * left. Managers and admins create the plan, record a payment and settle a refund; the server
 * decides (apps/api/src/modules/billing/payments/service.ts).
 */
export function ContractPaymentsSection({ contract }: { contract: Contract }) {
  const { user } = useSession();
  const manager = isManagerProfile(user?.profile);
  const payments = useContractPaymentsQuery(contract.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const ended = contract.status === 'cancelado' || contract.status === 'desistencia';
  const noPlan = payments.error instanceof ApiError && payments.error.status === 404;

  let body;
  if (payments.isPending) {
    body = <Skeleton h={160} aria-label="Carregando pagamentos" />;
  } else if (noPlan) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{BILLING_ANSWERS.planNotFound}</Text>
        {manager && !ended ? (
          <Button
            leftSection={<IconCash size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'plan' })}
          >
            Criar plano de pagamento
          </Button>
        ) : null}
      </Stack>
    );
  } else if (payments.isError) {
    body = (
      <FailureAlert error={payments.error} fallback="Não foi possível carregar os pagamentos." />
    );
  } else {
    const data = payments.data;
    const next = data.installments.find((item) => OWED.has(item.status));
    const hasPayments = data.installments.some(
      (item) => item.status === 'paga' || item.status === 'estornada',
    );
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Forma" value={METHOD_SHORT[planFormOf(data.plan)]} />
          <Fact
            label="Parcelas"
            value={`${data.plan.installments} · todo dia ${data.plan.due_day}`}
          />
          <Fact label="Pago" value={formatReais(data.plan.paid)} />
          <Fact label="Em aberto" value={formatReais(data.plan.open)} />
        </SimpleGrid>
        {data.plan.mandate ? (
          <Text size="sm">
            Autorização do Pix Automático:{' '}
            <Text span fw={600} c={MANDATE_COLORS[data.plan.mandate.status]}>
              {data.plan.mandate.status_label}
            </Text>
            {data.plan.mandate.status === 'aguardando'
              ? ': a cliente autoriza ao pagar a 1ª parcela pelo QR Code do link.'
              : data.plan.mandate.status === 'ativa'
                ? ': cada parcela é cobrada no banco dela de 10 a 2 dias antes do vencimento.'
                : ': as próximas parcelas não serão debitadas; envie o código Pix pela 2ª via.'}
          </Text>
        ) : null}
        {manager && !ended && !hasPayments ? (
          <Group>
            <Button variant="default" size="xs" onClick={() => setDialog({ kind: 'plan' })}>
              Alterar plano
            </Button>
          </Group>
        ) : null}
        {next ? (
          <NextInstallment
            contract={contract}
            payments={data}
            installment={next}
            canRecord={manager}
            onRecord={() => setDialog({ kind: 'pay', installment: next })}
          />
        ) : null}
        <InstallmentList
          payments={data}
          canRecord={manager}
          onRecord={(installment) => setDialog({ kind: 'pay', installment })}
        />
        {data.refunds.length > 0 ? (
          <RefundList contractId={contract.id} refunds={data.refunds} canSettle={manager} />
        ) : null}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pagamentos">
      <Stack gap="md">
        <Title order={2} size="h4" id="pagamentos">
          Pagamentos
        </Title>
        {body}
      </Stack>
      <ContractModal
        opened={dialog !== null}
        onClose={close}
        title={dialog?.kind === 'pay' ? 'Registrar pagamento' : 'Plano de pagamento'}
      >
        {dialog?.kind === 'plan' ? (
          <PlanForm contract={contract} current={payments.data ?? null} onDone={close} />
        ) : null}
        {dialog?.kind === 'pay' ? (
          <MarkPaidForm
            contractId={contract.id}
            installment={dialog.installment}
            total={payments.data?.plan.installments ?? 0}
            onDone={close}
          />
        ) : null}
      </ContractModal>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** The next instalment owed: its Pix copy-and-paste, the WhatsApp '2ª via' and the payment. */
function NextInstallment({
  contract,
  payments,
  installment,
  canRecord,
  onRecord,
}: {
  contract: Contract;
  payments: ContractPayments;
  installment: InstallmentView;
  canRecord: boolean;
  onRecord: () => void;
}) {
  const whatsapp = secondCopyUrl({
    clientName: contract.client.full_name,
    phone: payments.client_phone,
    contractNumber: contract.number,
    n: installment.n,
    installments: payments.plan.installments,
    amount: installment.amount,
    dueDate: installment.due_date,
    pixCopiaECola: installment.pix_copia_e_cola,
  });
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby="proxima-parcela">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id="proxima-parcela">
            Próxima parcela: {installment.n}/{payments.plan.installments}
          </Title>
          <InstallmentStatusBadge status={installment.status} label={installment.status_label} />
        </Group>
        <Text size="sm">
          {formatReais(installment.amount)} · vence em {formatCalendarDay(installment.due_date)}
        </Text>
        {installment.pix_copia_e_cola ? (
          <Stack gap={4}>
            <Text size="sm" fw={600} id="pix-copia-e-cola">
              Pix copia e cola
            </Text>
            <Code
              block
              aria-labelledby="pix-copia-e-cola"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
            >
              {installment.pix_copia_e_cola}
            </Code>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Sem código Pix: a unidade ainda não cadastrou a chave Pix.
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          {installment.pix_copia_e_cola ? (
            <CopyButton value={installment.pix_copia_e_cola}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden />
                    ) : (
                      <IconCopy size={16} aria-hidden />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? 'Código copiado' : 'Copiar código Pix'}
                </Button>
              )}
            </CopyButton>
          ) : null}
          {whatsapp ? (
            <Button
              component="a"
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              // WhatsApp's green, darkened so white on it reads above 4.5:1 (axe); Mantine's
              // green.9 is 4.3:1.
              color={WHATSAPP_GREEN}
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
            >
              Enviar 2ª via pelo WhatsApp
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              A cliente não tem telefone cadastrado.
            </Text>
          )}
          {canRecord ? (
            <Button leftSection={<IconCash size={16} aria-hidden />} onClick={onRecord}>
              Registrar pagamento
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Every instalment, one line each (it fits a 390-px phone without a sideways scroll). */
function InstallmentList({
  payments,
  canRecord,
  onRecord,
}: {
  payments: ContractPayments;
  canRecord: boolean;
  onRecord: (installment: InstallmentView) => void;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="parcelas">
        Parcelas
      </Title>
      <Stack
        gap={6}
        component="ol"
        aria-labelledby="parcelas"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {payments.installments.map((item) => (
          <li key={item.id} aria-label={`Parcela ${item.n}`}>
            <Paper withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {item.n}/{payments.plan.installments} · {formatReais(item.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Vence em {formatCalendarDay(item.due_date)}
                    {item.paid_at ? ` · paga em ${paidOn(item.paid_at)}` : ''}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <InstallmentStatusBadge status={item.status} label={item.status_label} />
                  {canRecord && OWED.has(item.status) ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      aria-label={`Registrar pagamento da parcela ${item.n}`}
                      onClick={() => onRecord(item)}
                    >
                      Registrar
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

const REFUND_REASON_LABELS: Record<RefundView['reason'], string> = {
  desistencia: 'Desistência',
  cancelamento: 'Cancelamento',
};

/** What a withdrawal or cancellation left to return; manual ones are settled here. */
function RefundList({
  contractId,
  refunds,
  canSettle,
}: {
  contractId: number;
  refunds: readonly RefundView[];
  canSettle: boolean;
}) {
  const settle = useMarkRefundDoneMutation(contractId);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Reembolsos
      </Title>
      <FailureAlert error={settle.error} fallback="Não foi possível marcar o reembolso." />
      {refunds.map((refund) => (
        <Paper key={refund.id} withBorder radius="sm" px="sm" py={6}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <div>
              <Text size="sm" fw={600}>
                {formatReais(refund.amount)} · {REFUND_REASON_LABELS[refund.reason]}
              </Text>
              <Text size="xs" c="dimmed">
                {refund.status_label}
                {refund.done_at ? ` em ${paidOn(refund.done_at)}` : ''}
              </Text>
            </div>
            {canSettle && refund.status === 'pendente' && refund.method === 'pix_manual' ? (
              <Button
                size="compact-sm"
                variant="light"
                loading={settle.isPending && settle.variables === refund.id}
                onClick={() =>
                  settle.mutate(refund.id, {
                    onSuccess: () =>
                      notifications.show({ message: 'Reembolso marcado como feito.' }),
                  })
                }
              >
                Marcar reembolso feito
              </Button>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** 'Criar plano de pagamento' and 'Alterar plano': method, count and due day. */
function PlanForm({
  contract,
  current,
  onDone,
}: {
  contract: Contract;
  current: ContractPayments | null;
  onDone: () => void;
}) {
  const create = useCreatePaymentPlanMutation(contract.id);
  const form = useSchemaForm(paymentPlanFormSchema, {
    method: current ? planFormOf(current.plan) : 'pix_manual',
    installments: String(current?.plan.installments ?? 12),
    due_day: String(current?.plan.due_day ?? Number(saoPauloDate(contract.accepted_at).slice(8))),
  });
  const submit = form.onSubmit((values) => {
    create.mutate(paymentPlanBody(paymentPlanFormSchema.parse(values)), {
      onSuccess: () => {
        notifications.show({ message: 'Plano de pagamento salvo.' });
        onDone();
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {formatReais(contract.price_total)} em parcelas mensais que somam exatamente o preço.
        </Text>
        <Select
          label="Forma de pagamento"
          data={PLAN_FORMS.map((method) => ({ value: method, label: PLAN_FORM_LABELS[method] }))}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('method')}
        />
        <PtBrNumberInput
          label="Número de parcelas"
          whole
          required
          {...form.getInputProps('installments')}
        />
        <PtBrNumberInput
          label="Dia do vencimento"
          whole
          required
          {...form.getInputProps('due_day')}
        />
        <FailureAlert error={create.error} fallback="Não foi possível salvar o plano." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Salvar plano
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Registrar pagamento': the day the Pix arrived (today by default) and an optional note. */
function MarkPaidForm({
  contractId,
  installment,
  total,
  onDone,
}: {
  contractId: number;
  installment: InstallmentView;
  total: number;
  onDone: () => void;
}) {
  const markPaid = useMarkInstallmentPaidMutation(contractId);
  const today = saoPauloDate(new Date());
  const schema = markPaidFormSchema(today);
  const form = useSchemaForm(schema, { paid_on: today, note: '' });
  const submit = form.onSubmit((values) => {
    markPaid.mutate(
      { id: installment.id, ...markPaidBody(schema.parse(values)) },
      {
        onSuccess: () => {
          notifications.show({ message: `Parcela ${installment.n} registrada como paga.` });
          onDone();
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Parcela {installment.n}/{total}: {formatReais(installment.amount)}, vencimento em{' '}
          {formatCalendarDay(installment.due_date)}.
        </Text>
        <TextInput
          type="date"
          label="Data do pagamento"
          max={today}
          required
          {...form.getInputProps('paid_on')}
        />
        <Textarea
          label="Observação (opcional)"
          description="Ex.: identificador do Pix no extrato."
          rows={2}
          maxLength={500}
          {...form.getInputProps('note')}
        />
        <FailureAlert error={markPaid.error} fallback="Não foi possível registrar o pagamento." />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={markPaid.isPending}>
            Registrar pagamento
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatReais, saoPauloDate, type Contract } from '@portal/domain';
import { IconAlertCircle, IconFileText } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  useCancelContractMutation,
  useCancellationQuoteQuery,
  useExtendContractMutation,
  useFreezeContractMutation,
  useRecordSessionMutation,
} from '../../../api/care/contracts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

/** A dialog of the contract's actions: full screen on a phone, where the keyboard takes half. */
export function ContractModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened ? children : null}
    </Modal>
  );
}

export function FailureAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {errorMessage(error, { fallback })}
    </Alert>
  );
}

/** The server answers 422 on `override_reason` when the client's record contraindicates it. */
function isClinicalBlock(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 422 &&
    Array.isArray(error.body?.detail) &&
    error.body.detail.some((issue) => issue.loc.includes('override_reason'))
  );
}

/** Today as the São Paulo calendar day, the default date of a session. */
export function todayInSaoPaulo(): string {
  return saoPauloDate(new Date());
}

/**
 * 'Registrar sessão': procedure (preselected when given), date (today in São Paulo),
 * professional (the signed-in one) and a note. A clinical block asks for an override reason.
 */
export function RecordSessionForm({
  contract,
  serviceId,
  onDone,
  onCancel,
}: {
  contract: Contract;
  serviceId?: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { user } = useSession();
  const record = useRecordSessionMutation(contract.id);
  const available = contract.entitlements.filter((line) => line.sessions_remaining > 0);
  const [service, setService] = useState<string | null>(
    String(serviceId ?? (available.length === 1 ? available[0]?.service_id : '') ?? '') || null,
  );
  const [date, setDate] = useState(todayInSaoPaulo());
  const [professional, setProfessional] = useState<string | null>(user ? String(user.id) : null);
  const [note, setNote] = useState('');
  const [override, setOverride] = useState('');
  const [missing, setMissing] = useState(false);
  const blocked = isClinicalBlock(record.error);
  const [needsOverride, setNeedsOverride] = useState(false);
  if (blocked && !needsOverride) setNeedsOverride(true);

  // Who may be named: the signed-in user and whoever performed the contract's sessions.
  const people = new Map<number, string>();
  if (user) people.set(user.id, `${user.name} (você)`);
  for (const entry of contract.ledger) {
    if (entry.professional && !people.has(entry.professional.id)) {
      people.set(entry.professional.id, entry.professional.name);
    }
  }

  const submit = () => {
    if (!service || (needsOverride && !override.trim())) {
      setMissing(true);
      return;
    }
    record.mutate(
      {
        service_id: Number(service),
        performed_at: date || undefined,
        professional_id: professional ? Number(professional) : undefined,
        note: note.trim() || undefined,
        override_reason: needsOverride ? override.trim() : undefined,
      },
      {
        onSuccess: () => {
          const name = contract.entitlements.find((line) => String(line.service_id) === service);
          notifications.show({ message: `Sessão registrada: ${name?.name ?? 'procedimento'}.` });
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Select
        label="Procedimento"
        data={contract.entitlements.map((line) => ({
          value: String(line.service_id),
          label: `${line.name} (${line.sessions_remaining} de ${line.sessions_total} restantes)`,
          disabled: line.sessions_remaining <= 0,
        }))}
        value={service}
        onChange={setService}
        required
        allowDeselect={false}
        error={missing && !service ? 'Escolha o procedimento.' : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        type="date"
        label="Data da sessão"
        value={date}
        max={todayInSaoPaulo()}
        onChange={(event) => setDate(event.currentTarget.value)}
        required
      />
      <Select
        label="Profissional"
        data={[...people].map(([id, name]) => ({ value: String(id), label: name }))}
        value={professional}
        onChange={setProfessional}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Observação (opcional)"
        rows={2}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {needsOverride ? (
        <Stack gap="xs">
          <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(record.error, {
              fallback:
                'A ficha da cliente tem uma contraindicação absoluta para este procedimento.',
            })}
          </Alert>
          <Textarea
            label="Motivo para registrar mesmo assim"
            required
            rows={2}
            maxLength={500}
            value={override}
            error={missing && !override.trim() ? 'Informe o motivo.' : undefined}
            onChange={(event) => setOverride(event.currentTarget.value)}
          />
        </Stack>
      ) : (
        <FailureAlert error={record.error} fallback="Não foi possível registrar a sessão." />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button loading={record.isPending} onClick={submit}>
          Registrar sessão
        </Button>
      </Group>
    </Stack>
  );
}

/** A reason, then a confirming action (reverse a session, unfreeze, withdraw). */
export function ReasonForm({
  label,
  required,
  confirmLabel,
  danger,
  pending,
  error,
  errorFallback,
  intro,
  onSubmit,
  onCancel,
}: {
  label: string;
  required: boolean;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  errorFallback: string;
  intro?: ReactNode;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Stack gap="md">
      {intro}
      <Textarea
        label={label}
        required={required}
        rows={3}
        maxLength={500}
        value={reason}
        error={missing && !reason.trim() ? 'Informe o motivo.' : undefined}
        onChange={(event) => setReason(event.currentTarget.value)}
        data-autofocus
      />
      <FailureAlert error={error} fallback={errorFallback} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Voltar
        </Button>
        <Button
          color={danger ? 'red.9' : undefined}
          loading={pending}
          onClick={() => {
            if (required && !reason.trim()) setMissing(true);
            else onSubmit(reason.trim());
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Congelar': until a São Paulo day, with a reason. */
export function FreezeForm({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const freeze = useFreezeContractMutation(contract.id);
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Stack gap="md">
      <TextInput
        type="date"
        label="Congelado até"
        required
        min={todayInSaoPaulo()}
        value={until}
        error={missing && !until ? 'Informe a data.' : undefined}
        onChange={(event) => setUntil(event.currentTarget.value)}
      />
      <Textarea
        label="Motivo"
        required
        rows={3}
        maxLength={500}
        value={reason}
        error={missing && !reason.trim() ? 'Informe o motivo.' : undefined}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <FailureAlert error={freeze.error} fallback="Não foi possível congelar o contrato." />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Voltar
        </Button>
        <Button
          loading={freeze.isPending}
          onClick={() => {
            if (!until || !reason.trim()) {
              setMissing(true);
              return;
            }
            freeze.mutate(
              { until, reason: reason.trim() },
              {
                onSuccess: () => {
                  notifications.show({ message: 'Contrato congelado.' });
                  onDone();
                },
              },
            );
          }}
        >
          Congelar
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Prorrogar': whole days added to the validity, with a reason. */
export function ExtendForm({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const extend = useExtendContractMutation(contract.id);
  const [days, setDays] = useState<number | string>(30);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 365;
  return (
    <Stack gap="md">
      <NumberInput
        label="Dias a acrescentar"
        required
        min={1}
        max={365}
        allowDecimal={false}
        value={days}
        onChange={setDays}
        error={missing && !valid ? 'Informe de 1 a 365 dias.' : undefined}
      />
      <Textarea
        label="Motivo"
        required
        rows={3}
        maxLength={500}
        value={reason}
        error={missing && !reason.trim() ? 'Informe o motivo.' : undefined}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <FailureAlert error={extend.error} fallback="Não foi possível prorrogar o contrato." />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Voltar
        </Button>
        <Button
          loading={extend.isPending}
          onClick={() => {
            if (!valid || !reason.trim()) {
              setMissing(true);
              return;
            }
            extend.mutate(
              { days: Number(days), reason: reason.trim() },
              {
                onSuccess: () => {
                  notifications.show({ message: 'Validade prorrogada.' });
                  onDone();
                },
              },
            );
          }}
        >
          Prorrogar
        </Button>
      </Group>
    </Stack>
  );
}

function QuoteFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/**
 * 'Cancelar contrato': the quote first (paid, used sessions and value, fee, refund due, the
 * rule), then the reason, then the term to print for the client.
 */
export function CancelForm({
  contract,
  onOpenTerm,
  onDone,
}: {
  contract: Contract;
  onOpenTerm: () => void;
  onDone: () => void;
}) {
  const quote = useCancellationQuoteQuery(contract.id, true);
  const cancel = useCancelContractMutation(contract.id);
  const [step, setStep] = useState<'quote' | 'reason' | 'done'>('quote');

  if (step === 'done') {
    return (
      <Stack gap="md">
        <Alert color="teal" role="status">
          Contrato cancelado. Entregue o termo de cancelamento à cliente.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Fechar
          </Button>
          <Button leftSection={<IconFileText size={16} aria-hidden />} onClick={onOpenTerm}>
            Termo de cancelamento (PDF)
          </Button>
        </Group>
      </Stack>
    );
  }

  const figures = quote.data ? (
    <Stack gap="sm" aria-label="Cálculo do cancelamento">
      <SimpleGrid cols={2} spacing="sm">
        <QuoteFigure label="Pago" value={formatReais(quote.data.paid)} />
        <QuoteFigure label="Sessões usadas" value={String(quote.data.used_sessions)} />
        <QuoteFigure label="Valor usado" value={formatReais(quote.data.used_value)} />
        <QuoteFigure
          label={`Multa (${String(quote.data.fee_percent).replace('.', ',')} %)`}
          value={formatReais(quote.data.fee)}
        />
        <QuoteFigure label="Reembolso devido" value={formatReais(quote.data.refund_due)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Regra aplicada: {quote.data.rule}
      </Text>
    </Stack>
  ) : null;

  if (step === 'reason') {
    return (
      <ReasonForm
        label="Motivo do cancelamento"
        required
        confirmLabel="Cancelar contrato"
        danger
        pending={cancel.isPending}
        error={cancel.error}
        errorFallback="Não foi possível cancelar o contrato."
        intro={figures}
        onCancel={() => setStep('quote')}
        onSubmit={(reason) => cancel.mutate({ reason }, { onSuccess: () => setStep('done') })}
      />
    );
  }

  return (
    <Stack gap="md">
      {quote.isPending ? (
        <Skeleton h={120} role="status" aria-label="Calculando o cancelamento" />
      ) : quote.isError ? (
        <FailureAlert error={quote.error} fallback="Não foi possível calcular o cancelamento." />
      ) : (
        figures
      )}
      <List size="sm" c="dimmed">
        <List.Item>O reembolso nunca é negativo nem maior do que o valor pago.</List.Item>
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Voltar
        </Button>
        <Button color="red.9" disabled={!quote.data} onClick={() => setStep('reason')}>
          Continuar
        </Button>
      </Group>
    </Stack>
  );
}

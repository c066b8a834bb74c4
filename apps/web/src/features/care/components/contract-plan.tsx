import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CONTRACT_STATUS_LABELS,
  formatDateTimeBR,
  formatReais,
  type Contract,
  type ContractLedgerEntry,
  type ContractStatus,
} from '@portal/domain';
import {
  IconArrowBackUp,
  IconCalendarPlus,
  IconFileText,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  fetchCancellationTerm,
  useReverseSessionMutation,
  useUnfreezeContractMutation,
  useWithdrawContractMutation,
} from '../../../api/care/contracts';
import { PdfBlobDialog, type PdfBlobDialogProps } from '../../../components/pdf-blob-dialog';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { isManagerProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import {
  CancelForm,
  ContractModal,
  ExtendForm,
  FreezeForm,
  ReasonForm,
  RecordSessionForm,
} from './contract-dialogs';

export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = {
  ativo: 'teal',
  congelado: 'blue',
  concluido: 'gray',
  expirado: 'orange',
  cancelado: 'red',
  desistencia: 'red',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return (
    <Badge variant="dot" color={CONTRACT_STATUS_COLORS[status]}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}

const day = (value: string | null) => (value ? formatCalendarDay(value) : '—');

type Dialog =
  | { kind: 'session'; serviceId?: number }
  | { kind: 'reverse'; entry: ContractLedgerEntry }
  | { kind: 'freeze' }
  | { kind: 'unfreeze' }
  | { kind: 'extend' }
  | { kind: 'withdraw' }
  | { kind: 'cancel' };

const DIALOG_TITLES: Record<Dialog['kind'], string> = {
  session: 'Registrar sessão',
  reverse: 'Estornar sessão',
  freeze: 'Congelar contrato',
  unfreeze: 'Descongelar contrato',
  extend: 'Prorrogar validade',
  withdraw: 'Registrar desistência',
  cancel: 'Cancelar contrato',
};

/**
 * One contract as the front desk and the manager use it (issue 28): per procedure the sessions
 * used and remaining, the contracted price of a session and the next allowed date; the actions
 * the viewer's role allows; and the ledger, where a reversed session stays, struck through, with
 * the reversal's reason.
 */
export function ContractPlan({
  contract,
  headingLevel = 2,
  linkToPage = false,
}: {
  contract: Contract;
  headingLevel?: 2 | 3;
  /** On the client's page: a link to the contract's own page. */
  linkToPage?: boolean;
}) {
  const { user } = useSession();
  const manager = isManagerProfile(user?.profile);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [pdf, setPdf] = useState<PdfBlobDialogProps['request']>(null);
  const close = () => setDialog(null);
  const ended = contract.status === 'cancelado' || contract.status === 'desistencia';
  const open = contract.status === 'ativo' || contract.status === 'congelado';
  const headingId = `contrato-${contract.id}`;

  const openTerm = () =>
    setPdf({
      title: 'Termo de cancelamento (PDF)',
      fileName: `termo-cancelamento-${contract.number}.pdf`,
      load: () => fetchCancellationTerm(contract.id),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Group gap="xs" wrap="wrap">
              <Title order={headingLevel} size="h4" id={headingId}>
                {contract.package_name} · {contract.number}
              </Title>
              <ContractStatusBadge status={contract.status} />
            </Group>
            <Text size="sm" c="dimmed">
              Válido de {day(contract.valid_from)} a {day(contract.valid_until)} ·{' '}
              {formatReais(contract.price_total)} · {contract.unit}
            </Text>
          </div>
          {linkToPage ? (
            <Anchor component={Link} to={`/contratos/${contract.id}`} size="sm">
              Abrir contrato {contract.number}
            </Anchor>
          ) : null}
        </Group>

        {contract.frozen_until ? (
          <Alert color="blue" variant="light">
            Congelado até {day(contract.frozen_until)}.
          </Alert>
        ) : null}
        {contract.can_withdraw && contract.withdrawal_until ? (
          <Alert color="gray" variant="light">
            Aceite à distância: a cliente pode desistir até{' '}
            {formatDateTimeBR(contract.withdrawal_until)}.
          </Alert>
        ) : null}

        <Entitlements contract={contract} />

        <Group gap="xs" wrap="wrap">
          {contract.status === 'ativo' ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'session' })}
            >
              Registrar sessão
            </Button>
          ) : null}
          {manager && contract.status === 'ativo' ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'freeze' })}
            >
              Congelar
            </Button>
          ) : null}
          {manager && contract.status === 'congelado' ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'unfreeze' })}
            >
              Descongelar
            </Button>
          ) : null}
          {manager && (open || contract.status === 'expirado') ? (
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'extend' })}
            >
              Prorrogar
            </Button>
          ) : null}
          {contract.can_withdraw ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'withdraw' })}
            >
              Registrar desistência
            </Button>
          ) : null}
          {manager && open ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'cancel' })}
            >
              Cancelar contrato
            </Button>
          ) : null}
          {ended ? (
            <Button
              variant="light"
              leftSection={<IconFileText size={16} aria-hidden />}
              onClick={openTerm}
            >
              {contract.status === 'cancelado'
                ? 'Termo de cancelamento (PDF)'
                : 'Termo de desistência (PDF)'}
            </Button>
          ) : null}
        </Group>

        <LedgerTable
          contract={contract}
          headingLevel={headingLevel}
          onReverse={(entry) => setDialog({ kind: 'reverse', entry })}
        />
      </Stack>

      <ContractModal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? DIALOG_TITLES[dialog.kind] : ''}
      >
        {dialog ? (
          <DialogBody contract={contract} dialog={dialog} close={close} onOpenTerm={openTerm} />
        ) : null}
      </ContractModal>
      <PdfBlobDialog request={pdf} onClose={() => setPdf(null)} />
    </Paper>
  );
}

function DialogBody({
  contract,
  dialog,
  close,
  onOpenTerm,
}: {
  contract: Contract;
  dialog: Dialog;
  close: () => void;
  onOpenTerm: () => void;
}) {
  const reverse = useReverseSessionMutation(contract.id);
  const unfreeze = useUnfreezeContractMutation(contract.id);
  const withdraw = useWithdrawContractMutation(contract.id);
  const done = (message: string) => () => {
    notifications.show({ message });
    close();
  };
  switch (dialog.kind) {
    case 'session':
      return (
        <RecordSessionForm
          contract={contract}
          serviceId={dialog.serviceId}
          onDone={close}
          onCancel={close}
        />
      );
    case 'reverse':
      return (
        <ReasonForm
          intro={
            <Text size="sm">
              A sessão de {dialog.entry.service_name} em {day(dialog.entry.on_date)} volta ao saldo.
              Ela continua no histórico, riscada, com o motivo.
            </Text>
          }
          label="Motivo do estorno"
          required
          confirmLabel="Estornar sessão"
          danger
          pending={reverse.isPending}
          error={reverse.error}
          errorFallback="Não foi possível estornar a sessão."
          onCancel={close}
          onSubmit={(reason) =>
            reverse.mutate(
              { entryId: dialog.entry.id, reason },
              { onSuccess: done('Sessão estornada.') },
            )
          }
        />
      );
    case 'freeze':
      return <FreezeForm contract={contract} onDone={close} />;
    case 'unfreeze':
      return (
        <ReasonForm
          label="Motivo (opcional)"
          required={false}
          confirmLabel="Descongelar"
          pending={unfreeze.isPending}
          error={unfreeze.error}
          errorFallback="Não foi possível descongelar o contrato."
          onCancel={close}
          onSubmit={(reason) =>
            unfreeze.mutate(
              { reason: reason || undefined },
              { onSuccess: done('Contrato descongelado.') },
            )
          }
        />
      );
    case 'extend':
      return <ExtendForm contract={contract} onDone={close} />;
    case 'withdraw':
      return (
        <ReasonForm
          intro={
            <Text size="sm">
              Desistência no prazo de 7 dias (CDC art. 49): o contrato termina e tudo o que foi pago
              é devolvido.
            </Text>
          }
          label="Observação (opcional)"
          required={false}
          confirmLabel="Registrar desistência"
          danger
          pending={withdraw.isPending}
          error={withdraw.error}
          errorFallback="Não foi possível registrar a desistência."
          onCancel={close}
          onSubmit={(reason) =>
            withdraw.mutate(
              { reason: reason || undefined },
              { onSuccess: done('Desistência registrada.') },
            )
          }
        />
      );
    case 'cancel':
      return <CancelForm contract={contract} onOpenTerm={onOpenTerm} onDone={close} />;
  }
}

/** The ledger, newest first; a reversed session is struck through with the reversal's reason. */
function LedgerTable({
  contract,
  headingLevel,
  onReverse,
}: {
  contract: Contract;
  headingLevel: 2 | 3;
  onReverse: (entry: ContractLedgerEntry) => void;
}) {
  const byId = new Map(contract.ledger.map((entry) => [entry.id, entry]));
  const entries = [...contract.ledger].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  );
  const canReverse = contract.status === 'ativo' || contract.status === 'concluido';
  return (
    <Stack gap="xs">
      <Title order={(headingLevel + 1) as 3 | 4} size="h5">
        Histórico
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum lançamento.
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => {
            const reversal = entry.reversed_by_id ? byId.get(entry.reversed_by_id) : undefined;
            const struck = entry.kind === 'redeem' && entry.reversed_by_id !== null;
            return (
              <li key={entry.id}>
                <Paper withBorder radius="sm" px="sm" py={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text
                        size="sm"
                        fw={600}
                        td={struck ? 'line-through' : undefined}
                        c={struck ? 'dimmed' : undefined}
                      >
                        {entry.label}
                        {entry.service_name ? `: ${entry.service_name}` : ''}
                        {entry.kind === 'redeem' && entry.on_date
                          ? ` em ${day(entry.on_date)}`
                          : ''}
                        {entry.kind === 'freeze' && entry.until_date
                          ? ` até ${day(entry.until_date)}`
                          : ''}
                        {entry.kind === 'extend' && entry.days ? ` (+${entry.days} dias)` : ''}
                      </Text>
                      {struck ? <VisuallyHidden>(estornada)</VisuallyHidden> : null}
                      <Text size="xs" c="dimmed">
                        {formatDateTimeBR(entry.created_at)} · {entry.actor_label}
                        {entry.professional && entry.professional.name !== entry.actor_label
                          ? ` · profissional: ${entry.professional.name}`
                          : ''}
                      </Text>
                      {struck ? (
                        <Text size="xs" c="red.8">
                          Estornada{reversal?.reason ? `: ${reversal.reason}` : ''}
                        </Text>
                      ) : null}
                      {entry.kind !== 'reverse' && entry.reason ? (
                        <Text size="xs">Motivo: {entry.reason}</Text>
                      ) : null}
                      {entry.note ? <Text size="xs">Obs.: {entry.note}</Text> : null}
                      {entry.override_reason ? (
                        <Text size="xs" c="orange.8">
                          Contraindicação registrada com motivo: {entry.override_reason}
                        </Text>
                      ) : null}
                    </div>
                    {entry.kind === 'redeem' && !struck && canReverse ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        style={{ flexShrink: 0 }}
                        onClick={() => onReverse(entry)}
                        aria-label={`Estornar sessão de ${entry.service_name ?? ''} em ${day(entry.on_date)}`}
                      >
                        Estornar
                      </Button>
                    ) : null}
                  </Group>
                </Paper>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Per procedure: used, remaining, the contracted price of a session, the next allowed day. A
 * table from 36em; on a phone each procedure is a short block, so no figure hides off screen.
 */
function Entitlements({ contract }: { contract: Contract }) {
  const phone = useMediaQuery('(max-width: 36em)');
  if (phone) {
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label="Sessões por procedimento"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {contract.entitlements.map((line) => (
          <li key={line.service_id}>
            <Paper withBorder radius="sm" px="sm" py="xs">
              <Text fw={600} size="sm">
                {line.name}
              </Text>
              <Text size="sm">
                Usadas {line.sessions_used} de {line.sessions_total} · Restantes{' '}
                {line.sessions_remaining}
              </Text>
              <Text size="sm" c="dimmed">
                {formatReais(line.unit_price)} por sessão · Próxima data:{' '}
                {day(line.next_allowed_date)}
              </Text>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table verticalSpacing="xs" fz="sm">
        <caption style={{ position: 'absolute', left: -9999 }}>Sessões por procedimento</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Procedimento</Table.Th>
            <Table.Th ta="right">Usadas</Table.Th>
            <Table.Th ta="right">Restantes</Table.Th>
            <Table.Th ta="right">Preço por sessão</Table.Th>
            <Table.Th>Próxima data</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contract.entitlements.map((line) => (
            <Table.Tr key={line.service_id}>
              <Table.Th scope="row" fw={500}>
                {line.name}
              </Table.Th>
              <Table.Td ta="right">
                {line.sessions_used} de {line.sessions_total}
              </Table.Td>
              <Table.Td ta="right">{line.sessions_remaining}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatReais(line.unit_price)}
              </Table.Td>
              <Table.Td>{day(line.next_allowed_date)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A compact figure row (the contract page's header). */
export function ContractFacts({ contract }: { contract: Contract }) {
  const facts: [string, string][] = [
    ['Cliente', contract.client.full_name],
    ['Vendedor', contract.seller.name],
    [
      'Aceite',
      `${formatDateTimeBR(contract.accepted_at)} (${contract.channel === 'link' ? 'link' : 'presencial'})`,
    ],
    ['Sessões', `${contract.sessions_used} de ${contract.sessions_total} usadas`],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

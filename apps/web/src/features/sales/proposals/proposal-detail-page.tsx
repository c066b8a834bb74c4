import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DECLINE_REASON_CODES,
  DECLINE_REASON_LABELS,
  formatDateBR,
  formatDateTimeBR,
  formatPercentExact,
  formatReais,
  pdfFileName,
  type DeclineReasonCode,
  type ProposalSendResponse,
} from '@portal/domain';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBrandWhatsapp,
  IconCheck,
  IconCopy,
  IconFileCertificate,
  IconFileText,
  IconHeartHandshake,
  IconLinkOff,
  IconPencil,
  IconSend,
  IconSignature,
  IconSparkles,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  fetchProposalPdf,
  useAcceptInPersonMutation,
  useDeclineProposalMutation,
  useProposalQuery,
  useRevokeProposalLinkMutation,
  useSendProposalMutation,
  type Proposal,
} from '../../../api/sales/proposals';
import {
  BenefitsPanel,
  ClinicalPanel,
  SynergiesPanel,
  useProposalSynergies,
} from './receipt-panels';
import { openConfirmModal } from '../../../components/confirm-modal';
import { PdfBlobDialog, type PdfBlobDialogProps } from '../../../components/pdf-blob-dialog';
import {
  PROPOSAL_STATUS_COLORS,
  PROPOSAL_STATUS_LABELS,
} from '../../../components/proposal-status';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { ClientModeSwitch, useClientMode } from '../../../lib/client-mode';
import { useIsDesktop } from '../../../lib/use-is-desktop';

const REASON_OPTIONS = DECLINE_REASON_CODES.map((code) => ({
  value: code,
  label: DECLINE_REASON_LABELS[code],
}));

/** The proposal's own page (/propostas/{id}): the stored record, not a session's receipt. */
export default function ProposalDetailPage() {
  const id = Number(useParams().id);
  const proposal = useProposalQuery(id);
  usePageTitle(proposal.data ? `Proposta ${proposal.data.number}` : 'Proposta');

  if (proposal.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Carregando proposta">
        <Skeleton h={40} w="50%" />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (proposal.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Proposta
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(proposal.error, {
            byStatus: { 404: 'Proposta não encontrada.' },
            fallback: 'Não foi possível carregar a proposta.',
          })}
        </Alert>
        <BackLink />
      </Stack>
    );
  }
  return <ProposalView key={proposal.data.id} proposal={proposal.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to="/propostas" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> Voltar para propostas
      </Group>
    </Anchor>
  );
}

/** Today as AAAA-MM-DD in Brazil's clock, the date the PDF file names carry. */
function todayIsoInSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

const OPEN_STATUSES = new Set(['draft', 'sent', 'viewed']);

function ProposalView({ proposal }: { proposal: Proposal }) {
  const navigate = useNavigate();
  const compact = !useIsDesktop();
  const send = useSendProposalMutation(proposal.id);
  const revoke = useRevokeProposalLinkMutation(proposal.id);
  const [sent, setSent] = useState<ProposalSendResponse | null>(null);
  const [declineOpened, setDeclineOpened] = useState(false);
  const [acceptOpened, setAcceptOpened] = useState(false);
  const [pdf, setPdf] = useState<PdfBlobDialogProps['request']>(null);
  const open = OPEN_STATUSES.has(proposal.status);
  const canRevise = proposal.status !== 'superseded' && proposal.status !== 'accepted';
  const { totals } = proposal;
  const columnCount = compact ? 2 : 4;
  const today = todayIsoInSaoPaulo();
  // The same 'modo cliente' as the builder: the page shown to the client hides internal figures.
  const [clientMode, setClientMode] = useClientMode();
  const synergies = useProposalSynergies(proposal);

  const doSend = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => setSent(answer),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, { fallback: 'Não foi possível enviar a proposta.' }),
        }),
    });

  // Each send makes a new link: the one the client already has stops opening.
  const confirmResend = () =>
    openConfirmModal({
      title: 'Reenviar link',
      children: (
        <Text size="sm">
          Um novo link será criado e o link enviado antes deixará de abrir a proposta.
        </Text>
      ),
      labels: { confirm: 'Criar novo link', cancel: 'Cancelar' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: doSend,
    });

  const confirmRevoke = () =>
    openConfirmModal({
      title: 'Revogar link',
      children: (
        <Text size="sm">
          O link enviado ao cliente deixa de abrir a proposta. Para enviar de novo, use
          &apos;Enviar&apos;.
        </Text>
      ),
      labels: { confirm: 'Revogar link', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setSent(null);
            notifications.show({ message: 'Link revogado.' });
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: 'Não foi possível revogar o link.' }),
            }),
        }),
    });

  const footer = [
    { label: 'Valor Total Avulso', value: formatReais(totals.servicesTotalValue) },
    { label: 'Valor do Pacote', value: formatReais(totals.annual) },
    totals.discount >= 0
      ? {
          label: 'Desconto Gerado',
          value: `${formatReais(totals.discount)} (${formatPercentExact(totals.discountPct)})`,
        }
      : { label: 'Desconto Gerado', value: 'Sem desconto (benefícios do pacote)' },
    { label: 'Valor Mensal (12x)', value: formatReais(totals.monthly) },
  ];

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h2">
              Proposta {proposal.number}
            </Title>
            <Badge variant="outline" color="gray">
              Versão {proposal.version}
            </Badge>
            <Badge variant="dot" color={PROPOSAL_STATUS_COLORS[proposal.status]} size="lg">
              {PROPOSAL_STATUS_LABELS[proposal.status]}
            </Badge>
          </Group>
          <Text c="dimmed">
            <Anchor component={Link} to={`/clientes/${proposal.client.id}`} underline="always">
              {proposal.client.full_name}
            </Anchor>{' '}
            · {proposal.package.name}
          </Text>
        </div>
        <ClientModeSwitch checked={clientMode} onChange={setClientMode} />
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Info label="Criada em" value={formatDateTimeBR(proposal.created_at)} />
        <Info label="Válida até" value={formatDateBR(proposal.valid_until)} />
        <Info
          label="Autor"
          value={
            proposal.revised_by && proposal.revised_by.id !== proposal.author.id
              ? `${proposal.author.name} (revisada por ${proposal.revised_by.name})`
              : proposal.author.name
          }
        />
        <Info label="Unidade" value={proposal.unit} />
      </SimpleGrid>

      {proposal.superseded_by_id ? (
        <Alert color="gray">
          Esta versão foi substituída.{' '}
          <Anchor
            component={Link}
            to={`/propostas/${proposal.superseded_by_id}`}
            underline="always"
          >
            Abrir a versão mais recente
          </Anchor>
        </Alert>
      ) : null}

      <ClinicalPanel proposal={proposal} />

      {proposal.acceptance ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="evidencia">
          <Group gap="xs" mb="xs">
            <IconCheck size={18} aria-hidden />
            <Title order={2} size="h4" id="evidencia">
              Aceite do cliente
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Info label="Aceita em" value={formatDateTimeBR(proposal.acceptance.accepted_at)} />
            <Info label="Nome digitado" value={proposal.acceptance.full_name} />
            {proposal.acceptance.channel === 'presencial' ? (
              <Info
                label="Aceite presencial registrado por"
                value={proposal.acceptance.recorded_by?.name ?? '—'}
              />
            ) : (
              <>
                <Info label="Endereço IP" value={proposal.acceptance.ip} />
                <Info label="Navegador" value={proposal.acceptance.user_agent} />
              </>
            )}
          </SimpleGrid>
          {proposal.acceptance.document_hmac ? (
            <Text size="xs" c="dimmed" mt="xs" style={{ wordBreak: 'break-all' }}>
              Selo do PDF aceito (HMAC-SHA-256): {proposal.acceptance.document_hmac}
            </Text>
          ) : proposal.acceptance.document_sha256 ? (
            <Text size="xs" c="dimmed" mt="xs" style={{ wordBreak: 'break-all' }}>
              SHA-256 do PDF aceito: {proposal.acceptance.document_sha256}
            </Text>
          ) : null}
        </Paper>
      ) : null}

      {proposal.decline ? (
        <Alert color="red" variant="light">
          <Text size="sm" fw={700} component="span">
            Proposta recusada:{' '}
          </Text>
          {formatDateTimeBR(proposal.decline.declined_at)} ·{' '}
          {proposal.decline.by === 'client' ? 'pelo cliente' : 'registrada pela equipe'}
          {proposal.decline.reason_code
            ? ` · ${DECLINE_REASON_LABELS[proposal.decline.reason_code]}`
            : ''}
          {proposal.decline.reason_text ? ` · "${proposal.decline.reason_text}"` : ''}
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="proposal-summary">
        <Title order={2} size="h4" id="proposal-summary" mb="sm">
          Resumo do Pacote
        </Title>
        <Table.ScrollContainer
          minWidth={compact ? 0 : 480}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Tabela do resumo do pacote"
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Procedimento</Table.Th>
                {compact ? null : (
                  <>
                    <Table.Th ta="right">Sessões</Table.Th>
                    <Table.Th ta="right">Valor Unitário</Table.Th>
                  </>
                )}
                <Table.Th ta="right">Valor Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {proposal.items.map((item) => (
                <Table.Tr key={item.service_id}>
                  {compact ? (
                    <Table.Td>
                      {item.name}
                      <Text size="xs" c="dimmed">
                        {item.sessions} × {formatReais(item.unit_value)}
                      </Text>
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td ta="right">{item.sessions}</Table.Td>
                      <Table.Td ta="right">{formatReais(item.unit_value)}</Table.Td>
                    </>
                  )}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatReais(item.total_value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {footer.map(({ label, value }) => (
                <Table.Tr key={label}>
                  <Table.Th colSpan={columnCount - 1} scope="row">
                    {label}
                  </Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <BenefitsPanel proposal={proposal} />

      {clientMode ? null : (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="valores-internos">
          <Title order={2} size="h4" id="valores-internos" mb="xs">
            Valores internos
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Info label="Receita líquida" value={formatReais(totals.receitaLiquida)} />
            <Info label="Lucro" value={formatReais(totals.lucro)} />
            <Info label="Margem" value={formatPercentExact(totals.margemPct)} />
          </SimpleGrid>
        </Paper>
      )}

      <SynergiesPanel generate={synergies.generate} />

      {sent ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="link-publico">
          <Title order={2} size="h4" id="link-publico" mb="xs">
            Link para o cliente
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Válido até {formatDateTimeBR(sent.expires_at)}.
            {sent.email_sent ? ' Também enviado por email.' : ''}
          </Text>
          <Stack gap="sm">
            <TextInput label="Link público" value={sent.public_url} readOnly />
            <Group gap="sm" wrap="wrap">
              <CopyButton value={sent.public_url}>
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
                    {copied ? 'Link copiado' : 'Copiar link'}
                  </Button>
                )}
              </CopyButton>
              {sent.whatsapp_url ? (
                <Button
                  component="a"
                  href={sent.whatsapp_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="green"
                  leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
                >
                  Enviar pelo WhatsApp
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  O cliente não tem telefone cadastrado: copie o link.
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>
      ) : null}

      <Group gap="sm" wrap="wrap">
        {open ? (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={send.isPending}
            onClick={proposal.status === 'draft' ? doSend : confirmResend}
          >
            {proposal.status === 'draft' ? 'Enviar' : 'Reenviar link'}
          </Button>
        ) : null}
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} aria-hidden />}
          loading={synergies.generate.isPending}
          onClick={synergies.ask}
        >
          Sinergias
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileText size={16} aria-hidden />}
          onClick={() =>
            setPdf({
              title: 'Proposta (PDF)',
              fileName: pdfFileName('proposal', proposal.package.name, today),
              load: () => fetchProposalPdf(proposal.id, 'proposal'),
            })
          }
        >
          Visualizar PDF
        </Button>
        <Button
          variant="light"
          leftSection={<IconHeartHandshake size={16} aria-hidden />}
          onClick={() =>
            setPdf({
              title: 'Client Care (PDF)',
              fileName: pdfFileName('client-care', proposal.client.full_name, today),
              load: () => fetchProposalPdf(proposal.id, 'client-care'),
            })
          }
        >
          PDF Client
        </Button>
        {proposal.link_active ? (
          <Button
            variant="default"
            leftSection={<IconLinkOff size={16} aria-hidden />}
            loading={revoke.isPending}
            onClick={confirmRevoke}
          >
            Revogar link
          </Button>
        ) : null}
        {canRevise ? (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => void navigate(`/montar-pacote?revisar=${proposal.id}`)}
          >
            Nova versão
          </Button>
        ) : null}
        {proposal.status === 'sent' || proposal.status === 'viewed' ? (
          <Button
            variant="light"
            color="teal"
            leftSection={<IconSignature size={16} aria-hidden />}
            onClick={() => setAcceptOpened(true)}
          >
            Aceite presencial
          </Button>
        ) : null}
        {proposal.status === 'accepted' ? (
          <Button
            component={Link}
            to={`/propostas/${proposal.id}/contrato`}
            leftSection={<IconFileCertificate size={16} aria-hidden />}
          >
            Ver contrato
          </Button>
        ) : null}
        {open ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setDeclineOpened(true)}
          >
            Registrar recusa
          </Button>
        ) : null}
      </Group>

      <AcceptInPersonDialog
        proposal={proposal}
        opened={acceptOpened}
        onClose={() => setAcceptOpened(false)}
        onAccepted={(contractId) => void navigate(`/contratos/${contractId}`)}
      />
      <DeclineDialog
        proposalId={proposal.id}
        opened={declineOpened}
        onClose={() => setDeclineOpened(false)}
      />
      <PdfBlobDialog request={pdf} onClose={() => setPdf(null)} />
    </Stack>
  );
}

function Info({ label, value }: { label: string; value: string }) {
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

function DeclineDialog({
  proposalId,
  opened,
  onClose,
}: {
  proposalId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const decline = useDeclineProposalMutation(proposalId);
  const [code, setCode] = useState<DeclineReasonCode | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = () => {
    if (!code) {
      setMissing(true);
      return;
    }
    decline.mutate(
      { reason_code: code, reason_text: text },
      {
        onSuccess: () => {
          notifications.show({ message: 'Recusa registrada.' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Registrar recusa"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Select
          label="Motivo"
          data={REASON_OPTIONS}
          value={code}
          required
          error={missing && !code ? 'Escolha o motivo.' : undefined}
          onChange={(value) => setCode(value as DeclineReasonCode | null)}
        />
        <Textarea
          label="Detalhes (opcional)"
          rows={3}
          maxLength={500}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {decline.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(decline.error, { fallback: 'Não foi possível registrar a recusa.' })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red.9" loading={decline.isPending} onClick={submit}>
            Registrar recusa
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 'Aceite presencial': the client, in the clinic, types her full name as on the proposal; the
 * server compares it and records who took the acceptance. Then the contract's page opens.
 */
function AcceptInPersonDialog({
  proposal,
  opened,
  onClose,
  onAccepted,
}: {
  proposal: Proposal;
  opened: boolean;
  onClose: () => void;
  onAccepted: (contractId: number) => void;
}) {
  const accept = useAcceptInPersonMutation(proposal.id);
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    accept.mutate(
      { full_name: name.trim() },
      {
        onSuccess: (answer) => {
          notifications.show({ message: 'Aceite registrado: o contrato foi criado.' });
          onClose();
          onAccepted(answer.contract_id);
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Aceite presencial"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Peça à cliente que leia a proposta {proposal.number} ({proposal.package.name},{' '}
          {formatReais(proposal.totals.annual)}) e digite o nome completo dela para confirmar o
          aceite. O aceite presencial não tem o prazo de 7 dias para desistência.
        </Text>
        <TextInput
          label="Nome completo da cliente"
          required
          autoComplete="off"
          value={name}
          error={missing && !name.trim() ? 'Digite o nome completo da cliente.' : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        {accept.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(accept.error, { fallback: 'Não foi possível registrar o aceite.' })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="teal" loading={accept.isPending} onClick={submit}>
            Confirmar aceite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

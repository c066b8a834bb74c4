import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
  Modal,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ACCESS_LOG_ACTION_LABELS,
  CONSENT_CHANNEL_LABELS,
  CONSENT_CHANNELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  CONSENT_TEXTS,
  CURRENT_CONSENT_TEXT_VERSION,
  formatCpf,
  formatDateBR,
  formatDateTimeBR,
  type ConsentChannel,
  type ConsentPurpose,
} from '@portal/domain';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDownload,
  IconFileText,
  IconUserOff,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  fetchClientExport,
  useAnonymizeClientMutation,
  useClientAccessLogQuery,
  useClientConsentsQuery,
  useClientQuery,
  useConsentMutation,
  useUpdateClientMutation,
  type Client,
} from '../../../api/crm/clients';
import { useClientProposalsQuery } from '../../../api/sales/proposals';
import { ClientForm } from '../../../components/client-form';
import { allergyLabel, conditionLabel } from '../../../components/clinical-fields';
import { openConfirmModal } from '../../../components/confirm-modal';
import {
  PROPOSAL_STATUS_COLORS,
  PROPOSAL_STATUS_LABELS,
} from '../../../components/proposal-status';
import { saveBlob } from '../../../components/save-blob';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { ClientPlanTab } from './client-plan-tab';

const CHANNEL_OPTIONS = CONSENT_CHANNELS.map((channel) => ({
  value: channel,
  label: CONSENT_CHANNEL_LABELS[channel],
}));

/** The client's record, consents, proposals and (admins) who read their health data. */
export default function ClientDetailPage() {
  const id = Number(useParams().id);
  const client = useClientQuery(id);
  usePageTitle(client.data?.full_name ?? 'Cliente');

  if (client.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Carregando cliente">
        <Skeleton h={40} w="50%" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (client.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Cliente
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(client.error, {
            byStatus: { 404: 'Cliente não encontrado.' },
            fallback: 'Não foi possível carregar o cliente.',
          })}
        </Alert>
        <BackLink />
      </Stack>
    );
  }
  return <ClientDetail client={client.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to="/clientes" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> Voltar para clientes
      </Group>
    </Anchor>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text>{value ? value : '—'}</Text>
    </div>
  );
}

const listText = (list: readonly string[]) => (list.length ? list.join(', ') : null);

function ClientDetail({ client }: { client: Client }) {
  const { user } = useSession();
  const profile = user?.profile;
  const canManage = profile === 'admin' || profile === 'manager';
  const isAdmin = profile === 'admin';
  const anonymize = useAnonymizeClientMutation(client.id);
  const [exporting, setExporting] = useState<'json' | 'pdf' | null>(null);
  const anonymized = client.anonymized_at !== null;
  const [editing, setEditing] = useState(false);
  const update = useUpdateClientMutation(client.id);
  // The tab lives in the URL (?aba=plano), so the contract page can link back to it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === 'plano' ? 'plano' : 'ficha';
  const setTab = (value: 'plano' | null) =>
    setParams(value ? { aba: value } : {}, { replace: true });

  const download = async (format: 'json' | 'pdf') => {
    setExporting(format);
    try {
      const blob = await fetchClientExport(client.id, format);
      saveBlob(blob, `cliente-${client.id}-dados.${format}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, { fallback: 'Não foi possível exportar os dados.' }),
      });
    } finally {
      setExporting(null);
    }
  };

  const confirmAnonymize = () =>
    openConfirmModal({
      title: 'Anonimizar cliente',
      children: (
        <Text size="sm">
          Os dados pessoais de {client.full_name} serão removidos de todos os registros, inclusive
          das propostas e seus PDFs. Os valores das propostas continuam para os registros da
          clínica. Esta ação não pode ser desfeita.
        </Text>
      ),
      labels: { confirm: 'Anonimizar', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        anonymize.mutate(undefined, {
          onSuccess: () =>
            notifications.show({
              message: 'Cliente anonimizado: os dados pessoais foram removidos.',
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error, { fallback: 'Não foi possível anonimizar o cliente.' }),
            }),
        }),
    });

  return (
    <Stack gap="lg">
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Editar cliente"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        {editing ? (
          <ClientForm
            editing={client}
            defaultUnit={client.unit}
            submitting={update.isPending}
            error={
              update.error
                ? errorMessage(update.error, { fallback: 'Não foi possível salvar o cliente.' })
                : null
            }
            onCancel={() => setEditing(false)}
            onSubmit={({ body }) =>
              update.mutate(body, {
                onSuccess: () => {
                  setEditing(false);
                  notifications.show({ message: 'Cliente atualizado.' });
                },
              })
            }
          />
        ) : null}
      </Modal>
      <BackLink />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {anonymized ? 'Cliente anonimizado' : client.full_name}
          </Title>
          <Text c="dimmed">
            {client.unit} · cadastrado em {formatDateBR(client.created_at)}
          </Text>
        </div>
        {anonymized ? null : (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => {
              update.reset();
              setEditing(true);
            }}
          >
            Editar
          </Button>
        )}
        {canManage ? (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting === 'json'}
              onClick={() => void download('json')}
            >
              Exportar JSON
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileText size={16} aria-hidden />}
              loading={exporting === 'pdf'}
              onClick={() => void download('pdf')}
            >
              Exportar PDF
            </Button>
            {anonymized ? null : (
              <Button
                color="red"
                variant="light"
                leftSection={<IconUserOff size={16} aria-hidden />}
                loading={anonymize.isPending}
                onClick={confirmAnonymize}
              >
                Anonimizar
              </Button>
            )}
          </Group>
        ) : null}
      </Group>

      {anonymized ? (
        <Alert color="gray">
          Dados pessoais removidos em {formatDateTimeBR(client.anonymized_at ?? '')}.
        </Alert>
      ) : null}

      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'plano' ? 'plano' : null)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="ficha">Ficha</Tabs.Tab>
          <Tabs.Tab value="plano">Plano</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ficha" pt="md">
          <Stack gap="lg">
            <Paper
              withBorder
              radius="md"
              p="md"
              component="section"
              aria-labelledby="dados-cliente"
            >
              <Title order={2} size="h4" id="dados-cliente" mb="sm">
                Dados do cliente
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                <Field label="Nome preferido" value={client.preferred_name} />
                <Field label="Tratamento" value={client.salutation} />
                <Field label="Telefone" value={client.phone} />
                <Field label="Email" value={client.email} />
                <Field label="CPF" value={client.cpf ? formatCpf(client.cpf) : null} />
                <Field
                  label="Nascimento"
                  value={client.birth_date ? formatDateBR(`${client.birth_date}T12:00:00`) : null}
                />
                <Field label="Preferências" value={listText(client.preferences)} />
                <Field label="Datas importantes" value={listText(client.important_dates)} />
                <Field label="Canais de contato" value={listText(client.channels)} />
              </SimpleGrid>
              {client.notes ? (
                <Text mt="sm" size="sm">
                  {client.notes}
                </Text>
              ) : null}
            </Paper>

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="dados-saude">
              <Title order={2} size="h4" id="dados-saude" mb="sm">
                Dados de saúde
              </Title>
              {client.consents.health_data ? (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                  <Field
                    label="Condições de saúde"
                    value={listText(
                      (client.health_conditions ?? []).map((entry) =>
                        entry.note
                          ? `${conditionLabel(entry.code)} (${entry.note})`
                          : conditionLabel(entry.code),
                      ),
                    )}
                  />
                  <Field
                    label="Alergias ou aversões"
                    value={listText(client.allergies.map(allergyLabel))}
                  />
                  <Field label="Outras condições" value={listText(client.health_flags)} />
                  <Field label="Contraindicações" value={listText(client.contraindications)} />
                </SimpleGrid>
              ) : (
                <Text c="dimmed" size="sm">
                  Sem consentimento para dados de saúde: nada é registrado.
                </Text>
              )}
            </Paper>

            <ConsentsSection client={client} disabled={anonymized} />
            <ProposalsTimeline clientId={client.id} />
            {isAdmin ? <AccessLogSection clientId={client.id} /> : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="plano" pt="md">
          <ClientPlanTab clientId={client.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ConsentsSection({ client, disabled }: { client: Client; disabled: boolean }) {
  const ledger = useClientConsentsQuery(client.id);
  const record = useConsentMutation(client.id);
  const [channel, setChannel] = useState<ConsentChannel>('presencial');
  const [pending, setPending] = useState<ConsentPurpose | null>(null);

  const change = (purpose: ConsentPurpose, granted: boolean) => {
    setPending(purpose);
    record.mutate(
      { purpose, granted, channel, text_version: CURRENT_CONSENT_TEXT_VERSION },
      {
        onSuccess: () =>
          notifications.show({
            message: granted ? 'Consentimento registrado.' : 'Consentimento revogado.',
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorMessage(error, { fallback: 'Não foi possível registrar.' }),
          }),
        onSettled: () => setPending(null),
      },
    );
  };

  const confirmRevoke = (purpose: ConsentPurpose) =>
    openConfirmModal({
      title: 'Revogar consentimento',
      children: (
        <Text size="sm">
          {purpose === 'health_data'
            ? 'Revogar o consentimento para dados de saúde apaga as alergias, condições de saúde e contraindicações registradas.'
            : `O consentimento "${CONSENT_PURPOSE_LABELS[purpose]}" deixa de valer a partir de agora.`}
        </Text>
      ),
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () => change(purpose, false),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="consentimentos">
      <Group justify="space-between" wrap="wrap" mb="sm">
        <Title order={2} size="h4" id="consentimentos">
          Consentimentos
        </Title>
        <Select
          label="Canal da coleta"
          data={CHANNEL_OPTIONS}
          value={channel}
          allowDeselect={false}
          onChange={(value) => setChannel((value as ConsentChannel | null) ?? 'presencial')}
          w={200}
          size="xs"
        />
      </Group>
      <Stack gap="sm">
        {CONSENT_PURPOSES.map((purpose) => {
          const granted = client.consents[purpose];
          return (
            <Paper key={purpose} withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <div style={{ flex: '1 1 16rem' }}>
                  <Group gap="xs">
                    <Text fw={600}>{CONSENT_PURPOSE_LABELS[purpose]}</Text>
                    <Badge variant="dot" color={granted ? 'teal' : 'gray'}>
                      {granted ? 'Concedido' : 'Não concedido'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {CONSENT_TEXTS[purpose][CURRENT_CONSENT_TEXT_VERSION]} (texto{' '}
                    {CURRENT_CONSENT_TEXT_VERSION})
                  </Text>
                </div>
                {disabled ? null : granted ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={pending === purpose}
                    onClick={() => confirmRevoke(purpose)}
                    aria-label={`Revogar ${CONSENT_PURPOSE_LABELS[purpose]}`}
                  >
                    Revogar
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    loading={pending === purpose}
                    onClick={() => change(purpose, true)}
                    aria-label={`Registrar consentimento: ${CONSENT_PURPOSE_LABELS[purpose]}`}
                  >
                    Registrar consentimento
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
        {ledger.data && ledger.data.length > 0 ? (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="xs" fz="sm">
              <Table.Caption>Histórico de consentimentos (nada é apagado)</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Quando</Table.Th>
                  <Table.Th>Finalidade</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Canal</Table.Th>
                  <Table.Th>Coletado por</Table.Th>
                  <Table.Th>Texto</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.data.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatDateTimeBR(entry.collected_at)}</Table.Td>
                    <Table.Td>{CONSENT_PURPOSE_LABELS[entry.purpose]}</Table.Td>
                    <Table.Td>{entry.granted ? 'Concedido' : 'Revogado'}</Table.Td>
                    <Table.Td>{CONSENT_CHANNEL_LABELS[entry.channel]}</Table.Td>
                    <Table.Td>{entry.collected_by?.name ?? '—'}</Table.Td>
                    <Table.Td>{entry.text_version}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ProposalsTimeline({ clientId }: { clientId: number }) {
  const proposals = useClientProposalsQuery(clientId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="propostas-cliente">
      <Title order={2} size="h4" id="propostas-cliente" mb="sm">
        Propostas
      </Title>
      {proposals.isPending ? (
        <Skeleton h={60} />
      ) : proposals.isError ? (
        <Text c="dimmed" size="sm">
          Não foi possível carregar as propostas.
        </Text>
      ) : proposals.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma proposta para este cliente.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {proposals.data.map((proposal) => (
            <Timeline.Item
              key={proposal.id}
              title={
                <Group gap="xs">
                  <Anchor component={Link} to={`/propostas/${proposal.id}`} fw={600}>
                    {proposal.number} v{proposal.version}
                  </Anchor>
                  <Badge variant="dot" color={PROPOSAL_STATUS_COLORS[proposal.status]}>
                    {PROPOSAL_STATUS_LABELS[proposal.status]}
                  </Badge>
                </Group>
              }
            >
              <Text size="sm" c="dimmed">
                {proposal.package.name} · {formatDateTimeBR(proposal.created_at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}

function AccessLogSection({ clientId }: { clientId: number }) {
  const log = useClientAccessLogQuery(clientId, true);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="registro-acessos">
      <Title order={2} size="h4" id="registro-acessos" mb="sm">
        Registro de acessos
      </Title>
      {log.isPending ? (
        <Skeleton h={60} />
      ) : log.isError ? (
        <Text c="dimmed" size="sm">
          Não foi possível carregar o registro de acessos.
        </Text>
      ) : log.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhum acesso registrado.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quando</Table.Th>
                <Table.Th>Quem</Table.Th>
                <Table.Th>O quê</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTimeBR(entry.at)}</Table.Td>
                  <Table.Td>{entry.user?.name ?? '—'}</Table.Td>
                  <Table.Td>{ACCESS_LOG_ACTION_LABELS[entry.action]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

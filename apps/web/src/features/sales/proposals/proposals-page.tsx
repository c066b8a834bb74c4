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
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  PROPOSAL_FOLLOW_UP_AFTER_DAYS,
  PROPOSAL_STATUSES,
  formatDateBR,
  formatReais,
  type ClientSummary,
  type ProposalStatus,
  type ProposalSummary,
} from '@portal/domain';
import { IconAlertCircle, IconBellRinging, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useProposalListQuery, type ProposalListFilters } from '../../../api/sales/proposals';
import { EmptyState } from '../../../components/empty-state';
import {
  PROPOSAL_STATUS_COLORS,
  PROPOSAL_STATUS_LABELS,
} from '../../../components/proposal-status';
import { ClientPicker } from '../../crm/components/client-picker';
import { usePageTitle } from '../../../components/use-page-title';
import { useIsDesktop } from '../../../lib/use-is-desktop';

const STATUS_OPTIONS = PROPOSAL_STATUSES.map((status) => ({
  value: status,
  label: PROPOSAL_STATUS_LABELS[status],
}));

/** A `YYYY-MM-DD` from the address, or nothing. */
const dayParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

/** 'Propostas' (issue 13): the list with status, client and period, and the follow-ups due. */
export default function ProposalsPage() {
  usePageTitle('Propostas');
  // /gestao drills down here: '?status=accepted&de=2026-03-01&ate=2026-03-31' (issue 27).
  const [params] = useSearchParams();
  const asked = params.get('status');
  const [status, setStatus] = useState<ProposalStatus | null>(
    (PROPOSAL_STATUSES as readonly (string | null)[]).includes(asked)
      ? (asked as ProposalStatus)
      : null,
  );
  const [client, setClient] = useState<ClientSummary | null>(null);
  const [from, setFrom] = useState(() => dayParam(params.get('de')));
  const [to, setTo] = useState(() => dayParam(params.get('ate')));
  const filters: ProposalListFilters = {
    status: status ?? undefined,
    client_id: client?.id,
    from: from || undefined,
    to: to || undefined,
  };
  const proposals = useProposalListQuery(filters);
  const followUps = useProposalListQuery({ follow_up: true });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Propostas
        </Title>
        <Button
          component={Link}
          to="/montar-pacote"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Nova proposta
        </Button>
      </Group>

      {followUps.data && followUps.data.length > 0 ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="acompanhar">
          <Group gap="xs" mb="xs">
            <IconBellRinging size={18} aria-hidden />
            <Title order={2} size="h4" id="acompanhar">
              Acompanhamentos pendentes
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            Enviadas há mais de {PROPOSAL_FOLLOW_UP_AFTER_DAYS} dias sem resposta do cliente.
          </Text>
          <ProposalList proposals={followUps.data} />
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p="md" component="section" aria-label="Filtros">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Select
            label="Status"
            placeholder="Todas (sem as substituídas)"
            data={STATUS_OPTIONS}
            value={status}
            clearable
            onChange={(value) => setStatus(value as ProposalStatus | null)}
          />
          <ClientPicker value={client} onChange={setClient} />
          <TextInput
            label="De"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            label="Até"
            type="date"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </SimpleGrid>
      </Paper>

      {proposals.isPending ? (
        <Stack aria-busy="true" aria-label="Carregando propostas">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={48} radius="md" />
          ))}
        </Stack>
      ) : proposals.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Não foi possível carregar as propostas.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void proposals.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      ) : proposals.data.length === 0 ? (
        <EmptyState
          title="Nenhuma proposta encontrada."
          description="Monte um pacote e use 'Gerar Pacote' para salvar uma proposta."
        />
      ) : (
        <ProposalList proposals={proposals.data} />
      )}
    </Stack>
  );
}

function ProposalList({ proposals }: { proposals: ProposalSummary[] }) {
  const isDesktop = useIsDesktop();
  if (!isDesktop) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {proposals.map((proposal) => (
          <Paper component="li" key={proposal.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/propostas/${proposal.id}`} fw={600}>
                  {proposal.number} v{proposal.version}
                </Anchor>
                <Text size="sm">{proposal.client.full_name}</Text>
                <Text size="xs" c="dimmed">
                  {proposal.package.name} · {formatReais(proposal.package.annual_value)} ·{' '}
                  {formatDateBR(proposal.created_at)}
                </Text>
              </div>
              <StatusBadge status={proposal.status} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Número</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Pacote</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Criada em</Table.Th>
            <Table.Th>Válida até</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposals.map((proposal) => (
            <Table.Tr key={proposal.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/propostas/${proposal.id}`} fw={600}>
                  {proposal.number} v{proposal.version}
                </Anchor>
              </Table.Td>
              <Table.Td>{proposal.client.full_name}</Table.Td>
              <Table.Td>{proposal.package.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatReais(proposal.package.annual_value)}
              </Table.Td>
              <Table.Td>{formatDateBR(proposal.created_at)}</Table.Td>
              <Table.Td>{formatDateBR(proposal.valid_until)}</Table.Td>
              <Table.Td>
                <StatusBadge status={proposal.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatusBadge({ status }: { status: ProposalStatus }) {
  return (
    // Never shrunk to 'ENVI…' beside a long client name on a phone.
    <Badge variant="dot" color={PROPOSAL_STATUS_COLORS[status]} style={{ flexShrink: 0 }}>
      {PROPOSAL_STATUS_LABELS[status]}
    </Badge>
  );
}

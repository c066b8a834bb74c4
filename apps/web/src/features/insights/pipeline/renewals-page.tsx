import {
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatReais, RENEWAL_DEFAULT_WITHIN_DAYS, type Renewal } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { renewalsQuery } from '../../../api/insights/dashboard';
import { QueryContent } from '../../../components/admin/query-content';
import { PREFILL_PARAM } from '../../sales/components/proposal-revision';
import { usePageTitle } from '../../../components/use-page-title';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { isManagerProfile } from '../../../lib/profiles';
import { useSession } from '../../../lib/use-session';
import { PipelineTabs } from './pipeline-tabs';

const WINDOWS = [30, 60, 90, 180] as const;

function daysLeftText(days: number): string {
  if (days === 0) return 'Hoje';
  return days === 1 ? '1 dia' : `${days} dias`;
}

/** 'Renovações' (issue 14): accepted yearly packages whose 12 months end soon. */
export default function RenewalsPage() {
  usePageTitle('Renovações');
  const { user } = useSession();
  const showOwner = isManagerProfile(user?.profile);
  const [params, setParams] = useSearchParams();
  const within =
    WINDOWS.find((days) => String(days) === params.get('dias')) ?? RENEWAL_DEFAULT_WITHIN_DAYS;
  const renewals = useQuery(renewalsQuery({ within_days: within }));
  const rows: Renewal[] = renewals.data ?? [];

  return (
    <Stack gap="lg">
      <PipelineTabs current="/renovacoes" />
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Renovações
          </Title>
          <Text size="sm" c="dimmed">
            Pacotes anuais aceitos cujos 12 meses terminam nos próximos {within} dias.
          </Text>
        </Stack>
        <Select
          label="Terminam em até"
          data={WINDOWS.map((days) => ({ value: String(days), label: `${days} dias` }))}
          value={String(within)}
          allowDeselect={false}
          onChange={(value) => value && setParams({ dias: value }, { replace: true })}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <QueryContent
        query={renewals}
        loadingText="Carregando renovações..."
        errorText="Não foi possível carregar as renovações."
        isEmpty={rows.length === 0}
        empty={{
          title: 'Nenhuma renovação próxima',
          description: `Nenhum pacote anual termina nos próximos ${within} dias.`,
        }}
      >
        <Table.ScrollContainer minWidth={880} type="native">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Último pacote</Table.Th>
                <Table.Th ta="right">Valor anual</Table.Th>
                <Table.Th>Termina em</Table.Th>
                <Table.Th>Faltam</Table.Th>
                <Table.Th>Motivo</Table.Th>
                {showOwner ? <Table.Th>Profissional</Table.Th> : null}
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.proposal.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/clientes/${row.client.id}`} fw={500}>
                      {row.client.full_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/propostas/${row.proposal.id}`} size="sm">
                      {row.proposal.package.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {row.proposal.number}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatReais(row.proposal.annual_value)}
                  </Table.Td>
                  <Table.Td>{formatCalendarDay(row.ends_on)}</Table.Td>
                  <Table.Td>
                    <Badge color={row.days_left <= 15 ? 'red' : 'yellow'} variant="light">
                      {daysLeftText(row.days_left)}
                    </Badge>
                  </Table.Td>
                  {/* From the dates or from use (issue 28): 'Todas as sessões usadas no mês 8'. */}
                  <Table.Td>
                    <Text size="sm">{row.label}</Text>
                  </Table.Td>
                  {showOwner ? (
                    <Table.Td>
                      <Text size="sm">{row.owner.name}</Text>
                      <Text size="xs" c="dimmed">
                        {row.unit}
                      </Text>
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Button
                      size="xs"
                      component={Link}
                      to={`/montar-pacote?${PREFILL_PARAM}=${row.proposal.id}`}
                      leftSection={<IconPlus size={14} aria-hidden />}
                      aria-label={`Nova proposta para ${row.client.full_name}`}
                    >
                      Nova proposta
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryContent>
    </Stack>
  );
}

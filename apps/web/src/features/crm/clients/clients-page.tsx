import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatCpf, type ClientSummary } from '@portal/domain';
import { IconAlertCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClientListQuery } from '../../../api/crm/clients';
import { EmptyState } from '../../../components/empty-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useIsDesktop } from '../../../lib/use-is-desktop';

/** 'Clientes' (issue 13): search by name, phone or CPF (on the server, accent-insensitive). */
export default function ClientsPage() {
  usePageTitle('Clientes');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useClientListQuery(debounced);
  const isDesktop = useIsDesktop();

  let content;
  if (clients.isPending) {
    content = (
      <Stack aria-busy="true" aria-label="Carregando clientes">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={48} radius="md" />
        ))}
      </Stack>
    );
  } else if (clients.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Não foi possível carregar os clientes.</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void clients.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (clients.data.length === 0) {
    content = (
      <EmptyState
        title={debounced.trim() ? 'Nenhum cliente encontrado.' : 'Nenhum cliente cadastrado.'}
        description={
          debounced.trim() ? 'Tente outro nome, telefone ou CPF.' : 'Cadastre o primeiro cliente.'
        }
      />
    );
  } else if (isDesktop) {
    content = (
      <Table.ScrollContainer minWidth={640} type="native">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Telefone</Table.Th>
              <Table.Th>CPF</Table.Th>
              <Table.Th>Unidade</Table.Th>
              <Table.Th>Dados de saúde</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.data.map((client) => (
              <Table.Tr key={client.id}>
                <Table.Td>
                  <ClientLink client={client} />
                </Table.Td>
                <Table.Td>{client.phone ?? '—'}</Table.Td>
                <Table.Td>{client.cpf ? formatCpf(client.cpf) : '—'}</Table.Td>
                <Table.Td>{client.unit}</Table.Td>
                <Table.Td>
                  <ConsentBadge client={client} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    content = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {clients.data.map((client) => (
          <Paper component="li" key={client.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <ClientLink client={client} />
                <Text size="sm" c="dimmed">
                  {[client.phone, client.cpf ? formatCpf(client.cpf) : null, client.unit]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <ConsentBadge client={client} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Clientes
        </Title>
        <Button
          component={Link}
          to="/clientes/novo"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Novo cliente
        </Button>
      </Group>
      <TextInput
        label="Buscar cliente"
        placeholder="Nome, telefone ou CPF"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      {content}
    </Stack>
  );
}

function ClientLink({ client }: { client: ClientSummary }) {
  return (
    <Anchor component={Link} to={`/clientes/${client.id}`} fw={600}>
      {client.anonymized_at ? 'Cliente anonimizado' : client.full_name}
    </Anchor>
  );
}

function ConsentBadge({ client }: { client: ClientSummary }) {
  return client.consents.health_data ? (
    <Badge variant="dot" color="teal" style={{ flexShrink: 0 }}>
      Consentido
    </Badge>
  ) : (
    <Badge variant="dot" color="gray" style={{ flexShrink: 0 }}>
      Sem consentimento
    </Badge>
  );
}

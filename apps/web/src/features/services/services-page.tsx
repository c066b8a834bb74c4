import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  countServices,
  formatPercent,
  formatReais,
  SERVICE_BLOCKS,
  SERVICE_MESSAGES,
  SERVICE_STATUS_LABELS,
  serviceDeleteConfirmation,
  type Service,
  type ServiceStatus,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { RowActions } from '../../components/row-actions';
import { StatCard } from '../../components/stat-card';
import { usePageTitle } from '../../components/use-page-title';
import { errorMessage } from '../../lib/api-client';
import { ServiceFormModal } from './service-form-modal';
import { useDeleteService, useServicesQuery, useUpdateService } from '../../api/services';
import { openConfirmModal } from '../../components/confirm-modal';

export default function ServicesPage() {
  usePageTitle('Gestão de Serviços');
  const servicesQuery = useServicesQuery();
  const updateService = useUpdateService();
  const deleteService = useDeleteService();
  const [formOpened, setFormOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editingService, setEditingService] = useState<Service | null>(null);
  // A new key per opening: the form always starts from the chosen service's current values.
  const [formKey, setFormKey] = useState(0);

  const openForm = (service: Service | null) => {
    setEditingService(service);
    setFormKey((key) => key + 1);
    setFormOpened(true);
  };

  const services = servicesQuery.data ?? [];
  const counts = countServices(services);

  const toggleStatus = (service: Service) => {
    const status: ServiceStatus = service.status === 'active' ? 'inactive' : 'active';
    updateService.mutate(
      { id: service.id, changes: { status } },
      {
        onError: (err) =>
          notifications.show({
            color: 'red',
            message: errorMessage(err, { fallback: SERVICE_MESSAGES.toggleFailed }),
          }),
      },
    );
  };

  const confirmDelete = (service: Service) =>
    openConfirmModal({
      title: serviceDeleteConfirmation(service.name),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deleteService.mutate(service.id, {
          onError: (err) =>
            notifications.show({
              color: 'red',
              message: errorMessage(err, { fallback: SERVICE_MESSAGES.deleteFailed }),
            }),
        }),
    });

  // Row buttons spin (and ignore clicks) while their own request runs.
  const togglingId = updateService.isPending ? updateService.variables?.id : undefined;
  const deletingId = deleteService.isPending ? deleteService.variables : undefined;

  let content;
  if (servicesQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando serviços...</Text>
        </Group>
      </Center>
    );
  } else if (servicesQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{SERVICE_MESSAGES.loadFailed}</Text>
          <Button size="xs" variant="default" onClick={() => void servicesQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (services.length === 0) {
    content = <EmptyState title={SERVICE_MESSAGES.empty} />;
  } else {
    content = (
      // Wide table: scrolls sideways on a phone instead of squeezing the columns.
      <Table.ScrollContainer minWidth={980}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Bloco</Table.Th>
              <Table.Th>Valor</Table.Th>
              <Table.Th>Margem mínima</Table.Th>
              <Table.Th>Limite Sessões</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Fotos</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {services.map((service) => (
              <Table.Tr key={service.id}>
                <Table.Td>{service.id}</Table.Td>
                <Table.Td fw={500}>{service.name}</Table.Td>
                <Table.Td>{service.block}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatReais(service.value)}</Table.Td>
                <Table.Td>{formatPercent(service.min_margin_percent)}</Table.Td>
                <Table.Td>{service.session_limit}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={service.status === 'active' ? 'green' : 'gray'}>
                    {SERVICE_STATUS_LABELS[service.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{service.photos_count}</Table.Td>
                <Table.Td>
                  <RowActions
                    label={service.name}
                    onEdit={() => openForm(service)}
                    toggle={{
                      active: service.status === 'active',
                      pending: togglingId === service.id,
                      onToggle: () => toggleStatus(service),
                    }}
                    deleting={deletingId === service.id}
                    onDelete={() => confirmDelete(service)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Gestão de Serviços
        </Title>
        <Button onClick={() => openForm(null)}>+ Novo Serviço</Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard label="Total de serviços" value={counts.total} />
        <StatCard label="Ativos" value={counts.active} />
        <StatCard label="Inativos" value={counts.inactive} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {SERVICE_BLOCKS.map((block) => (
          <StatCard key={block} label={`Bloco ${block}`} value={counts.byBlock[block]} />
        ))}
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {content}
      </Paper>

      <ServiceFormModal
        formKey={formKey}
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        service={editingService}
      />
    </Stack>
  );
}

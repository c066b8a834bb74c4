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
  countPackages,
  formatPercent,
  formatReais,
  PACKAGE_MESSAGES,
  packageDeleteConfirmation,
  SERVICE_STATUS_LABELS,
  type Package,
  type PackageStatus,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { RowActions } from '../../components/row-actions';
import { StatCard } from '../../components/stat-card';
import { usePageTitle } from '../../components/use-page-title';
import { errorMessage } from '../../lib/api-client';
import { PackageFormModal } from './package-form-modal';
import { useDeletePackage, usePackagesQuery, useUpdatePackage } from '../../api/packages';
import { useServicesQuery } from '../../api/services';
import { ProceduresCell } from './procedures-cell';
import { openConfirmModal } from '../../components/confirm-modal';

export default function PackagesPage() {
  usePageTitle('Pacotes');
  const packagesQuery = usePackagesQuery();
  const catalogueQuery = useServicesQuery();
  const updatePackage = useUpdatePackage();
  const deletePackage = useDeletePackage();
  const [formOpened, setFormOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editingPackage, setEditingPackage] = useState<Package | null>(null);
  // A new key per opening: the form always starts from the chosen package's current values.
  const [formKey, setFormKey] = useState(0);

  const openForm = (pkg: Package | null) => {
    setEditingPackage(pkg);
    setFormKey((key) => key + 1);
    setFormOpened(true);
  };

  const packages = packagesQuery.data ?? [];
  const counts = countPackages(packages);
  const namesById = useMemo(
    () => new Map((catalogueQuery.data ?? []).map((service) => [service.id, service.name])),
    [catalogueQuery.data],
  );

  const toggleStatus = (pkg: Package) => {
    const status: PackageStatus = pkg.status === 'active' ? 'inactive' : 'active';
    updatePackage.mutate(
      { id: pkg.id, changes: { status } },
      {
        onError: (err) =>
          notifications.show({
            color: 'red',
            message: errorMessage(err, { fallback: PACKAGE_MESSAGES.toggleFailed }),
          }),
      },
    );
  };

  const confirmDelete = (pkg: Package) =>
    openConfirmModal({
      title: packageDeleteConfirmation(pkg.name),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Fechar' },
      onConfirm: () =>
        deletePackage.mutate(pkg.id, {
          onError: (err) =>
            notifications.show({
              color: 'red',
              message: errorMessage(err, { fallback: PACKAGE_MESSAGES.deleteFailed }),
            }),
        }),
    });

  // Row buttons spin (and ignore clicks) while their own request runs.
  const togglingId = updatePackage.isPending ? updatePackage.variables?.id : undefined;
  const deletingId = deletePackage.isPending ? deletePackage.variables : undefined;

  let content;
  if (packagesQuery.isPending) {
    content = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Carregando pacotes...</Text>
        </Group>
      </Center>
    );
  } else if (packagesQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{PACKAGE_MESSAGES.loadFailed}</Text>
          <Button size="xs" variant="default" onClick={() => void packagesQuery.refetch()}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (packages.length === 0) {
    content = <EmptyState title={PACKAGE_MESSAGES.empty} />;
  } else {
    content = (
      // Wide table: scrolls sideways on a phone instead of squeezing the columns.
      <Table.ScrollContainer minWidth={1000}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Valor anual</Table.Th>
              <Table.Th>Desconto (%)</Table.Th>
              <Table.Th>Blocos A/B/C/D</Table.Th>
              <Table.Th>Procedimentos</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {packages.map((pkg) => (
              <Table.Tr key={pkg.id}>
                <Table.Td>{pkg.id}</Table.Td>
                <Table.Td fw={500}>{pkg.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatReais(pkg.annual_value)}
                </Table.Td>
                <Table.Td>{formatPercent(pkg.discount_percent)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {`${pkg.block_limits.a}/${pkg.block_limits.b}/${pkg.block_limits.c}/${pkg.block_limits.d}`}
                </Table.Td>
                <Table.Td>
                  <ProceduresCell ids={pkg.procedures} namesById={namesById} />
                </Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={pkg.status === 'active' ? 'green' : 'gray'}>
                    {SERVICE_STATUS_LABELS[pkg.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    label={pkg.name}
                    onEdit={() => openForm(pkg)}
                    toggle={{
                      active: pkg.status === 'active',
                      pending: togglingId === pkg.id,
                      onToggle: () => toggleStatus(pkg),
                    }}
                    deleting={deletingId === pkg.id}
                    onDelete={() => confirmDelete(pkg)}
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
          Pacotes
        </Title>
        <Button onClick={() => openForm(null)}>+ Novo Pacote</Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard label="Total de pacotes" value={counts.total} />
        <StatCard label="Ativos" value={counts.active} />
        <StatCard label="Inativos" value={counts.inactive} />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        {content}
      </Paper>

      <PackageFormModal
        formKey={formKey}
        opened={formOpened}
        onClose={() => setFormOpened(false)}
        pkg={editingPackage}
      />
    </Stack>
  );
}

import { Badge, Button, Table } from '@mantine/core';
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
import { useMemo } from 'react';
import {
  packagesKeys,
  useDeletePackage,
  usePackagesQuery,
  useUpdatePackage,
  type PackageChanges,
} from '../../api/packages';
import { useServicesQuery } from '../../api/services';
import { AdminPage, QueryContent } from '../../components/admin/admin-page';
import { useFormModal } from '../../components/admin/form-modal';
import { confirmDelete } from '../../components/admin/confirm-delete';
import { notifyError, notifySuccess } from '../../components/admin/notify';
import { usePendingIds } from '../../components/admin/use-pending-ids';
import { RowActions } from '../../components/row-actions';
import { PackageFormModal } from './package-form-modal';
import { ProceduresCell } from './procedures-cell';

const packageIdOf = (variables: PackageChanges) => variables.id;
const deletedIdOf = (id: number) => id;

export default function PackagesPage() {
  const packagesQuery = usePackagesQuery();
  const catalogueQuery = useServicesQuery();
  const updatePackage = useUpdatePackage();
  const deletePackage = useDeletePackage();
  const togglingIds = usePendingIds([...packagesKeys.all, 'update'], packageIdOf);
  const deletingIds = usePendingIds([...packagesKeys.all, 'delete'], deletedIdOf);
  const formModal = useFormModal<Package>();
  const openForm = formModal.open;

  const packages = packagesQuery.data ?? [];
  const counts = countPackages(packages);
  const namesById = useMemo(
    () => new Map((catalogueQuery.data ?? []).map((service) => [service.id, service.name])),
    [catalogueQuery.data],
  );

  const toggleStatus = (pkg: Package) => {
    const next: PackageStatus = pkg.status === 'active' ? 'inactive' : 'active';
    updatePackage.mutateAsync({ id: pkg.id, changes: { status: next } }).then(
      () => notifySuccess(next === 'active' ? 'Pacote ativado.' : 'Pacote inativado.'),
      (error: unknown) => notifyError(error, { fallback: PACKAGE_MESSAGES.toggleFailed }),
    );
  };

  return (
    <AdminPage
      title="Pacotes"
      action={<Button onClick={() => openForm(null)}>+ Novo Pacote</Button>}
      query={packagesQuery}
      counters={[
        {
          cols: { base: 1, xs: 3 },
          items: [
            { label: 'Total de pacotes', value: counts.total },
            { label: 'Ativos', value: counts.active },
            { label: 'Inativos', value: counts.inactive },
          ],
        },
      ]}
      modals={
        <PackageFormModal
          formKey={formModal.formKey}
          opened={formModal.opened}
          onClose={formModal.close}
          pkg={formModal.editing}
        />
      }
    >
      <QueryContent
        query={packagesQuery}
        loadingText="Carregando pacotes..."
        errorText={PACKAGE_MESSAGES.loadFailed}
        isEmpty={packages.length === 0}
        empty={{ title: PACKAGE_MESSAGES.empty }}
      >
        {/* Wide table: scrolls sideways on a phone instead of squeezing the columns. */}
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
                        pending: togglingIds.has(pkg.id),
                        onToggle: () => toggleStatus(pkg),
                      }}
                      deleting={deletingIds.has(pkg.id)}
                      onDelete={() =>
                        confirmDelete({
                          title: packageDeleteConfirmation(pkg.name),
                          remove: () => deletePackage.mutateAsync(pkg.id),
                          successMessage: 'Pacote excluído.',
                          fallback: PACKAGE_MESSAGES.deleteFailed,
                        })
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryContent>
    </AdminPage>
  );
}

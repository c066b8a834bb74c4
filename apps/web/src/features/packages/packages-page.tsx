import { Badge, Button, Table } from '@mantine/core';
import {
  countPackages,
  formatPercent,
  formatReais,
  PACKAGE_MESSAGES,
  packageDeleteConfirmation,
  SERVICE_STATUS_LABELS,
  type Package,
} from '@portal/domain';
import { useMemo } from 'react';
import {
  packagesKeys,
  useDeletePackage,
  usePackagesQuery,
  useUpdatePackage,
} from '../../api/packages';
import { useServicesQuery } from '../../api/services';
import { AdminPage, QueryContent } from '../../components/admin/admin-page';
import { useFormModal } from '../../components/admin/form-modal';
import { statusToggle, useAdminRows } from '../../components/admin/use-admin-rows';
import { RowActions } from '../../components/row-actions';
import { PackageFormModal } from './package-form-modal';
import { ProceduresCell } from './procedures-cell';

export default function PackagesPage() {
  const packagesQuery = usePackagesQuery();
  const catalogueQuery = useServicesQuery();
  const rows = useAdminRows({
    all: packagesKeys.all,
    update: useUpdatePackage(),
    remove: useDeletePackage(),
  });
  const formModal = useFormModal<Package>();
  const openForm = formModal.open;

  const packages = packagesQuery.data ?? [];
  const counts = countPackages(packages);
  const namesById = useMemo(
    () => new Map((catalogueQuery.data ?? []).map((service) => [service.id, service.name])),
    [catalogueQuery.data],
  );

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
      modals={<PackageFormModal {...formModal.props} pkg={formModal.editing} />}
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
                      {...rows.actionsFor({
                        id: pkg.id,
                        label: pkg.name,
                        onEdit: () => openForm(pkg),
                        toggle: statusToggle(pkg.status, {
                          activated: 'Pacote ativado.',
                          deactivated: 'Pacote inativado.',
                          fallback: PACKAGE_MESSAGES.toggleFailed,
                        }),
                        remove: {
                          title: packageDeleteConfirmation(pkg.name),
                          successMessage: 'Pacote excluído.',
                          fallback: PACKAGE_MESSAGES.deleteFailed,
                        },
                      })}
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

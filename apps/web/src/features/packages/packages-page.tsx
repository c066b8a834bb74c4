import { Button } from '@mantine/core';
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
import { AdminPage } from '../../components/admin/admin-page';
import {
  activeColor,
  AdminTable,
  badgeColumn,
  idColumn,
  type AdminColumn,
} from '../../components/admin/admin-table';
import { useFormModal } from '../../components/admin/form-modal';
import { statusToggle, useAdminRows } from '../../components/admin/use-admin-rows';
import { PackageFormModal } from './package-form-modal';
import { ProceduresCell } from './procedures-cell';

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

function packageColumns(namesById: ReadonlyMap<number, string>): AdminColumn<Package>[] {
  return [
    idColumn('ID'),
    { header: 'Nome', cell: (pkg) => pkg.name, cellProps: { fw: 500 } },
    { header: 'Valor anual', cell: (pkg) => formatReais(pkg.annual_value), cellProps: NO_WRAP },
    { header: 'Desconto (%)', cell: (pkg) => formatPercent(pkg.discount_percent) },
    {
      header: 'Blocos A/B/C/D',
      cell: ({ block_limits: limits }) => `${limits.a}/${limits.b}/${limits.c}/${limits.d}`,
      cellProps: NO_WRAP,
    },
    {
      header: 'Procedimentos',
      cell: (pkg) => <ProceduresCell ids={pkg.procedures} namesById={namesById} />,
    },
    badgeColumn('Status', (pkg) => ({
      label: SERVICE_STATUS_LABELS[pkg.status],
      color: activeColor(pkg.status === 'active'),
    })),
  ];
}

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
  const columns = useMemo(() => packageColumns(namesById), [namesById]);

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
      <AdminTable
        query={packagesQuery}
        loadingText="Carregando pacotes..."
        errorText={PACKAGE_MESSAGES.loadFailed}
        empty={{ title: PACKAGE_MESSAGES.empty }}
        columns={columns}
        rows={packages}
        minWidth={1000}
        actions={(pkg) =>
          rows.actionsFor({
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
          })
        }
      />
    </AdminPage>
  );
}

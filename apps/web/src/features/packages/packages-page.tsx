import { Button } from '@mantine/core';
import {
  countPackages,
  formatPercent,
  formatReais,
  PACKAGE_MESSAGES,
  packageDeleteConfirmation,
  SERVICE_STATUS_LABELS,
  type Package,
  type PackageUpdate,
} from '@portal/domain';
import { useMemo } from 'react';
import { packageMutations, usePackagesQuery } from '../../api/packages';
import { useServiceNamesQuery } from '../../api/services';
import { PackageFormModal } from './package-form-modal';
import { ProceduresCell } from './procedures-cell';
import {
  activeColor,
  type AdminColumn,
  AdminPage,
  type AdminRows,
  AdminTable,
  badgeColumn,
  idColumn,
  statusCounters,
  statusToggle,
  useAdminRows,
} from '../../components/admin';

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

const ROWS: AdminRows<Package, PackageUpdate> = {
  resource: packageMutations,
  messages: PACKAGE_MESSAGES,
  label: (pkg) => pkg.name,
  deleteTitle: packageDeleteConfirmation,
  toggle: statusToggle,
};

/** Before the catalogue loads, rows show procedures by number ('#12'). */
const NO_NAMES: ReadonlyMap<number, string> = new Map();

export default function PackagesPage() {
  const packagesQuery = usePackagesQuery();
  const rows = useAdminRows(ROWS);

  const packages = packagesQuery.data ?? [];
  const { data: namesById = NO_NAMES } = useServiceNamesQuery();
  const columns = useMemo(() => packageColumns(namesById), [namesById]);

  return (
    <AdminPage
      title="Pacotes"
      action={<Button onClick={rows.create}>+ Novo Pacote</Button>}
      query={packagesQuery}
      counters={[statusCounters('Total de pacotes', countPackages(packages))]}
      modals={<PackageFormModal {...rows.form.props} pkg={rows.form.editing} />}
    >
      <AdminTable
        list={{ query: packagesQuery, rows: packages }}
        columns={columns}
        minWidth={1000}
        rows={rows}
      />
    </AdminPage>
  );
}

import { Button } from '@mantine/core';
import {
  countPackages,
  formatPercent,
  formatReais,
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
import * as Admin from '../../components/admin';

const NO_WRAP = { style: { whiteSpace: 'nowrap' } } as const;

function packageColumns(namesById: ReadonlyMap<number, string>): Admin.AdminColumn<Package>[] {
  return [
    Admin.idColumn('ID'),
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
    Admin.badgeColumn('Status', (pkg) => ({
      label: SERVICE_STATUS_LABELS[pkg.status],
      color: Admin.activeColor(pkg.status === 'active'),
    })),
  ];
}

const ROWS: Admin.AdminRows<Package, PackageUpdate> = {
  resource: packageMutations,
  label: (pkg) => pkg.name,
  deleteTitle: packageDeleteConfirmation,
  toggle: Admin.statusToggle,
};

/** Before the catalogue loads, rows show procedures by number ('#12'). */
const NO_NAMES: ReadonlyMap<number, string> = new Map();

export default function PackagesPage() {
  const packagesQuery = usePackagesQuery();
  const rows = Admin.useAdminRows(ROWS);

  const packages = packagesQuery.data ?? [];
  const { data: namesById = NO_NAMES } = useServiceNamesQuery();
  const columns = useMemo(() => packageColumns(namesById), [namesById]);

  return (
    <Admin.AdminPage
      title="Pacotes"
      action={<Button onClick={rows.create}>+ Novo Pacote</Button>}
      query={packagesQuery}
      counters={[Admin.statusCounters('Total de pacotes', countPackages(packages))]}
      modals={<PackageFormModal {...rows.form.props} pkg={rows.form.editing} />}
    >
      <Admin.AdminTable
        list={{ query: packagesQuery, rows: packages }}
        columns={columns}
        minWidth={1000}
        rows={rows}
      />
    </Admin.AdminPage>
  );
}

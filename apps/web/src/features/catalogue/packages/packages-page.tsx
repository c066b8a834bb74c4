import {
  countPackages,
  formatPercent,
  formatReais,
  SERVICE_STATUS_LABELS,
  type Package,
} from '@portal/domain';
import { packageMutations, usePackagesQuery } from '../../../api/catalogue/packages';
import { useServiceNames } from '../../../api/catalogue/services';
import { PackageFormModal } from './package-form-modal';
import { ProceduresCell } from './procedures-cell';
import * as Admin from '../../../components/admin';

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

export default function PackagesPage() {
  const packagesQuery = usePackagesQuery();
  const namesById = useServiceNames();
  const rows = Admin.useAdminRows({ resource: packageMutations, toggle: Admin.statusToggle });

  const packages = packagesQuery.data ?? [];

  return (
    <Admin.AdminPage
      title="Pacotes"
      create="+ Novo Pacote"
      counters={{ rows: [Admin.statusCounters('Total de pacotes', countPackages(packages))] }}
      modals={<PackageFormModal {...rows.form.props} pkg={rows.form.editing} />}
      table={{
        list: { query: packagesQuery, rows: packages },
        columns: packageColumns(namesById),
        minWidth: 1000,
        rows,
      }}
    />
  );
}

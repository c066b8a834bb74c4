import {
  countServices,
  formatPercent,
  formatReais,
  SERVICE_BLOCKS,
  SERVICE_STATUS_LABELS,
  SERVICE_STATUSES,
} from '@portal/domain';
import {
  serviceMutations,
  traitsMissing,
  type Service,
  useServicesPageQuery,
  useServicesQuery,
  type ServicePageParams,
} from '../../../api/catalogue/services';
import { ServiceFormModal } from './service-form-modal';
import * as Admin from '../../../components/admin';
import { Text } from '@mantine/core';

/** The URL keeps pt-BR names ('bloco', 'valor'); each names its API parameter or `order`. */
const SERVICES_LIST: Admin.ListDefinition<ServicePageParams> = {
  searchLabel: 'Buscar por nome',
  filters: [
    {
      name: 'status',
      label: 'Status',
      param: 'status_eq',
      options: SERVICE_STATUSES.map((status) => ({
        value: status,
        label: SERVICE_STATUS_LABELS[status],
      })),
    },
    {
      name: 'bloco',
      label: 'Bloco',
      param: 'block_eq',
      options: SERVICE_BLOCKS.map((block) => ({ value: block, label: `Bloco ${block}` })),
    },
  ],
  sorts: [
    { value: 'nome', label: 'Nome (A–Z)', order: 'name' },
    { value: 'valor', label: 'Menor valor', order: 'value' },
    { value: '-valor', label: 'Maior valor', order: '-value' },
  ],
};

const COLUMNS: Admin.AdminColumn<Service>[] = [
  Admin.idColumn(),
  {
    header: 'Nome',
    cell: (service) => service.name,
    sort: { asc: 'nome' },
    cellProps: { fw: 500 },
  },
  { header: 'Bloco', cell: (service) => service.block },
  {
    header: 'Valor',
    cell: (service) => formatReais(service.value),
    sort: { asc: 'valor', desc: '-valor' },
    cellProps: { style: { whiteSpace: 'nowrap' } },
  },
  { header: 'Margem mínima', cell: (service) => formatPercent(service.min_margin_percent) },
  { header: 'Limite Sessões', cell: (service) => service.session_limit },
  Admin.badgeColumn('Status', (service) => ({
    label: SERVICE_STATUS_LABELS[service.status],
    color: Admin.activeColor(service.status === 'active'),
  })),
  { header: 'Fotos', cell: (service) => service.photos_count },
  // Issue 26: a procedure without traits is one the clinical check can only warn about.
  {
    header: 'Dados clínicos',
    cell: (service) =>
      // Text, not a badge: a badge cuts 'Sem dados clínicos' in this narrow column on a laptop;
      // bold in the text colour, readable in light and dark.
      traitsMissing(service) ? (
        <Text size="sm" fw={700}>
          Sem dados clínicos
        </Text>
      ) : service.clinical_traits ? (
        <Text size="sm" c="dimmed">
          Completos
        </Text>
      ) : null,
  },
];

/** The whole catalogue's counters: by status, then by block. */
function serviceCounters(services: readonly Service[]): Admin.Counter[][] {
  const counts = countServices(services);
  return [
    Admin.statusCounters('Total de serviços', counts),
    SERVICE_BLOCKS.map((key) => ({ label: `Bloco ${key}`, value: counts.byBlock[key] })),
    [{ label: 'Sem dados clínicos', value: services.filter(traitsMissing).length }],
  ];
}

export default function ServicesPage() {
  const servicesQuery = useServicesQuery();
  const rows = Admin.useAdminRows({ resource: serviceMutations, toggle: Admin.statusToggle });

  const list = Admin.useServerList(useServicesPageQuery, SERVICES_LIST);

  return (
    <Admin.AdminPage
      title="Gestão de Serviços"
      create="+ Novo Serviço"
      // The counters describe the whole catalogue (cached for every screen that shows it); the
      // table is the page the server searched, filtered and counted.
      counters={{ query: servicesQuery, rows: serviceCounters(servicesQuery.data ?? []) }}
      modals={<ServiceFormModal {...rows.form.props} service={rows.form.editing} />}
      table={{ list, columns: COLUMNS, minWidth: 980, rows }}
    />
  );
}

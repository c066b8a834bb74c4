import { Button } from '@mantine/core';
import {
  countServices,
  formatPercent,
  formatReais,
  SERVICE_BLOCKS,
  SERVICE_MESSAGES,
  SERVICE_STATUS_LABELS,
  SERVICE_STATUSES,
  serviceDeleteConfirmation,
  type Service,
  type ServiceUpdate,
} from '@portal/domain';
import { serviceMutations, useServicesPageQuery, useServicesQuery } from '../../api/services';
import { ServiceFormModal } from './service-form-modal';
import {
  activeColor,
  type AdminColumn,
  AdminPage,
  type AdminRows,
  AdminTable,
  badgeColumn,
  idColumn,
  ListToolbar,
  statusCounters,
  statusToggle,
  useAdminRows,
  useServerList,
  oneOf,
} from '../../components/admin';

const FILTERS = [
  {
    name: 'status',
    label: 'Status',
    options: SERVICE_STATUSES.map((status) => ({
      value: status,
      label: SERVICE_STATUS_LABELS[status],
    })),
  },
  {
    name: 'bloco',
    label: 'Bloco',
    options: SERVICE_BLOCKS.map((block) => ({ value: block, label: `Bloco ${block}` })),
  },
];
/** The URL's sort (pt-BR, as the kit keeps it) and the API's `order` (issue 12 contract). */
const ORDERS: Record<string, string> = { nome: 'name', valor: 'value', '-valor': '-value' };
const SORT_OPTIONS = [
  { value: 'nome', label: 'Nome (A–Z)' },
  { value: 'valor', label: 'Menor valor' },
  { value: '-valor', label: 'Maior valor' },
];

const COLUMNS: AdminColumn<Service>[] = [
  idColumn(),
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
  badgeColumn('Status', (service) => ({
    label: SERVICE_STATUS_LABELS[service.status],
    color: activeColor(service.status === 'active'),
  })),
  { header: 'Fotos', cell: (service) => service.photos_count },
];

const ROWS: AdminRows<Service, ServiceUpdate> = {
  resource: serviceMutations,
  messages: SERVICE_MESSAGES,
  label: (service) => service.name,
  deleteTitle: serviceDeleteConfirmation,
  toggle: statusToggle,
};

export default function ServicesPage() {
  const servicesQuery = useServicesQuery();
  const rows = useAdminRows(ROWS);

  // The counters describe the whole catalogue (cached for every screen that shows it); the
  // table is the page the server searched, filtered and counted.
  const counts = countServices(servicesQuery.data ?? []);
  const list = useServerList(useServicesPageQuery, (params) => ({
    status_eq: oneOf(SERVICE_STATUSES, params.filter('status')),
    block_eq: oneOf(SERVICE_BLOCKS, params.filter('bloco')),
    order: ORDERS[params.sort],
  }));

  return (
    <AdminPage
      title="Gestão de Serviços"
      action={<Button onClick={rows.create}>+ Novo Serviço</Button>}
      query={servicesQuery}
      counters={[
        statusCounters('Total de serviços', counts),
        SERVICE_BLOCKS.map((key) => ({ label: `Bloco ${key}`, value: counts.byBlock[key] })),
      ]}
      toolbar={
        <ListToolbar
          params={list.params}
          searchLabel="Buscar por nome"
          filters={FILTERS}
          sorts={SORT_OPTIONS}
        />
      }
      modals={<ServiceFormModal {...rows.form.props} service={rows.form.editing} />}
    >
      <AdminTable list={list} columns={COLUMNS} minWidth={980} rows={rows} />
    </AdminPage>
  );
}

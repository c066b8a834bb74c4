import { Button } from '@mantine/core';
import {
  countServices,
  formatPercent,
  formatReais,
  SERVICE_BLOCKS,
  SERVICE_STATUS_LABELS,
  SERVICE_STATUSES,
  serviceDeleteConfirmation,
  type Service,
  type ServiceUpdate,
} from '@portal/domain';
import { serviceMutations, useServicesPageQuery, useServicesQuery } from '../../api/services';
import { ServiceFormModal } from './service-form-modal';
import * as Admin from '../../components/admin';

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
];

const ROWS: Admin.AdminRows<Service, ServiceUpdate> = {
  resource: serviceMutations,
  label: (service) => service.name,
  deleteTitle: serviceDeleteConfirmation,
  toggle: Admin.statusToggle,
};

export default function ServicesPage() {
  const servicesQuery = useServicesQuery();
  const rows = Admin.useAdminRows(ROWS);

  // The counters describe the whole catalogue (cached for every screen that shows it); the
  // table is the page the server searched, filtered and counted.
  const counts = countServices(servicesQuery.data ?? []);
  const list = Admin.useServerList(useServicesPageQuery, (params) => ({
    status_eq: Admin.oneOf(SERVICE_STATUSES, params.filter('status')),
    block_eq: Admin.oneOf(SERVICE_BLOCKS, params.filter('bloco')),
    order: ORDERS[params.sort],
  }));

  return (
    <Admin.AdminPage
      title="Gestão de Serviços"
      action={<Button onClick={rows.create}>+ Novo Serviço</Button>}
      query={servicesQuery}
      counters={[
        Admin.statusCounters('Total de serviços', counts),
        SERVICE_BLOCKS.map((key) => ({ label: `Bloco ${key}`, value: counts.byBlock[key] })),
      ]}
      toolbar={
        <Admin.ListToolbar
          params={list.params}
          searchLabel="Buscar por nome"
          filters={FILTERS}
          sorts={SORT_OPTIONS}
        />
      }
      modals={<ServiceFormModal {...rows.form.props} service={rows.form.editing} />}
    >
      <Admin.AdminTable list={list} columns={COLUMNS} minWidth={980} rows={rows} />
    </Admin.AdminPage>
  );
}

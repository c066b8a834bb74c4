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
  type ServiceBlock,
  type ServiceStatus,
} from '@portal/domain';
import {
  servicesKeys,
  useDeleteService,
  useServicesPageQuery,
  useServicesQuery,
  useUpdateService,
} from '../../api/services';
import { AdminPage } from '../../components/admin/admin-page';
import {
  activeColor,
  AdminTable,
  badgeColumn,
  idColumn,
  type AdminColumn,
} from '../../components/admin/admin-table';
import { useFormModal } from '../../components/admin/form-modal';
import { ListToolbar } from '../../components/admin/list-toolbar';
import { pageWindow, serverListView, useListParams } from '../../components/admin/list-view';
import { statusToggle, useAdminRows } from '../../components/admin/use-admin-rows';
import { ServiceFormModal } from './service-form-modal';

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

const isServiceStatus = (value: string): value is ServiceStatus =>
  (SERVICE_STATUSES as readonly string[]).includes(value);

const isServiceBlock = (value: string): value is ServiceBlock =>
  (SERVICE_BLOCKS as readonly string[]).includes(value);

export default function ServicesPage() {
  const servicesQuery = useServicesQuery();
  const rows = useAdminRows({
    all: servicesKeys.all,
    update: useUpdateService(),
    remove: useDeleteService(),
  });
  const params = useListParams();
  const formModal = useFormModal<Service>();
  const openForm = formModal.open;

  // The counters describe the whole catalogue (cached for every screen that shows it); the
  // table is the page the server searched, filtered and counted.
  const counts = countServices(servicesQuery.data ?? []);
  const status = params.filter('status');
  const block = params.filter('bloco');
  const pageQuery = useServicesPageQuery({
    q: params.q,
    status_eq: isServiceStatus(status) ? status : undefined,
    block_eq: isServiceBlock(block) ? block : undefined,
    order: ORDERS[params.sort],
    ...pageWindow(params),
  });
  const view = serverListView(pageQuery.data, params);

  return (
    <AdminPage
      title="Gestão de Serviços"
      action={<Button onClick={() => openForm(null)}>+ Novo Serviço</Button>}
      query={servicesQuery}
      counters={[
        {
          cols: { base: 1, xs: 3 },
          items: [
            { label: 'Total de serviços', value: counts.total },
            { label: 'Ativos', value: counts.active },
            { label: 'Inativos', value: counts.inactive },
          ],
        },
        {
          cols: { base: 2, sm: 4 },
          items: SERVICE_BLOCKS.map((key) => ({
            label: `Bloco ${key}`,
            value: counts.byBlock[key],
          })),
        },
      ]}
      toolbar={
        <ListToolbar
          params={params}
          searchLabel="Buscar por nome"
          filters={FILTERS}
          sorts={SORT_OPTIONS}
        />
      }
      modals={<ServiceFormModal {...formModal.props} service={formModal.editing} />}
    >
      <AdminTable
        query={pageQuery}
        loadingText="Carregando serviços..."
        errorText={SERVICE_MESSAGES.loadFailed}
        empty={{ title: SERVICE_MESSAGES.empty }}
        columns={COLUMNS}
        rows={view.rows}
        minWidth={980}
        params={params}
        view={view}
        actions={(service) =>
          rows.actionsFor({
            id: service.id,
            label: service.name,
            onEdit: () => openForm(service),
            toggle: statusToggle(service.status, {
              activated: 'Serviço ativado.',
              deactivated: 'Serviço inativado.',
              fallback: SERVICE_MESSAGES.toggleFailed,
            }),
            remove: {
              title: serviceDeleteConfirmation(service.name),
              successMessage: 'Serviço excluído.',
              fallback: SERVICE_MESSAGES.deleteFailed,
            },
          })
        }
      />
    </AdminPage>
  );
}

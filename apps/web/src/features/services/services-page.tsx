import { Badge, Button, Table } from '@mantine/core';
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
import { AdminPage, QueryContent } from '../../components/admin/admin-page';
import { useFormModal } from '../../components/admin/form-modal';
import { ListPagination, ListToolbar } from '../../components/admin/list-toolbar';
import { pageWindow, serverListView, useListParams } from '../../components/admin/list-view';
import { statusToggle, useAdminRows } from '../../components/admin/use-admin-rows';
import { RowActions } from '../../components/row-actions';
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
      <QueryContent
        query={pageQuery}
        loadingText="Carregando serviços..."
        errorText={SERVICE_MESSAGES.loadFailed}
        isEmpty={view.total === 0}
        empty={{ title: SERVICE_MESSAGES.empty }}
      >
        {/* Wide table: scrolls sideways on a phone instead of squeezing the columns. */}
        <Table.ScrollContainer minWidth={980}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Bloco</Table.Th>
                <Table.Th>Valor</Table.Th>
                <Table.Th>Margem mínima</Table.Th>
                <Table.Th>Limite Sessões</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Fotos</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((service) => (
                <Table.Tr key={service.id}>
                  <Table.Td>{service.id}</Table.Td>
                  <Table.Td fw={500}>{service.name}</Table.Td>
                  <Table.Td>{service.block}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatReais(service.value)}</Table.Td>
                  <Table.Td>{formatPercent(service.min_margin_percent)}</Table.Td>
                  <Table.Td>{service.session_limit}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={service.status === 'active' ? 'green' : 'gray'}>
                      {SERVICE_STATUS_LABELS[service.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{service.photos_count}</Table.Td>
                  <Table.Td>
                    <RowActions
                      {...rows.actionsFor({
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
                      })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination params={params} view={view} />
      </QueryContent>
    </AdminPage>
  );
}

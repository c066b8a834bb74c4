import { Button } from '@mantine/core';
import {
  countSynergyRelations,
  normalizeForComparison,
  relationDeleteConfirmation,
  SYNERGY_RELATION_MESSAGES,
  type SynergyRelation,
} from '@portal/domain';
import { useMemo } from 'react';
import { useServicesQuery } from '../../api/services';
import {
  relationsKeys,
  useDeleteRelation,
  useUpdateRelation,
  useRelationsQuery,
} from '../../api/services-relations';
import { AdminPage } from '../../components/admin/admin-page';
import { AdminTable, idColumn, type AdminColumn } from '../../components/admin/admin-table';
import { useFormModal } from '../../components/admin/form-modal';
import { useAdminRows } from '../../components/admin/use-admin-rows';
import { RelationFormModal } from './relation-form-modal';

/** One spelling per category (case and accents folded), for the category suggestions. */
function distinctCategories(relations: readonly SynergyRelation[]): string[] {
  const byKey = new Map<string, string>();
  for (const relation of relations) {
    const key = normalizeForComparison(relation.category);
    if (!byKey.has(key)) byKey.set(key, relation.category.trim());
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

function relationColumns(namesById: ReadonlyMap<number, string>): AdminColumn<SynergyRelation>[] {
  const serviceName = (id: number) => namesById.get(id) ?? `#${id}`;
  return [
    idColumn(),
    { header: 'Serviço 1', cell: (relation) => serviceName(relation.service_id_1) },
    { header: 'Serviço 2', cell: (relation) => serviceName(relation.service_id_2) },
    { header: 'Categoria', cell: (relation) => relation.category },
    { header: 'Boost %', cell: (relation) => `${relation.boost_percent}%` },
  ];
}

export default function SynergyPage() {
  const relationsQuery = useRelationsQuery();
  const catalogueQuery = useServicesQuery();
  const rows = useAdminRows({
    all: relationsKeys.all,
    update: useUpdateRelation(),
    remove: useDeleteRelation(),
  });
  const formModal = useFormModal<SynergyRelation>();
  const openForm = formModal.open;

  const relations = useMemo(() => relationsQuery.data ?? [], [relationsQuery.data]);
  const counts = countSynergyRelations(relations);
  const categories = useMemo(() => distinctCategories(relations), [relations]);
  const namesById = useMemo(
    () => new Map((catalogueQuery.data ?? []).map((service) => [service.id, service.name])),
    [catalogueQuery.data],
  );
  const columns = useMemo(() => relationColumns(namesById), [namesById]);

  return (
    <AdminPage
      title="Sinergias"
      action={<Button onClick={() => openForm(null)}>+ Nova Relação</Button>}
      query={relationsQuery}
      counters={[
        {
          cols: { base: 1, xs: 2 },
          items: [
            { label: 'Total de relações', value: counts.total },
            { label: 'Categorias distintas', value: counts.categories },
          ],
        },
      ]}
      modals={
        <RelationFormModal
          {...formModal.props}
          relation={formModal.editing}
          categories={categories}
        />
      }
    >
      <AdminTable
        query={relationsQuery}
        loadingText="Carregando relações..."
        errorText={SYNERGY_RELATION_MESSAGES.loadFailed}
        empty={{ title: SYNERGY_RELATION_MESSAGES.empty }}
        columns={columns}
        rows={relations}
        minWidth={820}
        actions={(relation) =>
          rows.actionsFor({
            id: relation.id,
            label: `relação #${relation.id}`,
            onEdit: () => openForm(relation),
            remove: {
              title: relationDeleteConfirmation(relation.id),
              successMessage: 'Relação excluída.',
              fallback: SYNERGY_RELATION_MESSAGES.deleteFailed,
            },
          })
        }
      />
    </AdminPage>
  );
}

import { Button, Table } from '@mantine/core';
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
import { AdminPage, QueryContent } from '../../components/admin/admin-page';
import { useFormModal } from '../../components/admin/form-modal';
import { useAdminRows } from '../../components/admin/use-admin-rows';
import { RowActions } from '../../components/row-actions';
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
  const serviceName = (id: number) => namesById.get(id) ?? `#${id}`;

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
      <QueryContent
        query={relationsQuery}
        loadingText="Carregando relações..."
        errorText={SYNERGY_RELATION_MESSAGES.loadFailed}
        isEmpty={relations.length === 0}
        empty={{ title: SYNERGY_RELATION_MESSAGES.empty }}
      >
        {/* Wide table: scrolls sideways on a phone instead of squeezing the columns. */}
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Serviço 1</Table.Th>
                <Table.Th>Serviço 2</Table.Th>
                <Table.Th>Categoria</Table.Th>
                <Table.Th>Boost %</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {relations.map((relation) => (
                <Table.Tr key={relation.id}>
                  <Table.Td>{relation.id}</Table.Td>
                  <Table.Td>{serviceName(relation.service_id_1)}</Table.Td>
                  <Table.Td>{serviceName(relation.service_id_2)}</Table.Td>
                  <Table.Td>{relation.category}</Table.Td>
                  <Table.Td>{relation.boost_percent}%</Table.Td>
                  <Table.Td>
                    <RowActions
                      {...rows.actionsFor({
                        id: relation.id,
                        label: `relação #${relation.id}`,
                        onEdit: () => openForm(relation),
                        remove: {
                          title: relationDeleteConfirmation(relation.id),
                          successMessage: 'Relação excluída.',
                          fallback: SYNERGY_RELATION_MESSAGES.deleteFailed,
                        },
                      })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryContent>
    </AdminPage>
  );
}

import {
  countSynergyRelations,
  normalizeForComparison,
  type SynergyRelation,
} from '@portal/domain';
import { useMemo } from 'react';
import { useServiceNames } from '../../../api/catalogue/services';
import { relationMutations, useRelationsQuery } from '../../../api/catalogue/services-relations';
import { RelationFormModal } from './relation-form-modal';
import * as Admin from '../../../components/admin';

/** One spelling per category (case and accents folded), for the category suggestions. */
function distinctCategories(relations: readonly SynergyRelation[]): string[] {
  const byKey = new Map<string, string>();
  for (const relation of relations) {
    const key = normalizeForComparison(relation.category);
    if (!byKey.has(key)) byKey.set(key, relation.category.trim());
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

function relationColumns(
  namesById: ReadonlyMap<number, string>,
): Admin.AdminColumn<SynergyRelation>[] {
  const serviceName = (id: number) => namesById.get(id) ?? `#${id}`;
  return [
    Admin.idColumn(),
    { header: 'Serviço 1', cell: (relation) => serviceName(relation.service_id_1) },
    { header: 'Serviço 2', cell: (relation) => serviceName(relation.service_id_2) },
    { header: 'Categoria', cell: (relation) => relation.category },
    { header: 'Boost %', cell: (relation) => `${relation.boost_percent}%` },
  ];
}

export default function SynergyPage() {
  const relationsQuery = useRelationsQuery();
  const namesById = useServiceNames();
  const rows = Admin.useAdminRows({ resource: relationMutations });

  const relations = useMemo(() => relationsQuery.data ?? [], [relationsQuery.data]);
  const counts = countSynergyRelations(relations);
  const categories = useMemo(() => distinctCategories(relations), [relations]);

  return (
    <Admin.AdminPage
      title="Sinergias"
      create="+ Nova Relação"
      counters={{
        rows: [
          [
            { label: 'Total de relações', value: counts.total },
            { label: 'Categorias distintas', value: counts.categories },
          ],
        ],
      }}
      modals={
        <RelationFormModal
          {...rows.form.props}
          relation={rows.form.editing}
          categories={categories}
        />
      }
      table={{
        list: { query: relationsQuery, rows: relations },
        columns: relationColumns(namesById),
        minWidth: 820,
        rows,
      }}
    />
  );
}

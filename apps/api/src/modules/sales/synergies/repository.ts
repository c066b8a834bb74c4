import { and, asc, desc, inArray, or } from 'drizzle-orm';
import type { ClinicalTraits } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { services, synergyRelations } from '../../../db/schema.ts';

/**
 * Read-only queries the suggestions need. The catalogue modules own these tables; this module only
 * reads the few columns it shows, so it never writes here.
 */

/** What a suggestion reads from a service: its name and the benefit texts. */
export interface SynergyServiceRow {
  id: number;
  name: string;
  mainFunction: string | null;
  benefit1: string | null;
  benefit2: string | null;
  benefit3: string | null;
  /** The clinical check's traits (issue 26): a pair meeting a contraindication is left out. */
  clinicalTraits: ClinicalTraits | null;
}

export interface SynergyRelationRow {
  id: number;
  serviceId1: number;
  serviceId2: number;
  category: string;
  rationale: string | null;
  boostPercent: number;
  baseNarrative: string | null;
}

const serviceColumns = {
  id: services.id,
  name: services.name,
  nameKey: services.nameKey,
  mainFunction: services.mainFunction,
  benefit1: services.benefit1,
  benefit2: services.benefit2,
  benefit3: services.benefit3,
  clinicalTraits: services.clinicalTraits,
};

/**
 * The services named by id or by name key (normalizeForComparison of the name), in one query.
 * `nameKey` is answered so the caller can match the names it sent.
 */
export async function findServicesByIdsOrNameKeys(
  db: DbOrTx,
  ids: readonly number[],
  nameKeys: readonly string[],
): Promise<Array<SynergyServiceRow & { nameKey: string }>> {
  const conditions = [
    ...(ids.length > 0 ? [inArray(services.id, [...ids])] : []),
    ...(nameKeys.length > 0 ? [inArray(services.nameKey, [...nameKeys])] : []),
  ];
  if (conditions.length === 0) return [];
  return db
    .select(serviceColumns)
    .from(services)
    .where(or(...conditions));
}

/** Relations whose two services are both in `ids` (either order), richest first. */
export async function findRelationsAmong(
  db: DbOrTx,
  ids: readonly number[],
): Promise<SynergyRelationRow[]> {
  if (ids.length < 2) return [];
  return db
    .select({
      id: synergyRelations.id,
      serviceId1: synergyRelations.serviceId1,
      serviceId2: synergyRelations.serviceId2,
      category: synergyRelations.category,
      rationale: synergyRelations.rationale,
      boostPercent: synergyRelations.boostPercent,
      baseNarrative: synergyRelations.baseNarrative,
    })
    .from(synergyRelations)
    .where(
      and(
        inArray(synergyRelations.serviceId1, [...ids]),
        inArray(synergyRelations.serviceId2, [...ids]),
      ),
    )
    .orderBy(desc(synergyRelations.boostPercent), asc(synergyRelations.id));
}

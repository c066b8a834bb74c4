import {
  SYNERGY_RELATION_MESSAGES,
  type SynergyRelation,
  type SynergyRelationCreateData,
  type SynergyRelationUpdateData,
} from '@portal/domain';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { conflict, invalidField, notFound, registerConflictMessage } from '../../../http/errors.ts';
import { servicesService } from '../services/service.ts';
import { auditService } from '../../../audit/service.ts';
import * as repo from './repository.ts';

// Parallel requests for one pair all pass the explicit check; the unique index on the unordered
// pair (migration 0004) lets one through and turns the others into this same 409.
registerConflictMessage('synergy_relations_pair_key', SYNERGY_RELATION_MESSAGES.pairTaken);

interface ServicePair {
  serviceId1: number;
  serviceId2: number;
}

/**
 * Both services must exist (and stay, for the transaction) and differ, 422 on the field at
 * fault; and no other relation may join the same two, in either order (409).
 */
async function ensureValidPair(tx: DbOrTx, pair: ServicePair, exceptId?: number): Promise<void> {
  if (pair.serviceId1 === pair.serviceId2) {
    throw invalidField(['body', 'service_id_2'], SYNERGY_RELATION_MESSAGES.servicesMustDiffer);
  }
  const missing = await servicesService.findMissingIds(tx, [pair.serviceId1, pair.serviceId2]);
  if (missing.includes(pair.serviceId1)) {
    throw invalidField(['body', 'service_id_1'], SYNERGY_RELATION_MESSAGES.serviceMissing);
  }
  if (missing.includes(pair.serviceId2)) {
    throw invalidField(['body', 'service_id_2'], SYNERGY_RELATION_MESSAGES.serviceMissing);
  }
  if (await repo.findRelationIdByPair(tx, pair.serviceId1, pair.serviceId2, exceptId)) {
    throw conflict(SYNERGY_RELATION_MESSAGES.pairTaken);
  }
}

/** The synergy relations module's public face: other modules call these, never the repository. */
export const relationsService = {
  async list(
    db: AppDb,
    query: { service_id?: number | undefined } = {},
  ): Promise<SynergyRelation[]> {
    return (await repo.listRelations(db, query.service_id)).map(repo.toRelation);
  },

  async get(db: AppDb, id: number): Promise<SynergyRelation> {
    const row = await repo.findRelationById(db, id);
    if (!row) throw notFound(SYNERGY_RELATION_MESSAGES.notFound);
    return repo.toRelation(row);
  },

  /** Joins the caller's transaction when given one (the demo seed). */
  async create(db: DbOrTx, data: SynergyRelationCreateData): Promise<SynergyRelation> {
    return db.transaction(async (tx) => {
      await ensureValidPair(tx, { serviceId1: data.service_id_1, serviceId2: data.service_id_2 });
      const row = await repo.insertRelation(tx, {
        serviceId1: data.service_id_1,
        serviceId2: data.service_id_2,
        category: data.category,
        rationale: data.rationale,
        boostPercent: data.boost_percent,
        baseNarrative: data.base_narrative,
      });
      await auditService.created(tx, 'synergy_relation', row.id, repo.toRelation(row));
      return repo.toRelation(row);
    });
  },

  /** Changes only the fields sent; a new pair is checked against the stored other side. */
  async update(db: AppDb, id: number, data: SynergyRelationUpdateData): Promise<SynergyRelation> {
    return db.transaction(async (tx) => {
      const current = await repo.findRelationById(tx, id, true);
      if (!current) throw notFound(SYNERGY_RELATION_MESSAGES.notFound);
      if (data.service_id_1 !== undefined || data.service_id_2 !== undefined) {
        await ensureValidPair(
          tx,
          {
            serviceId1: data.service_id_1 ?? current.serviceId1,
            serviceId2: data.service_id_2 ?? current.serviceId2,
          },
          id,
        );
      }
      const changes: repo.RelationChanges = {
        ...(data.service_id_1 !== undefined && { serviceId1: data.service_id_1 }),
        ...(data.service_id_2 !== undefined && { serviceId2: data.service_id_2 }),
        ...(data.category !== undefined && { category: data.category }),
        ...(data.rationale !== undefined && { rationale: data.rationale }),
        ...(data.boost_percent !== undefined && { boostPercent: data.boost_percent }),
        ...(data.base_narrative !== undefined && { baseNarrative: data.base_narrative }),
      };
      // Nothing to change: answer with the relation as it is, without touching updated_at.
      if (Object.keys(changes).length === 0) return repo.toRelation(current);
      const row = await repo.updateRelation(tx, id, changes);
      if (!row) throw notFound(SYNERGY_RELATION_MESSAGES.notFound);
      await auditService.updated(
        tx,
        'synergy_relation',
        id,
        repo.toRelation(current),
        repo.toRelation(row),
      );
      return repo.toRelation(row);
    });
  },

  async remove(db: AppDb, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await repo.findRelationById(tx, id, true);
      if (!before || !(await repo.deleteRelation(tx, id)))
        throw notFound(SYNERGY_RELATION_MESSAGES.notFound);
      await auditService.deleted(tx, 'synergy_relation', id, repo.toRelation(before));
    });
  },
};

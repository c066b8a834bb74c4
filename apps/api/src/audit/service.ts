import {
  PRICE_HISTORY_FIELDS,
  type AuditChanges,
  type AuditEntity,
  type AuditEntry,
  type AuditListFilter,
  type AuditVerifyResult,
  type ServicePriceHistoryEntry,
} from '@portal/domain';
import type { AppDb, DbOrTx } from '../db/client.ts';
import type { ListPage } from '../http/list-page.ts';
import { currentActorId } from './actor.ts';
import { asJson, auditedFields, changedFields, entryHash, GENESIS_HASH } from './chain.ts';
import * as repo from './repository.ts';

/** One change to record. `actorId` omitted: the person of the current request (null outside one). */
export interface AuditRecord {
  entity: AuditEntity;
  entityId: number | string;
  /** create, update, delete, password_reset; a proposal's accept, decline, revoke… */
  action: string;
  before?: object | null;
  after?: object | null;
  actorId?: number | null;
}

const VERIFY_BATCH = 1000;
const DEFAULT_PAGE_SIZE = 50;

function toChanges(value: object | null | undefined): AuditChanges {
  const json = asJson(value ?? null);
  return json === null ? null : (json as Record<string, unknown>);
}

function toEntry(row: repo.NamedAuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    entity: row.entity,
    entity_id: row.entityId,
    action: row.action,
    before: row.before as AuditChanges,
    after: row.after as AuditChanges,
  };
}

function pick(changes: AuditChanges, fields: readonly string[]): Record<string, number> | null {
  if (!changes) return null;
  const out: Record<string, number> = {};
  for (const field of fields) {
    const value = changes[field];
    if (typeof value === 'number') out[field] = value;
  }
  return out;
}

/**
 * The audit trail's public face (issue 14). Every call joins the caller's transaction, so the
 * entry commits with the change it records or not at all; call it after the change, inside the
 * same `db.transaction`. A proposal service records an acceptance in one line:
 *   await auditService.record(tx, { entity: 'proposal', entityId: id, action: 'accept',
 *     before: { status: 'sent' }, after: { status: 'accepted' } });
 */
export const auditService = {
  /** Appends one entry to the chain (the chain head stays locked until the transaction ends). */
  async record(tx: DbOrTx, entry: AuditRecord): Promise<void> {
    const head = await repo.lockChainHead(tx);
    const row = {
      id: head.lastId + 1,
      // Taken under the lock, so entries' times follow their order in the chain.
      at: new Date(),
      actorId: entry.actorId === undefined ? currentActorId() : entry.actorId,
      entity: entry.entity,
      entityId: String(entry.entityId),
      action: entry.action,
      before: toChanges(entry.before),
      after: toChanges(entry.after),
      prevHash: head.lastHash,
    };
    await repo.appendEntry(tx, { ...row, hash: entryHash(row) });
  },

  /** A creation: `after` is the new record (bookkeeping fields and secrets left out). */
  async created(tx: DbOrTx, entity: AuditEntity, id: number | string, after: object) {
    await auditService.record(tx, {
      entity,
      entityId: id,
      action: 'create',
      before: null,
      after: auditedFields(after),
    });
  },

  /** An edit: only the fields that differ go in; nothing is recorded when none does. */
  async updated(
    tx: DbOrTx,
    entity: AuditEntity,
    id: number | string,
    before: object,
    after: object,
  ) {
    const changes = changedFields(before, after);
    if (!changes) return;
    await auditService.record(tx, { entity, entityId: id, action: 'update', ...changes });
  },

  /** A deletion: `before` is the record as it was. */
  async deleted(tx: DbOrTx, entity: AuditEntity, id: number | string, before: object) {
    await auditService.record(tx, {
      entity,
      entityId: id,
      action: 'delete',
      before: auditedFields(before),
      after: null,
    });
  },

  async page(db: AppDb, query: AuditListFilter): Promise<ListPage<AuditEntry>> {
    const { rows, total } = await repo.pageEntries(
      db,
      {
        entity: query.entity,
        entityId: query.entity_id,
        actorId: query.actor_id,
        from: query.from,
        to: query.to,
      },
      { limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0 },
    );
    return { items: rows.map(toEntry), total };
  },

  /** A procedure's changes of price, cost and minimum margin, newest first. */
  async priceHistory(db: AppDb, serviceId: number): Promise<ServicePriceHistoryEntry[]> {
    const entries: repo.NamedAuditRow[] = [];
    for (let offset = 0; ; offset += 100) {
      const { rows } = await repo.pageEntries(
        db,
        { entity: 'service', entityId: String(serviceId), anyField: PRICE_HISTORY_FIELDS },
        { limit: 100, offset },
      );
      entries.push(...rows);
      if (rows.length < 100) break;
    }
    return entries.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_id: row.actorId,
      actor_name: row.actorName,
      action: row.action,
      before: pick(row.before as AuditChanges, PRICE_HISTORY_FIELDS),
      after: pick(row.after as AuditChanges, PRICE_HISTORY_FIELDS),
    }));
  },

  /**
   * Walks the chain from the first entry: ids without a gap, each prev_hash the hash before it,
   * each hash recomputed from the content, and the last one the head's. Only entries up to the
   * head read first are checked: later ones committed after it, with a later head.
   */
  async verify(db: DbOrTx): Promise<AuditVerifyResult> {
    const head = await repo.readChainHead(db);
    if (!head) return { ok: false, checked: 0, first_broken_id: null };
    let checked = 0;
    let expectedId = 1;
    let prevHash = GENESIS_HASH;
    for (;;) {
      const rows = await repo.chainSlice(db, expectedId - 1, head.lastId, VERIFY_BATCH);
      for (const row of rows) {
        checked++;
        const intact =
          row.id === expectedId &&
          row.prevHash === prevHash &&
          entryHash({
            ...row,
            before: row.before as AuditChanges,
            after: row.after as AuditChanges,
          }) === row.hash;
        if (!intact) return { ok: false, checked, first_broken_id: row.id };
        prevHash = row.hash;
        expectedId++;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    // Entries missing at the end (or a head rewritten): the first id the head promises and lacks.
    if (expectedId - 1 !== head.lastId || prevHash !== head.lastHash) {
      return { ok: false, checked, first_broken_id: Math.min(expectedId, head.lastId) };
    }
    return { ok: true, checked, first_broken_id: null };
  },
};

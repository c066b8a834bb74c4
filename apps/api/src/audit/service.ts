import {
  AUDIT_LINK_ACTOR,
  PRICE_HISTORY_FIELDS,
  type AuditChanges,
  type AuditEntity,
  type AuditEntry,
  type AuditListFilter,
  type AuditBreak,
  type AuditVerifyResult,
  type ServicePriceHistoryEntry,
} from '@portal/domain';
import type { AppDb, DbOrTx } from '../db/client.ts';
import type { ListPage } from '../http/list-page.ts';
import { currentActorId } from './actor.ts';
import { asJson, auditedFields, changedFields, entryHash, GENESIS_HASH } from './chain.ts';
import { seal } from './key.ts';
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

/** An entry's seal: the HMAC of its hash (which covers its content and the chain before it). */
function entrySeal(hash: string): string {
  return seal(`entry:${hash}`);
}

/** The head's seal: where the chain ends, so deleting its last entries shows too. */
function headSeal(lastId: number, lastHash: string): string {
  return seal(`head:${lastId}:${lastHash}`);
}

class ChainAlreadyBroken extends Error {}

/** Entries before migration 0022 carried an acceptance's plain document hash. */
function withoutPlainDocumentHash(changes: AuditChanges): AuditChanges {
  if (!changes || !('document_sha256' in changes)) return changes;
  const { document_sha256: _removed, ...rest } = changes;
  return rest;
}
const DEFAULT_PAGE_SIZE = 50;

function toChanges(value: object | null | undefined): AuditChanges {
  const json = asJson(value ?? null);
  return json === null ? null : (json as Record<string, unknown>);
}

/** The client acting on her link: no staff member, and the entry says it came by the link. */
function isThroughLink(row: repo.NamedAuditRow): boolean {
  const after = row.after as AuditChanges;
  return row.actorId === null && after !== null && after.channel === 'link';
}

function toEntry(row: repo.NamedAuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName ?? (isThroughLink(row) ? AUDIT_LINK_ACTOR : null),
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
    const hash = entryHash(row);
    await repo.appendEntry(tx, { ...row, hash, seal: entrySeal(hash) }, headSeal(row.id, hash));
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
   * Walks the chain from the first entry: ids without a gap (a missing one is named), each
   * prev_hash the hash before it, each hash recomputed from the content, each seal the HMAC of
   * the hash under the key kept outside the database, and the head's seal over its last entry.
   * Only entries up to the head read first are checked: later ones committed after it.
   */
  async verify(db: DbOrTx): Promise<AuditVerifyResult> {
    const broken = (checked: number, id: number | null, problem: AuditBreak) => ({
      ok: false,
      checked,
      first_broken_id: id,
      problem,
    });
    const head = await repo.readChainHead(db);
    if (!head) return broken(0, null, 'missing');
    let checked = 0;
    let expectedId = 1;
    let prevHash = GENESIS_HASH;
    for (;;) {
      const rows = await repo.chainSlice(db, expectedId - 1, head.lastId, VERIFY_BATCH);
      for (const row of rows) {
        // A gap: the entry that should be here was deleted; it is the one named.
        if (row.id !== expectedId) return broken(checked, expectedId, 'missing');
        checked++;
        const intact =
          row.prevHash === prevHash &&
          entryHash({
            ...row,
            before: row.before as AuditChanges,
            after: row.after as AuditChanges,
          }) === row.hash &&
          row.seal === entrySeal(row.hash);
        if (!intact) return broken(checked, row.id, 'altered');
        prevHash = row.hash;
        expectedId++;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    // Entries missing at the end: the first id the head promises and lacks.
    if (expectedId - 1 < head.lastId) return broken(checked, expectedId, 'missing');
    // A head moved back over deleted entries cannot carry a seal for its new place.
    if (prevHash !== head.lastHash || head.seal !== headSeal(head.lastId, head.lastHash)) {
      return broken(checked, head.lastId + 1, 'missing');
    }
    return { ok: true, checked, first_broken_id: null, problem: null };
  },

  /**
   * Seals the entries written before migration 0022 (once, at start, under the chain head's
   * lock): each is checked against the plain chain first, and only an intact prefix is sealed.
   * Acceptance entries lose the plain SHA-256 of the accepted document they carried: it could
   * confirm an anonymized client's name (docs/decisions/0034-keyed-evidence-and-sealed-audit.md);
   * the hashes after them are recomputed, which only this step may do.
   */
  async sealUnsealed(db: AppDb): Promise<void> {
    if (!(await repo.hasUnsealed(db))) return;
    await db
      .transaction(async (tx) => {
        const head = await repo.lockChainHead(tx);
        let oldPrev = GENESIS_HASH;
        let newPrev = GENESIS_HASH;
        let lastId = 0;
        for (let afterId = 0; ;) {
          const rows = await repo.chainSlice(tx, afterId, head.lastId, VERIFY_BATCH);
          for (const row of rows) {
            const before = row.before as AuditChanges;
            const after = row.after as AuditChanges;
            const plainIntact =
              row.id === lastId + 1 &&
              row.prevHash === oldPrev &&
              entryHash({ ...row, before, after }) === row.hash &&
              (row.seal === null || row.seal === entrySeal(row.hash));
            // A chain already broken is left as it was (rolled back): audit:verify names where.
            if (!plainIntact) throw new ChainAlreadyBroken();
            const content = {
              ...row,
              before: withoutPlainDocumentHash(before),
              after: withoutPlainDocumentHash(after),
              prevHash: newPrev,
            };
            const hash = entryHash(content);
            if (hash !== row.hash || row.seal === null) {
              await repo.resealEntry(tx, row.id, {
                before: content.before,
                after: content.after,
                prevHash: newPrev,
                hash,
                seal: entrySeal(hash),
              });
            }
            oldPrev = row.hash;
            newPrev = hash;
            lastId = row.id;
          }
          if (rows.length < VERIFY_BATCH) break;
          afterId = lastId;
        }
        if (lastId !== head.lastId || oldPrev !== head.lastHash) throw new ChainAlreadyBroken();
        await repo.setHead(tx, { lastId, lastHash: newPrev, seal: headSeal(lastId, newPrev) });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ChainAlreadyBroken)) throw error;
      });
  },
};

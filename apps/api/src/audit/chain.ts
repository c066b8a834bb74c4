import crypto from 'node:crypto';
import type { AuditChanges, AuditEntity } from '@portal/domain';

/** The prev_hash of the first entry (and the chain head of an empty log, migration 0009). */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but the hash itself. */
export interface ChainedEntry {
  id: number;
  at: Date;
  actorId: number | null;
  entity: AuditEntity;
  entityId: string;
  action: string;
  before: AuditChanges;
  after: AuditChanges;
  prevHash: string;
}

/**
 * JSON with object keys sorted at every level: jsonb keeps neither key order nor whitespace, so
 * the hash is taken over a form that survives the round trip through the database.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${fields.join(',')}}`;
}

/** SHA-256 (hex) of the entry's canonical serialization, which includes prev_hash. */
export function entryHash(entry: ChainedEntry): string {
  const content = canonicalJson({
    id: entry.id,
    at: entry.at.toISOString(),
    actor_id: entry.actorId,
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    before: entry.before,
    after: entry.after,
    prev_hash: entry.prevHash,
  });
  return crypto.createHash('sha256').update(content).digest('hex');
}

/** Fields no audit entry carries: bookkeeping, and secrets that must never be copied. */
const NOT_AUDITED = new Set([
  'id',
  'created_at',
  'updated_at',
  'photos_count',
  // A data URL of up to megabytes; the trail says who changed what, not the picture.
  'profile_photo',
  'password',
  'password_hash',
  'passwordHash',
  'token_version',
  'tokenVersion',
]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as JSON would store it (dates become ISO strings, undefined fields vanish). */
export function asJson(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** A snapshot without the fields no entry carries (a create's `after`, a delete's `before`). */
export function auditedFields(snapshot: object): Record<string, unknown> {
  const json = asJson(snapshot);
  if (!isPlainObject(json)) return {};
  return Object.fromEntries(Object.entries(json).filter(([key]) => !NOT_AUDITED.has(key)));
}

/**
 * Only what changed between two snapshots: nested objects (a package's block limits, a
 * procedure's benefits) are compared field by field, lists as a whole. Null when nothing did.
 */
export function changedFields(
  before: object,
  after: object,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const diff = diffObjects(auditedFields(before), auditedFields(after));
  return Object.keys(diff.before).length + Object.keys(diff.after).length === 0 ? null : diff;
}

function diffObjects(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const now = after[key];
    if (isPlainObject(old) && isPlainObject(now)) {
      const nested = diffObjects(old, now);
      if (Object.keys(nested.before).length + Object.keys(nested.after).length === 0) continue;
      out.before[key] = nested.before;
      out.after[key] = nested.after;
    } else if (canonicalJson(old ?? null) !== canonicalJson(now ?? null)) {
      if (key in before) out.before[key] = old;
      if (key in after) out.after[key] = now;
    }
  }
  return out;
}

import crypto from 'node:crypto';
import type { DbOrTx } from '../../../db/client.ts';
import { getOrCreateSecret } from '../../../db/secrets.ts';

/**
 * Provider credentials at rest: AES-256-GCM under a key generated once and kept in app_secrets
 * (apps/api/src/db/secrets.ts), so a copy of the billing tables alone (an export, a dump of one
 * table) reveals no credential. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const KEY_NAME = 'billing-seal';

async function keyOf(db: DbOrTx): Promise<Buffer> {
  const secret = await getOrCreateSecret(db, KEY_NAME);
  return crypto.createHash('sha256').update(secret).digest();
}

export async function seal(db: DbOrTx, plain: string): Promise<string> {
  const key = await keyOf(db);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * Plain texts already opened, by sealed text: a webhook opens its unit's secret on every call,
 * and the key read costs two round trips. A sealed text (random IV, authenticated) opens to one
 * plain text only, so a copy keyed by it is never stale (a process has one database, so one key); a changed
 * secret is a new entry.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 256;

export async function unseal(db: DbOrTx, sealed: string): Promise<string> {
  const known = opened.get(sealed);
  if (known !== undefined) return known;
  const plain = await open(db, sealed);
  if (opened.size >= OPENED_MAX) opened.clear();
  opened.set(sealed, plain);
  return plain;
}

async function open(db: DbOrTx, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed: bad format');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    await keyOf(db),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

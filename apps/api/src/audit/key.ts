import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that seals audit entries (migration 0022). It lives outside the database: from
 * AUDIT_KEY, or for the embedded mode a file the server creates in DATA_DIR on its first start.
 * Whoever can write the database but not read this key cannot seal a rewritten entry
 * (docs/decisions/0034-keyed-evidence-and-sealed-audit.md).
 */
export const AUDIT_KEY_FILE = 'audit.key';

let installed: Buffer | null = null;

/** The key the process seals with; set once by buildApp (or a script) before any entry. */
export function useAuditKey(key: Buffer): void {
  installed = key;
}

export function auditKey(): Buffer {
  if (!installed) throw new Error('Chave da trilha de auditoria não carregada (useAuditKey).');
  return installed;
}

type KeyConfig = { auditKey: string | undefined; dataDir: string };

/** AUDIT_KEY if set; else DATA_DIR/audit.key if it exists; else null (audit:verify's view). */
export function findAuditKey(config: KeyConfig): Buffer | null {
  if (config.auditKey) return Buffer.from(config.auditKey, 'utf8');
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  return fs.existsSync(file) ? Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex') : null;
}

/** The server's view: as findAuditKey, creating DATA_DIR/audit.key (random, 256 bits) if absent. */
export function loadOrCreateAuditKey(config: KeyConfig): Buffer {
  const found = findAuditKey(config);
  if (found) return found;
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    // Another process starting on the same directory wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

/** HMAC-SHA-256 (hex) of a text under the installed key. */
export function seal(text: string): string {
  return crypto.createHmac('sha256', auditKey()).update(text).digest('hex');
}

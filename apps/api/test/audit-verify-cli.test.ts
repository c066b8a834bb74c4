import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/api-root.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { auditService } from '../src/audit/service.ts';
import { entryHash } from '../src/audit/chain.ts';
import { loadOrCreateAuditKey, useAuditKey } from '../src/audit/key.ts';

/**
 * `npm run audit:verify` on the embedded database, as an operator runs it: with the sealing key
 * the server created in its DATA_DIR, against someone who can write the database but lacks it.
 */
describe('npm run audit:verify', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-'));
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    // As the server does on its first start: the key file is created beside the database.
    useAuditKey(loadOrCreateAuditKey({ auditKey: undefined, dataDir }));
    for (const id of [1, 2, 3, 4]) {
      await database.db.transaction((tx) =>
        auditService.record(tx, {
          entity: 'service',
          entityId: id,
          action: 'create',
          after: { name: `Procedimento ${id}`, value: 100 * id },
        }),
      );
    }
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** A copy of the database to tamper with, so each attack starts from the intact chain. */
  const copies: string[] = [];
  function copy(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-copy-'));
    copies.push(dir);
    fs.cpSync(dataDir, dir, { recursive: true });
    return dir;
  }
  afterAll(() => {
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = (dir = dataDir) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.AUDIT_KEY;
    delete env.DATABASE_URL;
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/scripts/audit-verify.ts'],
      { cwd: REPO_ROOT, env, encoding: 'utf8' },
    );
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('says the chain is intact and how many entries it checked', () => {
    expect(run()).toEqual({
      code: 0,
      output: 'Trilha de auditoria íntegra: 4 registro(s) verificado(s).\n',
    });
  });

  it('refuses politely while a running server holds the database', () => {
    // This test's process is alive and is not the script's: to the script, a running server.
    const lock = path.join(dataDir, 'portal.lock');
    fs.writeFileSync(lock, String(process.pid));
    try {
      const { code, output } = run();
      expect(code).toBe(2);
      expect(output).toContain('Não foi possível verificar a trilha de auditoria.');
      expect(output).toContain(`já está em uso pelo processo ${process.pid}`);
    } finally {
      fs.unlinkSync(lock);
    }
  });

  it('names the first broken entry after an edit behind the application', async () => {
    const dir = copy();
    const database = await openDatabase({ dataDir: dir });
    await database.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
      UPDATE audit_log SET after = '{"name": "Procedimento 2", "value": 1}' WHERE id = 2;
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;`);
    await database.close();
    const { code, output } = run(dir);
    expect(code).toBe(1);
    expect(output).toContain('o registro 2 foi alterado fora do sistema');
  });

  it('catches a superuser who rewrites an entry and recomputes every later hash', async () => {
    const dir = copy();
    const database = await openDatabase({ dataDir: dir });
    // The attacker knows the chain's arithmetic (it is in the source) but not the key.
    await database.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    const rows = await database.query<{
      id: string;
      at: Date;
      actor_id: number | null;
      entity: 'service';
      entity_id: string;
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      'SELECT id, at, actor_id, entity, entity_id, action, before, after FROM audit_log ORDER BY id',
    );
    let prevHash = '0'.repeat(64);
    for (const row of rows) {
      const after = Number(row.id) === 2 ? { name: 'Procedimento 2', value: 1 } : row.after;
      const hash = entryHash({
        id: Number(row.id),
        at: new Date(row.at),
        actorId: row.actor_id,
        entity: row.entity,
        entityId: row.entity_id,
        action: row.action,
        before: row.before,
        after,
        prevHash,
      });
      await database.query(
        'UPDATE audit_log SET after = $1::jsonb, prev_hash = $2, hash = $3 WHERE id = $4',
        [JSON.stringify(after), prevHash, hash, row.id],
      );
      prevHash = hash;
    }
    await database.query('UPDATE audit_chain_head SET last_hash = $1', [prevHash]);
    await database.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    await database.close();
    const { code, output } = run(dir);
    expect(code).toBe(1);
    expect(output).toContain('o registro 2 foi alterado fora do sistema');
  });

  it('names a deleted middle entry, not the one after it', async () => {
    const middle = copy();
    const database = await openDatabase({ dataDir: middle });
    await database.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
      DELETE FROM audit_log WHERE id = 2;
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;`);
    await database.close();
    const result = run(middle);
    expect(result.code).toBe(1);
    expect(result.output).toContain('o registro 2 foi apagado');
  });

  it('names a deleted last entry: the head moved back onto the one before has no valid seal', async () => {
    const last = copy();
    const database = await openDatabase({ dataDir: last });
    await database.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
      DELETE FROM audit_log WHERE id = 4;
      UPDATE audit_chain_head SET last_id = 3, last_hash = (SELECT hash FROM audit_log WHERE id = 3);
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;`);
    await database.close();
    const result = run(last);
    expect(result.code).toBe(1);
    expect(result.output).toContain('o registro 4 foi apagado');
  });

  it('cannot check without the key (exit 2), rather than call the chain intact', () => {
    const dir = copy();
    fs.unlinkSync(path.join(dir, 'audit.key'));
    const { code, output } = run(dir);
    expect(code).toBe(2);
    expect(output).toContain('Sem a chave da trilha de auditoria');
  });
});

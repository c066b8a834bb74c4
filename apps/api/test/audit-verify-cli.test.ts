import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/api-root.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { auditService } from '../src/audit/service.ts';

/** `npm run audit:verify` on the embedded database, as an operator runs it. */
describe('npm run audit:verify', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-'));
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    for (const id of [1, 2, 3]) {
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

  const run = () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
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
      output: 'Trilha de auditoria íntegra: 3 registro(s) verificado(s).\n',
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
    const database = await openDatabase({ dataDir });
    await database.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
      UPDATE audit_log SET after = '{"name": "Procedimento 2", "value": 1}' WHERE id = 2;
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;`);
    await database.close();
    const { code, output } = run();
    expect(code).toBe(1);
    expect(output).toContain('o registro 2 quebra a cadeia');
  });
});

/**
 * `npm run audit:verify`: walks the audit chain of the database the server uses (DATABASE_URL,
 * or the embedded one in DATA_DIR) and says whether it is intact, seals included: it needs the
 * server's sealing key (AUDIT_KEY, or DATA_DIR/audit.key). Exit code 0: intact; 1: broken (the
 * first deleted or altered entry is named); 2: could not check (no key, database busy, missing
 * or unreachable).
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { auditService } from '../src/audit/service.ts';
import { AUDIT_KEY_FILE, findAuditKey, useAuditKey } from '../src/audit/key.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    console.error(`Nenhum banco de dados em ${config.dataDir} (DATA_DIR): nada a verificar.`);
    return 2;
  }
  const key = findAuditKey(config);
  if (!key) {
    console.error(
      `Sem a chave da trilha de auditoria: defina AUDIT_KEY ou rode no DATA_DIR do servidor ` +
        `(${path.join(config.dataDir, AUDIT_KEY_FILE)}).`,
    );
    return 2;
  }
  useAuditKey(key);
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
  } catch (error) {
    // The embedded database serves one process: a running server holds it (db/data-dir-lock.ts).
    console.error(`Não foi possível verificar a trilha de auditoria. ${(error as Error).message}`);
    return 2;
  }
  try {
    const [table] = await database.query<{ present: boolean }>(
      `SELECT to_regclass('audit_chain_head') IS NOT NULL AS present`,
    );
    if (!table?.present) {
      console.error(
        'Este banco ainda não tem a trilha de auditoria (migração 0009): inicie o servidor uma vez.',
      );
      return 2;
    }
    const result = await auditService.verify(database.db);
    if (result.ok) {
      console.log(`Trilha de auditoria íntegra: ${result.checked} registro(s) verificado(s).`);
      return 0;
    }
    const what =
      result.problem === 'missing'
        ? `o registro ${result.first_broken_id} foi apagado`
        : `o registro ${result.first_broken_id} foi alterado fora do sistema`;
    console.error(
      `Trilha de auditoria adulterada: ${what} (${result.checked} registro(s) verificado(s)).`,
    );
    return 1;
  } catch (error) {
    console.error(`Não foi possível verificar a trilha de auditoria: ${(error as Error).message}`);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();

import { buildApp, JOBS } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { bootstrapDatabase } from './db/seed.ts';
import { loggerOptions } from './http/logging.ts';
import { createLoginLimiter } from './auth/login-limiter-factory.ts';
import { RedisInFlightLimiter } from './http/heavy-reads.ts';
import { startJobQueue } from './jobs/queue.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = {
    // One request serializer masks link tokens and personal query strings (http/logging.ts).
    ...loggerOptions(config.logLevel),
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
  };
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const loginLimiter = createLoginLimiter(config.redisUrl);
  const app = await (async () => {
    try {
      await runMigrations(database);
      return await buildApp({
        config,
        database,
        logger,
        loginLimiter: loginLimiter.limiter,
        // With Redis, every process counts one user's heavy reads together.
        ...(loginLimiter.redis ? { heavyReads: new RedisInFlightLimiter(loginLimiter.redis) } : {}),
      });
    } catch (error) {
      await database.close();
      throw error;
    }
  })();

  const boot = await bootstrapDatabase(database.db, config, app.log);
  // Scheduled work (contract expiry, overdue instalments, the charge window) through the job
  // queue on the same database: once across processes, retried with backoff; a night the server
  // was down is caught up at start (apps/api/src/jobs, docs/decisions/0043-job-queue.md).
  const jobs = await startJobQueue({ database, jobs: JOBS, log: app.log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: draining requests in flight');
    try {
      // Runs in progress finish (pg-boss waits up to 30 s) while requests drain.
      await Promise.all([app.close(), jobs.stop()]);
    } finally {
      await loginLimiter.close();
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  const lines = [
    '',
    `Portal Estética rodando em http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
    `Banco de dados: ${where}`,
  ];
  if (boot.createdAdmin) {
    lines.push(`Primeiro administrador criado: ${boot.createdAdmin.email}`);
    if (boot.createdAdmin.password) {
      lines.push(
        `Senha gerada (anote, ela não será mostrada de novo): ${boot.createdAdmin.password}`,
      );
    }
  }
  if (boot.seededDemo) lines.push('Dados de demonstração criados.');
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

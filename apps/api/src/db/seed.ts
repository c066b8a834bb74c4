import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { AppDb, AppTx } from './client.ts';
import { usersService } from '../modules/people/users/service.ts';
import { seedDemoCatalogue } from './seed/demo-catalogue.ts';
import { seedDemoNotices } from './seed/notices.ts';
import { seedDemoTrainings } from './seed/trainings.ts';
import { seedAiConfigs } from './seed/ai-configs.ts';
import { seedDemoUnitBilling } from './seed/unit-billing.ts';

/**
 * Demo content per module, run in order inside one transaction on a database with no users yet.
 * A module adds its own seeder here.
 */
const DEMO_SEEDERS: Array<(tx: AppTx) => Promise<void>> = [
  seedDemoCatalogue,
  seedDemoNotices,
  seedDemoTrainings,
  seedDemoUnitBilling,
];

/** Data the product needs on every database (not demo content), created when missing. */
const REQUIRED_SEEDERS: Array<(db: AppDb) => Promise<void>> = [seedAiConfigs];

/** Advisory lock key of the first start (migrations use 727274). */
const FIRST_START_LOCK_KEY = 727275;

export interface BootstrapResult {
  createdAdmin: { email: string; password: string | null } | null;
  seededDemo: boolean;
}

const NOTHING_CREATED: BootstrapResult = { createdAdmin: null, seededDemo: false };

/**
 * First start: creates the first admin (ADMIN_EMAIL/ADMIN_PASSWORD or a demo admin with a
 * generated password) and, when SEED_DEMO is on, the demo catalogue.
 */
export async function bootstrapDatabase(
  db: AppDb,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<BootstrapResult> {
  for (const seed of REQUIRED_SEEDERS) await seed(db);
  if ((await usersService.count(db)) > 0) return NOTHING_CREATED;

  const email = config.adminEmail ?? 'admin@portalestetica.com.br';
  const password = config.adminPassword ?? generatePassword();
  // One transaction under a lock: two processes starting together on an empty PostgreSQL would
  // otherwise both create the admin and the demo data (the second failing on a duplicate). The
  // second waits here and then finds the first one's admin.
  const seededDemo = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`);
    if ((await usersService.count(tx)) > 0) return null;
    await usersService.create(tx, {
      name: 'Administrador',
      email,
      password,
      phone: null,
      unit: 'PAULISTA',
      profile: 'admin',
      status: 'active',
      profile_photo: null,
    });
    if (!config.seedDemo) return false;
    for (const seed of DEMO_SEEDERS) await seed(tx);
    return true;
  });
  if (seededDemo === null) return NOTHING_CREATED;
  if (seededDemo) log.info('demo data created');
  return { createdAdmin: { email, password: config.adminPassword ? null : password }, seededDemo };
}

function generatePassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}

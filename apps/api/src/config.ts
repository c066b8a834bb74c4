import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './api-root.ts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres://')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  AUDIT_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  SEED_DEMO: z.preprocess(emptyAsUndefined, booleanFlag.optional()),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Portal Estética <nao-responda@portalestetica.com.br>'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  VITALS_SAMPLE_RATE: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(1).default(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
        'TRUST_PROXY: número de proxies (ex.: 1) ou lista de endereços/redes (ex.: 10.0.0.0/8, loopback)',
      )
      .optional(),
  ),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /**
   * The audit trail's sealing key, kept outside the database; unset: DATA_DIR/audit.key, created
   * on first start (fine for the embedded mode; every process of a PostgreSQL deployment must
   * share one AUDIT_KEY).
   */
  auditKey: string | undefined;
  tokenTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  ai: {
    provider: 'local' | 'openai';
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  redisUrl: string | undefined;
  logLevel: string;
  /** Share of Web Vitals reports (page views) kept, 0 to 1: lower it when traffic grows. */
  vitalsSampleRate: number;
  webDist: string;
  /**
   * Whose X-Forwarded-For to believe (the per-address login throttle reads the client address):
   * a hop count behind a cloud load balancer, or addresses and networks. `false` (the default)
   * believes nobody: any process on the host or the network could otherwise forge addresses.
   */
  trustProxy: string | number | false;
}

/** Parses the environment; a bad value stops the server with a readable list of problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    auditKey: e.AUDIT_KEY,
    tokenTtlSeconds: Math.round(e.TOKEN_TTL_HOURS * 3600),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    // Demo data by default only on the embedded database: a real server starts clean.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    vitalsSampleRate: e.VITALS_SAMPLE_RATE,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    trustProxy:
      e.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY,
  };
}

import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { getOrCreateSecret } from './db/secrets.ts';
import { installAccessControl, type Access } from './auth/access.ts';
import { MemoryAttemptLimiter, type AttemptLimiter } from './auth/attempt-limiter.ts';
import {
  DEFAULT_LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleOptions,
} from './auth/login-throttle.ts';
import { installAfterResponse } from './http/after-response.ts';
import { addressRateLimits, installRateLimits } from './http/rate-limits.ts';
import {
  installHeavyReadBound,
  MemoryInFlightLimiter,
  type InFlightLimiter,
} from './http/heavy-reads.ts';
import { defaultPdfRenderPool, type PdfRenderPool } from './pdf/render-pool.ts';
import { TokenService } from './auth/tokens.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { installConditionalGet } from './http/conditional-get.ts';
import { CatalogueCache } from './http/catalogue-cache.ts';
import { UserCache } from './auth/user-cache.ts';
import { installErrorHandling } from './http/errors.ts';
import { AllowedMethods, clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { inlineScriptHashes, serveWebApp } from './http/web-app.ts';
import { openApiTransform } from './http/openapi.ts';
import { BODY_LIMIT_BYTES, COMPRESS_FROM_BYTES } from './http/limits.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { AppContext, ModuleRoutes } from './app-context.ts';
import { authRoutes } from './modules/people/auth/routes.ts';
import { usersRoutes } from './modules/people/users/routes.ts';
import { servicesRoutes } from './modules/catalogue/services/routes.ts';
import { servicePhotosRoutes } from './modules/catalogue/service-photos/routes.ts';
import { packagesRoutes } from './modules/catalogue/packages/routes.ts';
import { servicesRelationsRoutes } from './modules/catalogue/services-relations/routes.ts';
import { noticesRoutes } from './modules/people/notices/routes.ts';
import { unitsRoutes } from './modules/people/units/routes.ts';
import { trainingsRoutes } from './modules/people/trainings/routes.ts';
import { synergiesRoutes } from './modules/sales/synergies/routes.ts';
import { pdfRoutes } from './modules/sales/pdf/routes.ts';
import { recommendationsRoutes } from './modules/sales/recommendations/routes.ts';
import { aiChatRoutes } from './modules/sales/ai-chat/routes.ts';
import { aiConfigsRoutes } from './modules/catalogue/ai-configs/routes.ts';
import { vitalsRoutes } from './modules/insights/vitals/routes.ts';
import { clientsRoutes } from './modules/crm/clients/routes.ts';
import { clinicalRoutes } from './modules/crm/clinical/routes.ts';
import { proposalsRoutes } from './modules/sales/proposals/routes.ts';
import { publicProposalPageRoutes } from './modules/sales/public-proposal-page/routes.ts';
import { auditRoutes } from './modules/insights/audit/routes.ts';
import { dataSubjectRoutes } from './modules/insights/data-subject/routes.ts';
import { installAuditActor } from './audit/actor.ts';
import { loadOrCreateAuditKey, useAuditKey } from './audit/key.ts';
import { auditService } from './audit/service.ts';
import { dashboardRoutes } from './modules/insights/dashboard/routes.ts';
import { liabilityRoutes } from './modules/insights/liability/routes.ts';
import { contractsAfterSale } from './modules/care/contracts/after-sale.ts';
import { contractsRoutes } from './modules/care/contracts/routes.ts';
import { billingContractPayments, withPayments } from './modules/billing/payments/ports.ts';
import { commissionsRoutes } from './modules/billing/commissions/routes.ts';
import { paymentsRoutes } from './modules/billing/payments/routes.ts';
import { paymentWebhooksRoutes } from './modules/billing/webhooks/routes.ts';
import { unitBillingRoutes } from './modules/billing/unit-settings/routes.ts';
import { reconciliationsRoutes } from './modules/billing/reconciliations/routes.ts';
import { reconciliationJob } from './modules/billing/reconciliations/jobs.ts';
import { contractExpiryJob } from './modules/care/contracts/expiry-job.ts';
import {
  afterContractsEndedJob,
  chargeWindowJob,
  installmentsOverdueJob,
} from './modules/billing/payments/jobs.ts';
import type { ScheduledJob } from './jobs/port.ts';

/** Every resource module, in the order its routes register under /api/v1. */
const MODULES: ModuleRoutes[] = [
  authRoutes,
  usersRoutes,
  servicesRoutes,
  servicePhotosRoutes,
  packagesRoutes,
  servicesRelationsRoutes,
  noticesRoutes,
  unitsRoutes,
  trainingsRoutes,
  synergiesRoutes,
  pdfRoutes,
  recommendationsRoutes,
  aiChatRoutes,
  aiConfigsRoutes,
  vitalsRoutes,
  clientsRoutes,
  clinicalRoutes,
  dataSubjectRoutes,
  proposalsRoutes,
  contractsRoutes,
  paymentsRoutes,
  commissionsRoutes,
  paymentWebhooksRoutes,
  unitBillingRoutes,
  reconciliationsRoutes,
  auditRoutes,
  dashboardRoutes,
  liabilityRoutes,
];

/**
 * Every scheduled job, run by the job queue the server starts (apps/api/src/jobs,
 * docs/decisions/0043-job-queue.md); tests start the queue themselves.
 */
export const JOBS: readonly ScheduledJob[] = [
  contractExpiryJob,
  installmentsOverdueJob,
  chargeWindowJob,
  reconciliationJob,
  afterContractsEndedJob,
];

/**
 * Pages the server renders itself, outside /api/v1 (the public proposal page a client opens
 * from WhatsApp): registered before the web app, so its fallback does not answer index.html.
 */
const PAGES: ModuleRoutes[] = [publicProposalPageRoutes];

/** One registered route as the security suites see it: they walk every route of the app. */
export interface RouteTableEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (HEAD excluded), for the authorization matrix and the fuzzer. */
    routeTable: readonly RouteTableEntry[];
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  loginLimiter?: AttemptLimiter;
  /** Heavy reads in flight per user (default: this process's memory; server.ts: Redis if set). */
  heavyReads?: InFlightLimiter;
  /** The sign-in backoff's timing (tests record the delays instead of waiting them). */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** Where PDFs are drawn (default: the process's worker pool). */
  pdfPool?: PdfRenderPool;
  /** The audit sealing key (default: AUDIT_KEY, or DATA_DIR/audit.key created on first start). */
  auditKey?: Buffer;
}

/** Methods that never write: their answers need not wait for the change feed to settle. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False for a write that changes no table a read cache is kept from (migrations 0002 and
     * 0013): its answer need not wait for the other processes' caches.
     */
    settle?: boolean;
  }
}

/** Behind N proxies (a cloud load balancer): believe the last N X-Forwarded-For entries. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // pt-BR FastAPI-shaped answers for what the router and Node's parser refuse (414, 400…).
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (by default none): a
    // client cannot forge its address to dodge the throttles.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RouteTableEntry[] = [];
  const allowedMethods = new AllowedMethods();
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, access: route.config?.access });
      allowedMethods.add(method, route.url);
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandling(app);

  installAfterResponse(app);

  const jwtSecret = config.jwtSecret ?? (await getOrCreateSecret(database.db, 'jwt'));
  // The audit key never goes into the database it protects (audit/key.ts); entries written before
  // migration 0022 are sealed once, here, before anything is served.
  useAuditKey(deps.auditKey ?? loadOrCreateAuditKey(config));
  await auditService.sealUnsealed(database.db);
  const loginLimiter = deps.loginLimiter ?? new MemoryAttemptLimiter();
  // Before the context: its per-address limits are the plugin's (http/rate-limits.ts).
  await installRateLimits(app, loginLimiter);
  // What keeps the in-memory read caches current (docs/decisions/0012-read-cache-invalidation.md).
  const changeFeed = await database.openChangeFeed();
  app.addHook('onClose', () => changeFeed.close());
  // A write answers only once no process can serve a copy older than it; a route whose writes
  // reach no cached table says `settle: false` (docs/decisions/0046-webhooks-without-settle.md).
  app.addHook('onSend', async (request) => {
    if (READ_METHODS.has(request.method) || request.routeOptions.config.settle === false) return;
    await changeFeed.settle();
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: new TokenService(jwtSecret, config.tokenTtlSeconds),
    mailer: deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log),
    loginLimiter,
    loginThrottle: new LoginThrottle(loginLimiter, {
      ...DEFAULT_LOGIN_THROTTLE,
      ...deps.loginThrottle,
    }),
    rateLimits: addressRateLimits(app, loginLimiter),
    changeFeed,
    catalogueCache: new CatalogueCache(database, changeFeed),
    pdfPool: deps.pdfPool ?? defaultPdfRenderPool,
    // Care's after-sale with billing's part added (a plan at acceptance, payments on the link).
    afterSale: withPayments(contractsAfterSale),
    contractPayments: billingContractPayments,
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The inline color-scheme script of index.html, allowed by its hash.
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
        // Mantine writes its CSS variables in style tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // YouTube embeds in the training pages; blob: for the PDF preview.
        frameSrc: [
          "'self'",
          'blob:',
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
        ],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  installConditionalGet(app);
  await app.register(compress, { threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });

  installAccessControl(app, ctx.db, ctx.tokens, new UserCache(changeFeed));
  installHeavyReadBound(app, deps.heavyReads ?? new MemoryInFlightLimiter());
  installAuditActor(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal Estética API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // Completes each route's schema with the answers the app gives every route of its kind.
    transform: openApiTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs UI sets its own policy; keep it as strict as the rest of the app's.
    transformStaticCSP: (policy) =>
      policy
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });

  app.get(
    '/api/v1/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (await database.ping()) return { status: 'ok' as const };
      return reply.status(503).send({ detail: 'Banco de dados indisponível.' });
    },
  );

  await app.register(
    async (api) => {
      for (const registerModule of MODULES) await registerModule(api, ctx);
    },
    { prefix: '/api/v1' },
  );
  await app.register(async (pages) => {
    for (const registerPage of PAGES) await registerPage(pages, ctx);
  });

  serveWebApp(app, config.webDist, (url) => allowedMethods.for(url));
  return app;
}

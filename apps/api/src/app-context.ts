import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { AppDb, Database } from './db/client.ts';
import type { AttemptLimiter } from './auth/attempt-limiter.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PdfRenderPool } from './pdf/render-pool.ts';
import type { CatalogueCache } from './http/catalogue-cache.ts';
import type { ChangeFeed } from './db/change-feed.ts';

/** What every module receives: the resources it may use, nothing global. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: AppDb;
  tokens: TokenService;
  mailer: Mailer;
  /** Attempt counters of the public auth flows (sign-in, registration, reset requests). */
  loginLimiter: AttemptLimiter;
  loginThrottle: LoginThrottle;
  /** Committed changes the in-memory read caches follow (migration 0013). */
  changeFeed: ChangeFeed;
  /** The catalogue lists as sent, checked against the database's catalogue version. */
  catalogueCache: CatalogueCache;
  /** Worker threads that draw the PDFs, with a bounded queue. */
  pdfPool: PdfRenderPool;
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module registers its routes on the app it is given (already prefixed by /api/v1). */
export type ModuleRoutes = (app: ZodApp, ctx: AppContext) => void | Promise<void>;

import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { PublicPlan } from '@portal/domain';
import type { AppDb, Database, DbOrTx } from './db/client.ts';
import type { AttemptLimiter } from './auth/attempt-limiter.ts';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { AddressRateLimits } from './http/rate-limits.ts';
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
  /** The slowing of sign-ins on an account with many failures (never a refusal). */
  loginThrottle: LoginThrottle;
  /** Every per-address limit (sign-in, registration, reset requests, the proposal link). */
  rateLimits: AddressRateLimits;
  /** Committed changes the in-memory read caches follow (migration 0013). */
  changeFeed: ChangeFeed;
  /** The catalogue lists as sent, checked against the database's catalogue version. */
  catalogueCache: CatalogueCache;
  /** Worker threads that draw the PDFs, with a bounded queue. */
  pdfPool: PdfRenderPool;
  /** What follows a signature (issue 28): the care context's, wired by app.ts. */
  afterSale: AfterSalePort;
  /** A contract's money as care needs it (issue 29): the billing context's, wired by app.ts. */
  contractPayments: ContractPaymentsPort;
}

/** A proposal accepted, as the after-sale needs it (sales hands it over in its transaction). */
export interface ProposalAcceptedEvent {
  id: number;
  number: string;
  clientId: number;
  clientName: string;
  unit: string;
  authorId: number | null;
  authorName: string;
  packageName: string;
  annualValue: number;
  items: readonly {
    service_id: number;
    name: string;
    sessions: number;
    unit_value: number;
    unit_cost: number;
  }[];
  at: Date;
  channel: 'link' | 'presencial';
  /** Staff who recorded an acceptance in person; null through the client's link. */
  staff: {
    id: number;
    name: string;
    profile: 'admin' | 'manager' | 'professional';
    unit: string | null;
  } | null;
}

/**
 * The after-sale as sales sees it: sales (lower in the map, docs/architecture.md) calls it
 * without importing the context above it; the care context implements it and app.ts wires it.
 */
export interface AfterSalePort {
  /** In the acceptance's transaction: the contract the proposal becomes, and the client's plan. */
  proposalAccepted(
    tx: DbOrTx,
    event: ProposalAcceptedEvent,
  ): Promise<{ contractId: number; plan: PublicPlan }>;
  /** The client's plan behind her link, or null while there is no contract. */
  clientPlan(db: DbOrTx, proposalId: number, now: Date): Promise<PublicPlan | null>;
  /** The client withdraws on her link (CDC art. 49): in the caller's transaction. */
  clientWithdraws(tx: DbOrTx, proposalId: number, now: Date): Promise<PublicPlan>;
  /**
   * Outside any transaction, once the acceptance committed (and again when her link finds the
   * first payment still unprepared): work with a payment provider, which must never hold a lock.
   * Never throws; what fails is retried by the next view or the daily job.
   */
  afterAcceptance(db: AppDb, contractId: number, now: Date): Promise<void>;
}

/**
 * What care asks of billing (issue 29): billing sits above care in the map, so care reaches it
 * through this port; apps/api/src/modules/billing/payments/ports.ts implements it.
 */
export interface ContractPaymentsPort {
  /** What the client paid on the contract less what was refunded, in centavos. */
  paid(db: DbOrTx, contractId: number): Promise<number>;
  /**
   * In care's transaction, after a withdrawal or a cancellation: what is still owed is cancelled
   * and `refundDue` (centavos) is recorded to go back to the client.
   */
  contractEnded(
    tx: DbOrTx,
    contractId: number,
    reason: 'desistencia' | 'cancelamento',
    refundDue: number,
  ): Promise<void>;
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

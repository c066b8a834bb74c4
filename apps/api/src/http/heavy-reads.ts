import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitAddress } from './client-address.ts';
import { HttpError } from './errors.ts';
import { perUserRateLimit, rateLimitMessage } from './rate-limits.ts';

/**
 * Heavy reads (issue 27): a long period's dashboard or CSV, the pipeline, the renewals, the
 * liability report, a deep offset, a client's export. A rate per minute does not stop one user
 * from running twelve of them at once and taking the database from everyone else; at most
 * HEAVY_READS_IN_FLIGHT per user are in flight, the next is answered 429 at once
 * (docs/decisions/0041-heavy-read-bounds.md). The per-minute group `heavyRead` of rate-limits.ts
 * sits on top of it.
 */
export const HEAVY_READS_IN_FLIGHT = 2;
/** A slot is given back at the latest after this long (a process that died holding it). */
export const HEAVY_READ_LEASE_MS = 120_000;
/** What a refused heavy read tells the client to wait. */
export const HEAVY_READ_RETRY_AFTER_SECONDS = 1;
/** A list page from this offset on reads (and skips) at least this many rows: a heavy read. */
export const DEEP_OFFSET = 1_000;

/** A slot taken: give it back once (later calls do nothing). */
export type ReleaseSlot = () => Promise<void>;

/** Counts what is in flight per key; holds across processes when it lives in Redis. */
export interface InFlightLimiter {
  /** A slot under `key` when fewer than `max` are held, or null. */
  acquire(key: string, max: number, leaseMs: number): Promise<ReleaseSlot | null>;
}

export class MemoryInFlightLimiter implements InFlightLimiter {
  /** Per key, each held slot's lease end. */
  private readonly held = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  async acquire(key: string, max: number, leaseMs: number): Promise<ReleaseSlot | null> {
    // Synchronous from count to take: no other request runs in between.
    const now = this.now();
    const slots = this.held.get(key) ?? new Map<string, number>();
    for (const [slot, endsAt] of slots) if (endsAt <= now) slots.delete(slot);
    if (slots.size >= max) return null;
    const slot = crypto.randomUUID();
    slots.set(slot, now + leaseMs);
    this.held.set(key, slots);
    return async () => {
      slots.delete(slot);
      if (slots.size === 0 && this.held.get(key) === slots) this.held.delete(key);
    };
  }

  /** Slots held under `key` (tests). */
  count(key: string): number {
    return this.held.get(key)?.size ?? 0;
  }
}

/**
 * One sorted set per key, a member per slot scored by its lease end: expired leases are dropped,
 * then the slot is taken only under `max`, in one script (atomic across processes).
 */
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export class RedisInFlightLimiter implements InFlightLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'portal:inflight:',
  ) {}

  async acquire(key: string, max: number, leaseMs: number): Promise<ReleaseSlot | null> {
    const redisKey = `${this.prefix}${key}`;
    const slot = crypto.randomUUID();
    const now = Date.now();
    const taken = await this.redis.eval(
      ACQUIRE_SCRIPT,
      1,
      redisKey,
      now,
      max,
      now + leaseMs,
      slot,
      leaseMs,
    );
    if (Number(taken) !== 1) return null;
    return async () => {
      await this.redis.zrem(redisKey, slot);
    };
  }
}

/** When a route's request is a heavy read (every request when true). */
export type HeavyReadWhen = true | ((request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Under the per-user in-flight bound of heavy reads (http/heavy-reads.ts). */
    heavyRead?: HeavyReadWhen;
  }
}

/**
 * The route config of a heavy read: the in-flight bound and the per-minute `heavyRead` group,
 * for every request or only those `when` accepts.
 */
export function heavyReadLimits(when?: (request: FastifyRequest) => boolean) {
  return { heavyRead: when ?? (true as const), ...perUserRateLimit('heavyRead', when) };
}

/** A list request whose offset is deep enough to be a heavy read. */
export function deepOffset(request: FastifyRequest): boolean {
  const query = request.query as { offset?: unknown } | undefined;
  return typeof query?.offset === 'number' && query.offset >= DEEP_OFFSET;
}

export function isHeavyRead(request: FastifyRequest): boolean {
  const when = request.routeOptions.config.heavyRead;
  return when === true || (typeof when === 'function' && when(request));
}

export const heavyReadKey = (request: FastifyRequest) =>
  `heavy:${request.user ? `user:${request.user.id}` : `address:${rateLimitAddress(request.ip)}`}`;

/**
 * Takes a slot before the handler of a heavy read and gives it back when the work is over: when
 * the answer is sent (success or error, a stream included), or when the client went away, but
 * only once the handler has produced its answer (a query still running keeps its slot).
 */
export function installHeavyReadBound(app: FastifyInstance, limiter: InFlightLimiter): void {
  const releases = new WeakMap<FastifyRequest, { release: () => void; answered: () => void }>();

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isHeavyRead(request)) return;
    const taken = await limiter.acquire(
      heavyReadKey(request),
      HEAVY_READS_IN_FLIGHT,
      HEAVY_READ_LEASE_MS,
    );
    if (!taken) {
      reply.header('retry-after', String(HEAVY_READ_RETRY_AFTER_SECONDS));
      throw new HttpError(429, rateLimitMessage(HEAVY_READ_RETRY_AFTER_SECONDS));
    }
    let released = false;
    let answered = false;
    let closed = false;
    const release = () => {
      if (released) return;
      released = true;
      taken().catch((error: unknown) =>
        request.log.error({ err: error }, 'heavy read slot not released'),
      );
    };
    releases.set(request, {
      release,
      answered: () => {
        answered = true;
        if (closed) release();
      },
    });
    reply.raw.once('close', () => {
      closed = true;
      if (answered) release();
    });
  };
  const onSend = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    releases.get(request)?.answered();
    return payload;
  };
  const onResponse = async (request: FastifyRequest) => {
    releases.get(request)?.release();
  };

  // Route hooks, added after the per-minute limit's (installRateLimits runs first): a request
  // the rate refuses never takes a slot.
  app.addHook('onRoute', (route) => {
    if (route.config?.heavyRead === undefined) return;
    route.preHandler = [route.preHandler ?? []].flat().concat(preHandler);
    route.onSend = [route.onSend ?? []].flat().concat(onSend);
    route.onResponse = [route.onResponse ?? []].flat().concat(onResponse);
  });
}

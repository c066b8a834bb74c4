import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** The channel the triggers of migration 0013 notify on. */
export const READ_CACHE_CHANNEL = 'portal_read_cache';

/** A committed change a kept copy may depend on (payloads of migration 0013). */
export type Change =
  | { kind: 'user'; id: number }
  | { kind: 'users' }
  | { kind: 'catalogue' }
  | { kind: 'trainings' }
  | { kind: 'reactions'; userId: number }
  | { kind: 'all-reactions' }
  /** Changes may have been missed (the listener connected or reconnected): drop every copy. */
  | { kind: 'everything' };

export function parseChange(payload: string): Change | undefined {
  if (payload === 'c') return { kind: 'catalogue' };
  if (payload === 't') return { kind: 'trainings' };
  if (payload === 'u:*') return { kind: 'users' };
  if (payload === 'r:*') return { kind: 'all-reactions' };
  const match = /^([ur]):(\d+)$/.exec(payload);
  if (!match) return undefined;
  const id = Number(match[2]);
  return match[1] === 'u' ? { kind: 'user', id } : { kind: 'reactions', userId: id };
}

/**
 * What the in-memory read caches (the signed-in user's row, the catalogue version, the shared
 * trainings pages) are kept current by (docs/decisions/0012-read-cache-invalidation.md).
 */
export interface ChangeFeed {
  /** Called for each committed change, in commit order. */
  subscribe(listener: (change: Change) => void): void;
  /**
   * Moves on every change delivered. A cache notes it before reading the database and keeps what
   * it read only if it has not moved, so a read that raced a write is never kept.
   */
  readonly generation: number;
  /**
   * True when every change committed before now has been delivered: copies may be served. When
   * false the caches read the database, as every request did before.
   */
  isCurrent(): boolean;
  /**
   * Resolves once no process can serve a copy older than the writes this process has committed so
   * far: called before a write's answer is sent, so "applies at once" holds across processes.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

abstract class BaseFeed {
  generation = 0;
  private readonly listeners: Array<(change: Change) => void> = [];

  subscribe(listener: (change: Change) => void): void {
    this.listeners.push(listener);
  }

  protected deliver(change: Change): void {
    this.generation++;
    for (const listener of this.listeners) listener(change);
  }
}

/**
 * The embedded database is one process and one session (the data directory's lock,
 * apps/api/src/db/data-dir-lock.ts). PGlite hands a transaction's notifications to the listener
 * before the transaction's promise resolves, so a write is applied to every cache before the
 * writing request can answer.
 */
export class InlineChangeFeed extends BaseFeed implements ChangeFeed {
  private unlisten: (() => Promise<void>) | undefined;
  private closed = false;

  static async open(
    listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>,
  ): Promise<InlineChangeFeed> {
    const feed = new InlineChangeFeed();
    feed.unlisten = await listen(READ_CACHE_CHANNEL, (payload) => {
      const change = parseChange(payload);
      if (change) feed.deliver(change);
    });
    return feed;
  }

  isCurrent(): boolean {
    return !this.closed;
  }

  async settle(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    await this.unlisten?.();
  }
}

/** How often a process checks that its listener still hears the server. */
export const HEARTBEAT_MS = 250;
/** A process serves copies only while its last heartbeat came back within this time. */
export const LEASE_MS = 2000;
/** What a writer adds to the lease when a peer does not acknowledge (clock-rate differences). */
const LEASE_MARGIN_MS = 200;
const RECONNECT_MS = 500;

interface PendingSettle {
  /** Peers that must acknowledge, known once this process's own sync message came back. */
  peers: Set<string> | undefined;
  acked: Set<string>;
  done: () => void;
}

/**
 * PostgreSQL server: a dedicated connection LISTENs. Notifications reach every listener in commit
 * order, but each listener reads them on its own time, so two guarantees are added:
 *
 * - Lease. Every HEARTBEAT_MS the process notifies itself; when that message comes back, every
 *   change committed before it was sent has been applied. Copies are served only within LEASE_MS
 *   of the send time of the last heartbeat that came back; otherwise the caches read the database.
 * - Settle. Before a write answers, the writer notifies `sync`; when its own sync comes back it
 *   knows the peers that heartbeated within the lease, and waits for each to acknowledge the sync
 *   (a peer acknowledges after applying everything before it) — or, for a peer that stays silent,
 *   until LEASE_MS has passed since the commit, when that peer's lease, taken before the commit,
 *   has run out. Either way no process serves a copy older than the write once it has answered.
 *
 * Payloads besides migration 0013's: h:<process>:<n> heartbeat, y:<process>:<n> sync,
 * a:<peer>:<writer>:<n> acknowledgement, b:<process> a process leaving.
 */
export class ServerChangeFeed extends BaseFeed implements ChangeFeed {
  private readonly me = crypto.randomBytes(6).toString('hex');
  private client: pg.Client | undefined;
  private closed = false;
  private heartbeatSeq = 0;
  private readonly heartbeatsInFlight = new Map<number, number>();
  /** Send time of the last own heartbeat that came back. */
  private currentSince = Number.NEGATIVE_INFINITY;
  /** Other processes and when their last heartbeat arrived. */
  private readonly peers = new Map<string, number>();
  private settleSeq = 0;
  private readonly settles = new Map<number, PendingSettle>();
  private readonly timer: NodeJS.Timeout;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(private readonly connect: () => pg.Client) {
    super();
    this.timer = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Starts listening; if the server is unreachable it keeps trying, serving from the database. */
  static async open(connect: () => pg.Client): Promise<ServerChangeFeed> {
    const feed = new ServerChangeFeed(connect);
    await feed.listen();
    return feed;
  }

  isCurrent(): boolean {
    return this.client !== undefined && performance.now() - this.currentSince < LEASE_MS;
  }

  settle(): Promise<void> {
    const deadline = performance.now() + LEASE_MS + LEASE_MARGIN_MS;
    const client = this.client;
    if (this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const seq = ++this.settleSeq;
      const timeout = setTimeout(() => finish(), deadline - performance.now());
      const finish = () => {
        clearTimeout(timeout);
        this.settles.delete(seq);
        resolve();
      };
      this.settles.set(seq, { peers: undefined, acked: new Set(), done: finish });
      // Without a listener nobody can acknowledge: the lease alone covers the peers.
      if (client) this.notify(client, `y:${this.me}:${seq}`);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    for (const pending of this.settles.values()) pending.done();
    if (!client) return;
    try {
      await client.query('SELECT pg_notify($1, $2)', [READ_CACHE_CHANNEL, `b:${this.me}`]);
      await client.end();
    } catch {
      // Already gone: the peers stop waiting for this process when its lease runs out.
    }
  }

  private async listen(): Promise<void> {
    const client = this.connect();
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === READ_CACHE_CHANNEL && message.payload && this.client === client) {
        this.receive(client, message.payload);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${READ_CACHE_CHANNEL}`);
    } catch {
      this.lost(client);
      await client.end().catch(() => undefined);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Whatever committed while nobody listened is unknown: every copy goes.
    this.deliver({ kind: 'everything' });
    this.heartbeat();
  }

  private lost(client: pg.Client): void {
    if (this.client === client) {
      this.client = undefined;
      this.currentSince = Number.NEGATIVE_INFINITY;
      this.heartbeatsInFlight.clear();
      this.deliver({ kind: 'everything' });
    }
    if (!this.closed && !this.reconnectTimer && !this.client) {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        void this.listen();
      }, RECONNECT_MS);
      this.reconnectTimer.unref();
    }
  }

  private heartbeat(): void {
    const client = this.client;
    if (!client) return;
    const seq = ++this.heartbeatSeq;
    this.heartbeatsInFlight.set(seq, performance.now());
    this.notify(client, `h:${this.me}:${seq}`);
  }

  private notify(client: pg.Client, payload: string): void {
    client
      .query('SELECT pg_notify($1, $2)', [READ_CACHE_CHANNEL, payload])
      .catch(() => this.lost(client));
  }

  private receive(client: pg.Client, payload: string): void {
    const [tag, from = '', a = '', b = ''] = payload.split(':');
    switch (tag) {
      case 'h':
        if (from === this.me) {
          const sentAt = this.heartbeatsInFlight.get(Number(a));
          if (sentAt !== undefined) this.currentSince = Math.max(this.currentSince, sentAt);
          for (const seq of this.heartbeatsInFlight.keys()) {
            if (seq <= Number(a)) this.heartbeatsInFlight.delete(seq);
          }
        } else {
          this.peers.set(from, performance.now());
        }
        return;
      case 'y':
        if (from === this.me) this.ownSyncReturned(Number(a));
        // Everything committed before that sync has been applied here: say so.
        else this.notify(client, `a:${this.me}:${from}:${a}`);
        return;
      case 'a':
        if (a === this.me) this.acknowledged(Number(b), from);
        return;
      case 'b':
        this.peers.delete(from);
        for (const pending of this.settles.values()) this.settleIfComplete(pending);
        return;
      default: {
        const change = parseChange(payload);
        if (change) this.deliver(change);
      }
    }
  }

  private ownSyncReturned(seq: number): void {
    const pending = this.settles.get(seq);
    if (!pending) return;
    const now = performance.now();
    pending.peers = new Set(
      [...this.peers].filter(([, seenAt]) => now - seenAt < LEASE_MS).map(([peer]) => peer),
    );
    this.settleIfComplete(pending);
  }

  private acknowledged(seq: number, peer: string): void {
    const pending = this.settles.get(seq);
    if (!pending) return;
    pending.acked.add(peer);
    this.settleIfComplete(pending);
  }

  private settleIfComplete(pending: PendingSettle): void {
    if (!pending.peers) return;
    for (const peer of pending.peers) {
      if (!pending.acked.has(peer) && this.peers.has(peer)) return;
    }
    pending.done();
  }
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@portal/domain';
import type { Database } from '../db/client.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { entityTagOf, ifNoneMatchNames } from './conditional-get.ts';
import { COMPRESS_FROM_BYTES } from './limits.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip' | 'identity';

interface CachedAnswer {
  version: string;
  /** Rows in the list, for X-Total-Count. */
  count: number;
  etag: string;
  identity: Buffer;
  /** Each encoding is made the first time a client asks for it, then kept with the answer. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Buffer>>>;
}

/** The best encoding the client accepts: br, then gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * The catalogue lists (procedures, packages, synergy relations) are read by every screen of
 * every professional and change only when an admin edits the catalogue. Each process keeps them
 * as sent — serialized, tagged and compressed — and checks `catalogue_version` (bumped by
 * triggers in the writing transaction, migration 0002) before each answer, so a change made
 * through any process, or straight in SQL, is seen by the next request everywhere
 * (docs/decisions/0001-catalogue-cache.md).
 */
export class CatalogueCache {
  private readonly answers = new Map<string, CachedAnswer>();
  /** catalogue_version as last read, forgotten when a change to it is delivered (migration 0013). */
  private knownVersion: string | undefined;

  constructor(
    private readonly database: Database,
    private readonly feed: ChangeFeed,
    private readonly maxEntries = 64,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'catalogue' || change.kind === 'everything')
        this.knownVersion = undefined;
    });
  }

  /**
   * The database's catalogue version, from memory while the change feed is current (no query):
   * docs/decisions/0012-read-cache-invalidation.md.
   */
  async version(): Promise<string> {
    if (this.knownVersion !== undefined && this.feed.isCurrent()) return this.knownVersion;
    const generation = this.feed.generation;
    const [row] = await this.database.query<{ version: string }>(
      'SELECT version::text AS version FROM catalogue_version',
    );
    const version = row?.version ?? '0';
    if (this.feed.generation === generation) this.knownVersion = version;
    return version;
  }

  /**
   * Answers a catalogue list from the cache, or loads, serializes (with the route's response
   * schema) and keeps it. The key is the validated query, so unknown parameters share an entry.
   * Resolves once the answer is sent (a Fastify reply is awaited until its response ends).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<unknown>,
    options: { totalCount?: boolean } = {},
  ): Promise<void> {
    const key = `${request.routeOptions.url ?? request.url} ${JSON.stringify(request.query ?? {})}`;
    const version = await this.version();
    let answer = this.answers.get(key);
    if (answer?.version !== version) {
      const loaded = await load();
      const identity = Buffer.from(String(reply.serialize(loaded)));
      const count = Array.isArray(loaded) ? loaded.length : 0;
      answer = { version, count, etag: entityTagOf(identity), identity, encoded: {} };
      // Keep it only if no catalogue write committed while it was read: its data is `version`'s.
      if ((await this.version()) === version) this.remember(key, answer);
    }

    reply.header('etag', answer.etag);
    if (options.totalCount) reply.header(TOTAL_COUNT_HEADER, String(answer.count));
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'Authorization, Accept-Encoding');
    if (ifNoneMatchNames(request.headers['if-none-match'], answer.etag)) {
      await reply.code(304).send();
      return;
    }
    reply.type('application/json; charset=utf-8');
    const encoding =
      answer.identity.length < COMPRESS_FROM_BYTES
        ? 'identity'
        : negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') {
      await reply.send(answer.identity);
      return;
    }
    answer.encoded[encoding] ??= encode(answer.identity, encoding);
    reply.header('content-encoding', encoding);
    await reply.send(await answer.encoded[encoding]);
  }

  private remember(key: string, answer: CachedAnswer): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    // Map keeps insertion order: the first key is the one refreshed longest ago.
    if (this.answers.size > this.maxEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  }
}

function encode(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          // Made once per catalogue version, so a denser setting than per-request compression.
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 9 });
}

import type { DestinationStream } from 'pino';
import type { FastifyRequest } from 'fastify';
import { addressPrefix } from './client-address.ts';

/**
 * Query keys whose values never carry personal data or a secret: paging, filters by code or
 * date, formats. Every other key (`q`, `search`, `token`, `sig`, an email…) is masked: a new
 * query parameter is private until someone lists it here (LGPD art. 46, /work/shared/LGPD.md:
 * no personal data in logs).
 */
const PUBLIC_QUERY_KEYS = new Set([
  'limit',
  'offset',
  'format',
  'status',
  'unit',
  'from',
  'to',
  'period',
  'by',
  'date_field',
  'entity',
  'entity_id',
  'actor_id',
  'author_id',
  'block',
  'profile',
  'sort',
  'order',
  'active',
  'category',
  'v',
  'exp',
]);

/** Paths whose next segment is a bearer secret: a client's proposal link (SPEC section 8). */
const SECRET_SEGMENT_AFTER = [/^(\/p\/)[^/?#]+/, /^(\/api\/v1\/public\/proposals\/)[^/?#]+/];

export const MASK = '***';

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return '';
  }
}

/** `key=value` as logged: a harmless key as sent; any other key's value masked. */
function maskPair(pair: string): string {
  const equals = pair.indexOf('=');
  const key = decoded(equals === -1 ? pair : pair.slice(0, equals));
  if (PUBLIC_QUERY_KEYS.has(key)) return pair.slice(0, 80);
  // A key that is not a plain name may itself be data (`?Maria`): masked whole.
  return /^[a-z][a-z0-9_]{0,39}$/.test(key) ? `${key}=${MASK}` : MASK;
}

/**
 * The URL as it may be written to a log: link tokens replaced by ***, and every query value
 * whose key is not known to be harmless replaced by *** (the key stays: it says what was asked).
 */
export function maskUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  let path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  for (const pattern of SECRET_SEGMENT_AFTER) path = path.replace(pattern, `$1${MASK}`);
  if (queryAt === -1) return path;
  const query = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map(maskPair);
  return `${path}?${query.join('&')}`;
}

/**
 * The one serializer of a request in the log: method, masked URL, and the caller's network (its
 * /24 or /64, enough to follow abuse, not a person's address); no headers, so no bearer token,
 * cookie or Referer (which may hold a link token) ever reaches a log line.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: maskUrl(request.url),
    network: addressPrefix(request.ip),
  };
}

/**
 * Pino's options for the server (server.ts) and for the test that greps a scripted session's
 * log: the same serializer in both. `err` keeps Fastify's default (stack and message, which the
 * app writes in code, never from the request).
 */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    serializers: { req: serializeRequest },
    // The request serializer writes no headers; these guard a header logged by hand.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
    ...(stream ? { stream } : {}),
  };
}

import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The answers Fastify would otherwise write in English with its own shape, made FastAPI-shaped
 * pt-BR like every other error of the API. None echoes the request's path.
 */
export const FRAMEWORK_MESSAGES = {
  uriTooLong: 'Endereço muito longo.',
  badUrl: 'Endereço inválido.',
  badRequest: 'Requisição inválida.',
  methodNotAllowed: 'Método não permitido para este endereço.',
  timeout: 'A requisição demorou demais para chegar.',
  headersTooLarge: 'Cabeçalhos da requisição muito grandes.',
} as const;

/** Fastify's `frameworkErrors`: an over-long path parameter (414) or a malformed URL (400). */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ detail: FRAMEWORK_MESSAGES.uriTooLong });
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: FRAMEWORK_MESSAGES.badUrl });
  } else {
    void reply.code(400).send({ detail: FRAMEWORK_MESSAGES.badRequest });
  }
}

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses before any route is looked up (a
 * method token it does not know, a broken request line, a header overflow, a timeout).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, FRAMEWORK_MESSAGES.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, FRAMEWORK_MESSAGES.headersTooLarge]
        : [400, FRAMEWORK_MESSAGES.badRequest];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

interface RoutePattern {
  pattern: RegExp;
  method: string;
}

/**
 * Which methods the registered routes answer on a path, for a 405's `Allow` header when a request
 * uses another. Wildcard routes (the web app's files) are left out: a path only they match is
 * not an API address, and stays a 404.
 */
export class AllowedMethods {
  private readonly patterns: RoutePattern[] = [];

  add(method: string, url: string): void {
    if (url.includes('*')) return;
    const segments = url
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      );
    // Trailing slash optional, as the router treats it (ignoreTrailingSlash).
    this.patterns.push({ pattern: new RegExp(`^${segments.join('/')}/?$`), method });
  }

  /** The methods allowed on this URL's path (HEAD wherever GET is), empty when none is. */
  for(url: string): string[] {
    const path = url.split('?')[0] ?? '';
    const methods = new Set<string>();
    for (const { pattern, method } of this.patterns) {
      if (pattern.test(path)) methods.add(method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}

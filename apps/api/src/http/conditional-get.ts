import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Whether an If-None-Match header names this entity tag (a list, or '*'). */
export function ifNoneMatchNames(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value.replace(/^W\//, '') === etag.slice(2);
  });
}

/** A weak tag of the JSON bytes: equal bytes, equal tag, in every process. */
export function entityTagOf(body: string | Buffer): string {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Conditional GET for the API's JSON answers: each carries an entity tag of its bytes and
 * 'private, no-cache', so the browser keeps it and asks again with If-None-Match; an unchanged
 * answer (the catalogue a phone refetches whenever the app regains focus) comes back as a 304
 * without its body. Answers that set their own Cache-Control (PDFs, photos) are left alone.
 * Installed before compression, so the tag describes the JSON, not one encoding of it.
 */
export function installConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (!request.url.startsWith('/api/v1/') || reply.hasHeader('cache-control')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = entityTagOf(payload);
    reply.header('etag', etag);
    reply.header('cache-control', 'private, no-cache');
    // Vary: the same URL answers each user with their own data.
    reply.header('vary', 'Authorization');
    if (!ifNoneMatchNames(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    return '';
  });
}

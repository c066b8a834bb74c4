import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/access.ts';
import { errorBody } from './schemas.ts';

/**
 * The OpenAPI document at /api/docs/json is generated from the routes' own zod schemas, and
 * completed here with what the app adds to every route of a kind, so that no route has to repeat
 * it and a new route cannot forget it (docs/decisions/0010-openapi-exact.md):
 *
 * - `security: []` on public routes (the document's default is the bearer token);
 * - the shared pt-BR error answers the app's layers give any route: 400 (a malformed URL or
 *   request line), 408 and 431 (Node's parser, before any route: headers that take longer than
 *   headersTimeout or outgrow maxHeaderSize, answered by clientErrorHandler of
 *   http/framework-errors.ts; decision 0038), 422
 *   (validation), 401/403 (access control), 404/414 (a path parameter), 413/415 (a body),
 *   429 (a per-user rate limit) and 304 (conditional GET of a 200 answer);
 * - 204 and 304 answers declared without content.
 *
 * What only a route knows (its 200 schema and media type, a 409, 410 or 503) the route declares.
 * apps/api/test/openapi-conformance.test.ts checks every answer against the result.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a GET whose JSON answer sets its own Cache-Control (no-store, streamed): it gets
     * no entity tag, so the document declares no 304 for it.
     */
    entityTag?: false;
  }
}

type RouteOptions = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type SchemaMap = Record<string, unknown>;

/** Answers declared without a body (swagger writes no `content` for `type: 'null'`). */
const NO_CONTENT_STATUSES = ['204', '304'];
const noContent = (description: string) => ({ type: 'null', description });

/** The statuses every route of this shape can answer, whatever its handler does. */
export function commonStatuses(route: {
  method: string;
  url: string;
  access: Access | undefined;
  rateLimited: boolean;
  hasInput: boolean;
  /** A 200 answer that is JSON (conditional GET tags only JSON). */
  hasJsonOk: boolean;
  /** False for a route that sets its own Cache-Control (http/conditional-get.ts skips it). */
  entityTag: boolean;
}): number[] {
  // Node's parser answers these before routing, so any route can meet them (issue 27: a 431 the
  // document did not declare).
  const statuses = [400, 408, 431];
  if (route.hasInput) statuses.push(422);
  if (route.access && route.access !== 'public') statuses.push(401, 403);
  if (route.url.includes(':')) statuses.push(404, 414);
  if (route.method !== 'GET') statuses.push(413, 415);
  if (route.rateLimited) statuses.push(429);
  if (route.method === 'GET' && route.hasJsonOk && route.entityTag) statuses.push(304);
  return statuses;
}

export const openApiTransform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (
  document,
) => {
  const { route } = document as RouteOptions & {
    route: { method: string | string[]; url: string; config?: Record<string, unknown> };
  };
  const schema = (document.schema ?? {}) as SchemaMap;
  const config = route.config ?? {};
  const method = [route.method].flat()[0] ?? 'GET';
  const response = { ...((schema.response as SchemaMap | undefined) ?? {}) };
  const statuses = commonStatuses({
    method,
    url: route.url,
    access: config.access as Access | undefined,
    rateLimited: config.rateLimit !== undefined,
    hasInput: Boolean(schema.params ?? schema.querystring ?? schema.body),
    hasJsonOk: response['200'] instanceof z.ZodType,
    entityTag: config.entityTag !== false,
  });
  for (const status of statuses) {
    if (String(status) in response) continue;
    response[status] = status === 304 ? z.null() : errorBody;
  }
  const completed: SchemaMap = { ...schema, response };
  if (config.access === 'public') completed.security = [];

  const result = jsonSchemaTransform({ ...document, schema: completed } as RouteOptions);
  const out = result.schema as SchemaMap;
  nullableEnums(out);
  const outResponse = out.response as SchemaMap | undefined;
  if (outResponse) {
    for (const status of NO_CONTENT_STATUSES) {
      if (status in outResponse) {
        outResponse[status] = noContent(status === '304' ? 'Não modificado' : 'Sem conteúdo');
      }
    }
  }
  return result;
};

/**
 * OpenAPI 3.0.3 (section 4.7.25): `nullable` does not widen an `enum`, so a nullable enum must
 * list null itself, or a validator refuses the null the server sends (`requested_profile`).
 */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as SchemaMap;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  for (const value of Object.values(schema)) nullableEnums(value);
}

/** A binary answer of the given media type, for a route's `response` (PDF, image…). */
export const binaryResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
});

/** A text answer of the given media type (CSV, HTML). */
export const textResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});

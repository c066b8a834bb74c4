import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Checks an answer against the OpenAPI document the app serves at /api/docs/json (status,
 * media type, body schema): used by test/openapi-conformance.test.ts and the fuzzer
 * (test/security/fuzz.test.ts). docs/decisions/0010-openapi-exact.md.
 */

export interface MediaType {
  schema?: object;
}
export interface OpenApiResponse {
  content?: Record<string, MediaType>;
}
export interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, OpenApiResponse>;
}
export interface OpenApiDocument {
  security?: unknown[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;
export const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);

/**
 * OpenAPI 3.0's schema dialect to the JSON Schema Ajv reads: `exclusiveMinimum: true` beside a
 * `minimum` (draft 4) becomes the bound itself (draft 6+); `nullable: true` an `anyOf` with null.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true) out[flag] = out[bound];
    else delete out[flag];
    if (out[flag] !== undefined) delete out[bound];
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const compiled = new Map<object, ValidateFunction>();
export const validatorFor = (schema: object) => {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as object);
    compiled.set(schema, validate);
  }
  return validate;
};

const mediaMatches = (declared: string, actual: string) =>
  declared === actual ||
  (declared.endsWith('/*') && actual.startsWith(declared.slice(0, declared.length - 1)));

/** Why an answer disagrees with the document, or undefined when it agrees. */
export function disagreement(
  operation: OpenApiOperation,
  res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'rawPayload'>,
): string | undefined {
  const declared = operation.responses[String(res.statusCode)] ?? operation.responses.default;
  if (!declared) {
    return `status ${res.statusCode} não documentado (documentados: ${Object.keys(operation.responses).join(', ')})`;
  }
  const contentType = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  const content = declared.content ?? {};
  const mediaTypes = Object.keys(content);
  if (!mediaTypes.length) {
    if (res.rawPayload.length > 0)
      return `status ${res.statusCode} sem conteúdo declarado, mas com corpo`;
    return undefined;
  }
  const media = mediaTypes.find((m) => contentType && mediaMatches(m, contentType));
  if (!media)
    return `content-type ${contentType || '(nenhum)'} não declarado (${mediaTypes.join(', ')})`;
  if (media !== 'application/json') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.rawPayload.toString('utf8'));
  } catch {
    return 'corpo não é JSON';
  }
  const schema = content[media]?.schema;
  if (!schema) return undefined;
  const validate = validatorFor(schema);
  if (validate(body)) return undefined;
  return `corpo fora do esquema: ${ajv.errorsText(validate.errors)}`;
}

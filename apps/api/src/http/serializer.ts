import fastJsonStringify, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodResponseSchema = z.ZodType;

function isZodSchema(schema: unknown): schema is ZodResponseSchema {
  return schema instanceof z.ZodType;
}

/**
 * The JSON a route would answer for `schema`, for an answer written by hand piece by piece (a
 * stream): the same fast-json-stringify compilation, so the bytes are those of the route.
 */
export function compileJsonStringify<T>(schema: z.ZodType<T>): (data: T) => string {
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
  });
  const stringify = fastJsonStringify(jsonSchema as AnySchema);
  return (data) => stringify(data);
}

/**
 * Response serializer: each route's zod response schema is turned once into JSON Schema and
 * compiled by fast-json-stringify (Fastify's own serializer). Like the zod serializer it writes
 * only the declared properties, so a column added to a row never leaks into an answer; unlike
 * it, it does not re-validate every field of every row on every request, which on the 400-row
 * services list was a third of the server's CPU time
 * (docs/decisions/0006-serializer-and-conditional-get.md).
 * A schema that has no JSON Schema form (transforms, codecs) keeps the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema } = route;
  if (!isZodSchema(schema)) {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  try {
    const jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    });
    const stringify = fastJsonStringify(jsonSchema as AnySchema);
    return (data) => stringify(data);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};

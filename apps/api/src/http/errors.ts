import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ClinicalIssue, type ValidationIssue } from '@portal/domain';

/** An error whose status and pt-BR detail are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Erro'));
  }
}

/**
 * 422 of a save that meets an absolute contraindication without a recorded reason (issue 26):
 * `{detail, code: 'CLINICAL_BLOCK', message, warnings}`, `detail` kept for every client that
 * reads only it.
 */
export class ClinicalBlockError extends HttpError {
  constructor(
    message: string,
    readonly warnings: readonly ClinicalIssue[],
  ) {
    super(422, message);
  }
}

export const notFound = (detail: string = MESSAGES.notFound) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const forbidden = (detail: string = MESSAGES.forbidden) => new HttpError(403, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
/** A 422 naming one field, shaped like FastAPI's validation errors. */
export const invalidField = (loc: (string | number)[], msg: string, type = 'value_error') =>
  new HttpError(422, [{ loc, msg, type }]);

/**
 * Unique-constraint names mapped to the pt-BR conflict message a client should see, for the rare
 * race where two requests pass the explicit duplicate check at once.
 */
const conflictMessages = new Map<string, string>();
export function registerConflictMessage(constraint: string, message: string): void {
  conflictMessages.set(constraint, message);
}

interface PgError {
  code?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && typeof (error as PgError).code === 'string';
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof ClinicalBlockError) {
      return reply.status(422).send({
        detail: error.detail,
        code: 'CLINICAL_BLOCK',
        message: error.detail,
        warnings: error.warnings,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error as { validationContext?: string }).validationContext ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((issue) => ({
        loc: [
          where === 'querystring' ? 'query' : where === 'params' ? 'path' : where,
          ...issue.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
        msg: issue.message ?? MESSAGES.invalidData,
        type: issue.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ detail: MESSAGES.payloadTooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ detail: 'Tipo de conteúdo não suportado. Envie JSON.' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply
          .status(422)
          .send({ detail: [{ loc: ['body'], msg: 'JSON inválido.', type: 'json_invalid' }] });
    }
    if (fastifyError.statusCode === 400 && error instanceof SyntaxError) {
      return reply
        .status(422)
        .send({ detail: [{ loc: ['body'], msg: 'JSON inválido.', type: 'json_invalid' }] });
    }
    // Drizzle wraps the driver's error in a DrizzleQueryError and keeps it as `cause`.
    const pgError = isPgError(error) ? error : isPgError(error.cause) ? error.cause : null;
    if (pgError) {
      if (pgError.code === '23505') {
        const message = (pgError.constraint && conflictMessages.get(pgError.constraint)) ?? null;
        return reply.status(409).send({ detail: message ?? 'Registro duplicado.' });
      }
      if (pgError.code === '23503') {
        return reply.status(409).send({ detail: 'Registro relacionado não encontrado ou em uso.' });
      }
      // 22021/22P05: a NUL character (\u0000) in text or JSON, which PostgreSQL cannot store.
      if (['23514', '22P02', '22003', '22021', '22P05'].includes(pgError.code ?? '')) {
        return reply.status(422).send({
          detail: [{ loc: ['body'], msg: MESSAGES.invalidData, type: 'value_error' }],
        });
      }
    }
    if (
      typeof fastifyError.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Fastify's own client errors (bad URL encoding, …): keep the status, not the English text.
      return reply.status(fastifyError.statusCode).send({ detail: 'Requisição inválida.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: MESSAGES.internal });
  });
}

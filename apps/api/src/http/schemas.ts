import { z } from 'zod';
import { clinicalIssueSchema } from '@portal/domain';

/** `{id}` path parameters: a positive integer, with a pt-BR message otherwise. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'Identificador inválido.' })
    .int('Identificador inválido.')
    .positive('Identificador inválido.')
    .max(2_147_483_647, 'Identificador inválido.'),
});

const validationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export const errorBody = z.object({ detail: z.union([z.string(), z.array(validationIssue)]) });

/** The error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
} as const;

/**
 * The 422 of a save that may meet an absolute contraindication (issue 26): a validation error,
 * or `code: 'CLINICAL_BLOCK'` with its message and the absolute issues.
 */
export const clinicalBlockBody = errorBody.extend({
  code: z.literal('CLINICAL_BLOCK').optional(),
  message: z.string().optional(),
  warnings: z.array(clinicalIssueSchema).optional(),
});

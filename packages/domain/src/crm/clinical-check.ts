import { z } from '../shared/zod.ts';
import { clinicalIssueSchema } from '../catalogue/clinical/check.ts';

/**
 * POST /api/v1/clinical/check (issue 26): the builder's pre-check without saving. The client's
 * record (when named) and the request's text against the procedures in the cart: every absolute
 * and relative issue, and the "Entendi: …" sentence, so cards can be badged before a save.
 */

export const CLINICAL_CHECK_MAX_SERVICES = 300;
/** As long as an assistant request (AI_TEXT_MAX_LENGTH in sales/ai-payloads.ts). */
export const CLINICAL_CHECK_REQUEST_MAX_LENGTH = 4000;

export const CLINICAL_CHECK_MESSAGES = {
  clientIdInvalid: 'Cliente inválido.',
  requestTooLong: `O pedido deve ter no máximo ${CLINICAL_CHECK_REQUEST_MAX_LENGTH} caracteres.`,
  serviceIdsInvalid: 'Envie service_ids como uma lista de ids de procedimentos.',
  serviceIdsTooMany: `Envie no máximo ${CLINICAL_CHECK_MAX_SERVICES} procedimentos.`,
  serviceNotFound: 'Procedimento não encontrado.',
} as const;

const positiveId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const clinicalCheckRequestSchema = z.object({
  client_id: positiveId(CLINICAL_CHECK_MESSAGES.clientIdInvalid).nullish(),
  request: z
    .string({ error: CLINICAL_CHECK_MESSAGES.requestTooLong })
    .max(CLINICAL_CHECK_REQUEST_MAX_LENGTH, CLINICAL_CHECK_MESSAGES.requestTooLong)
    .nullish(),
  service_ids: z
    .array(positiveId(CLINICAL_CHECK_MESSAGES.serviceIdsInvalid), {
      error: CLINICAL_CHECK_MESSAGES.serviceIdsInvalid,
    })
    .max(CLINICAL_CHECK_MAX_SERVICES, CLINICAL_CHECK_MESSAGES.serviceIdsTooMany),
});
export type ClinicalCheckRequest = z.input<typeof clinicalCheckRequestSchema>;
export type ClinicalCheckRequestData = z.output<typeof clinicalCheckRequestSchema>;

export const clinicalCheckResponseSchema = z.object({
  understood: z.string(),
  warnings: z.array(clinicalIssueSchema),
});
export type ClinicalCheckResponse = z.infer<typeof clinicalCheckResponseSchema>;

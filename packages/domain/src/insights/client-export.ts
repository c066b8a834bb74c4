import { z } from '../shared/zod.ts';
import { accessLogEntrySchema, clientSchema, consentEntrySchema } from '../crm/clients.ts';
import { proposalSchema } from '../sales/proposals.ts';

/**
 * GET /clients/{id}/export: everything held about a client (LGPD art. 18/19), machine-readable.
 * `?format=pdf` answers the same content as a readable PDF.
 */
export const clientExportSchema = z.object({
  exported_at: z.string(),
  client: clientSchema,
  consents: z.array(consentEntrySchema),
  access_log: z.array(accessLogEntrySchema),
  proposals: z.array(proposalSchema),
});
export type ClientExport = z.infer<typeof clientExportSchema>;

export const clientExportQuerySchema = z.object({
  format: z.enum(['json', 'pdf'], { error: 'Formato deve ser json ou pdf.' }).default('json'),
});

import { z } from 'zod';
import {
  clientExportQuerySchema,
  clientExportSchema,
  clientSchema,
  consentCreateResponseSchema,
  consentCreateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';
import { errorBody, errorResponses, idParams } from '../../../http/schemas.ts';
import { isoDateInSaoPaulo } from '../../../pdf/format.ts';
import { renderedOr503 } from '../../../pdf/render-pool.ts';
import { dataSubjectService } from './service.ts';

/**
 * The data subject's rights over a client record (LGPD art. 18/19) that reach beyond it: the
 * consent that, revoked, clears what the proposals drew from it; the export of everything held
 * about the person; the anonymization of the record and its proposals. Above crm and sales (the
 * context map, docs/decisions/0028-context-map.md), so neither of them imports the other upward;
 * the paths stay under /clients/ (SPEC section 7).
 */
export const dataSubjectRoutes: ModuleRoutes = (app, { db, pdfPool }) => {
  const tags = ['clients'];
  const user = { access: 'user' as const };
  const manager = { access: 'manager' as const };

  app.post(
    '/clients/:id/consents',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: consentCreateSchema,
        response: { 201: consentCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await dataSubjectService.addConsent(
            db,
            currentUser(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/clients/:id/export',
    {
      // Under the per-user PDF limit (issue 16): the readable copy is a document to draw.
      config: { ...manager, ...perUserRateLimit('pdf') },
      schema: {
        tags,
        params: idParams,
        querystring: clientExportQuerySchema,
        response: {
          200: {
            description: 'Os dados da pessoa: JSON, ou PDF com `format=pdf`.',
            content: {
              'application/json': { schema: clientExportSchema },
              'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...errorResponses,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const data = await dataSubjectService.export(db, viewer, request.params.id);
      reply.header('cache-control', 'no-store');
      if (request.query.format !== 'pdf') return data;
      // Drawn in the PDF worker pool, off the event loop; 503 with Retry-After when it is full.
      const bytes = await renderedOr503(
        reply,
        pdfPool.render({ kind: 'client-export', input: { data, author: viewer.name } }),
      );
      return (
        reply
          .status(200)
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="cliente-${data.client.id}-dados-${isoDateInSaoPaulo(new Date())}.pdf"`,
          )
          // A Buffer is sent as is (Fastify serializes only objects); the 200 schema is the JSON's.
          .send(bytes as never)
      );
    },
  );

  app.post(
    '/clients/:id/anonymize',
    {
      config: manager,
      schema: { tags, params: idParams, response: { 200: clientSchema, ...errorResponses } },
    },
    (request) => dataSubjectService.anonymize(db, currentUser(request), request.params.id),
  );
};

import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  clientExportQuerySchema,
  clientExportSchema,
  clientSchema,
  consentCreateResponseSchema,
  consentCreateSchema,
  proposalSchema,
} from '@portal/domain';
import type { AppDb } from '../../../db/client.ts';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';
import { errorBody, errorResponses, idParams } from '../../../http/schemas.ts';
import { compileJsonStringify } from '../../../http/serializer.ts';
import { isoDateInSaoPaulo } from '../../../pdf/format.ts';
import { renderedOr503 } from '../../../pdf/render-pool.ts';
import { dataSubjectService, type ClientExportHead } from './service.ts';

const headJson = compileJsonStringify(clientExportSchema.omit({ proposals: true }));
const proposalJson = compileJsonStringify(proposalSchema);

/** The export's JSON, the clientExportSchema answer, a page of proposals per chunk. */
async function* exportJson(
  db: AppDb,
  head: ClientExportHead,
  proposalIds: readonly number[],
): AsyncGenerator<Buffer> {
  // The head's object without its closing brace, then the proposals' array.
  yield Buffer.from(`${headJson(head).slice(0, -1)},"proposals":[`);
  let first = true;
  for await (const page of dataSubjectService.proposalPages(db, proposalIds)) {
    if (page.length === 0) continue;
    yield Buffer.from(`${first ? '' : ','}${page.map(proposalJson).join(',')}`);
    first = false;
  }
  yield Buffer.from(']}');
}

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
      // Under the per-user PDF limit (issue 16): the readable copy is a document to draw; and a
      // heavy read, at most two in flight per user (issue 27).
      config: { ...manager, ...perUserRateLimit('pdf'), heavyRead: true },
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
      reply.header('cache-control', 'no-store');
      if (request.query.format !== 'pdf') {
        // Streamed (issue 27): the first bytes leave once the record is read, the proposals follow
        // a page at a time as the client takes them. A stream skips the response serializer; its
        // JSON is the 200 schema's, written with the same compiled serializer piece by piece.
        const { head, proposalIds } = await dataSubjectService.exportHead(
          db,
          viewer,
          request.params.id,
        );
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(exportJson(db, head, proposalIds)) as never);
      }
      const data = await dataSubjectService.export(db, viewer, request.params.id);
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

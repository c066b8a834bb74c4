import type { FastifyReply } from 'fastify';
import {
  clientCareDownloadQuerySchema,
  clientCarePdfPayloadSchema,
  clientCarePreviewQuerySchema,
  proposalPdfPayloadSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { binaryResponse } from '../../../http/openapi.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { pdfService, type RenderedPdf } from './service.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';
import { renderedOr503 } from '../../../pdf/render-pool.ts';

/**
 * Server-made PDFs (DESIGN section 1): `preview` answers inline for the dialog's iframe,
 * `download` as an attachment with a meaningful file name. The answer is binary, so only the
 * error answers have a JSON schema.
 */
export const pdfRoutes: ModuleRoutes = (app, { db, config, pdfPool }) => {
  const tags = ['pdf'];
  const user = { access: 'user' as const, ...perUserRateLimit('pdf') };
  const response = {
    200: binaryResponse('application/pdf', 'O PDF.'),
    ...errorResponses,
    413: errorBody,
    429: errorBody,
    503: errorBody,
  };

  const sendPdf = (reply: FastifyReply, pdf: RenderedPdf, disposition: 'inline' | 'attachment') =>
    reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', pdfService.disposition(pdf, disposition))
      // A proposal holds a client's name and prices: never kept by shared caches.
      .header('cache-control', 'no-store')
      .send(pdf.bytes);

  for (const [path, disposition] of [
    ['/pdf/proposal/preview', 'inline'],
    ['/pdf/proposal/download', 'attachment'],
  ] as const) {
    app.post(
      path,
      { config: user, schema: { tags, body: proposalPdfPayloadSchema, response } },
      async (request, reply) =>
        sendPdf(
          reply,
          await renderedOr503(
            reply,
            pdfService.proposal(request.body, currentUser(request).name, new Date(), pdfPool),
          ),
          disposition,
        ),
    );
  }

  app.post(
    '/pdf/client-care/preview',
    {
      config: user,
      schema: {
        tags,
        body: clientCarePdfPayloadSchema,
        querystring: clientCarePreviewQuerySchema,
        response,
      },
    },
    async (request, reply) => {
      const pdf = await renderedOr503(
        reply,
        pdfService.clientCare(request.body, currentUser(request).name, {
          enrichWithAi: request.query.enrich_with_ai,
          aiOnly: request.query.ai_only,
          ai: { db, config, log: request.log },
          pool: pdfPool,
        }),
      );
      return sendPdf(reply, pdf, 'inline');
    },
  );

  app.post(
    '/pdf/client-care/download',
    {
      config: user,
      schema: {
        tags,
        body: clientCarePdfPayloadSchema,
        querystring: clientCareDownloadQuerySchema,
        response,
      },
    },
    async (request, reply) => {
      const pdf = await renderedOr503(
        reply,
        pdfService.clientCare(request.body, currentUser(request).name, {
          enrichWithAi: request.query.enrich_with_ai,
          aiOnly: false,
          ai: { db, config, log: request.log },
          pool: pdfPool,
        }),
      );
      return sendPdf(reply, pdf, 'attachment');
    },
  );
};

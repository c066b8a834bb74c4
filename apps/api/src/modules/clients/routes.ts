import { z } from 'zod';
import {
  accessLogEntrySchema,
  clientCareProfileSchema,
  clientCreateSchema,
  clientExportQuerySchema,
  clientExportSchema,
  clientListQuerySchema,
  clientSchema,
  clientSummarySchema,
  clientUpdateSchema,
  consentCreateResponseSchema,
  consentCreateSchema,
  consentEntrySchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../app-context.ts';
import { currentUser } from '../../auth/access.ts';
import { perUserRateLimit } from '../../http/rate-limits.ts';
import { errorBody, errorResponses, idParams } from '../../http/schemas.ts';
import { renderedOr503 } from '../pdf/render-pool.ts';
import { isoDateInSaoPaulo } from '../pdf/format.ts';
import { dataSubjectService } from './data-subject.ts';
import { clientsService } from './service.ts';

/**
 * Client records (issue 13). Every signed-in profile reaches the routes; the service scopes each
 * object (admin: all; others: their unit) and answers 404 outside it. Exports, anonymization and
 * access logs are for admins and the unit's managers.
 */
export const clientsRoutes: ModuleRoutes = (app, { db, pdfPool }) => {
  const tags = ['clients'];
  const user = { access: 'user' as const };
  const manager = { access: 'manager' as const };

  app.get(
    '/clients/',
    {
      config: user,
      schema: {
        tags,
        querystring: clientListQuerySchema,
        response: { 200: z.array(clientSummarySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await clientsService.list(db, currentUser(request), request.query);
      reply.header('x-total-count', String(page.total));
      reply.header('access-control-expose-headers', 'X-Total-Count');
      return page.items;
    },
  );

  app.post(
    '/clients/',
    {
      config: user,
      schema: {
        tags,
        body: clientCreateSchema,
        response: { 201: clientSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await clientsService.create(db, currentUser(request), request.body)),
  );

  app.get(
    '/clients/:id',
    {
      config: { ...user, entityTag: false },
      schema: { tags, params: idParams, response: { 200: clientSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clientsService.get(db, currentUser(request), request.params.id);
    },
  );

  app.get(
    '/clients/:id/care-profile',
    {
      config: { ...user, entityTag: false },
      schema: {
        tags,
        params: idParams,
        response: { 200: clientCareProfileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clientsService.careProfile(db, currentUser(request), request.params.id);
    },
  );

  app.patch(
    '/clients/:id',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: clientUpdateSchema,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    (request) => clientsService.update(db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/clients/:id/consents',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.array(consentEntrySchema), ...errorResponses },
      },
    },
    (request) => clientsService.listConsents(db, currentUser(request), request.params.id),
  );

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

  app.get(
    '/clients/:id/access-log',
    {
      config: manager,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.array(accessLogEntrySchema), ...errorResponses },
      },
    },
    (request) => clientsService.accessLog(db, currentUser(request), request.params.id),
  );
};

import { z } from 'zod';
import {
  AUDIT_MESSAGES,
  serviceCreateSchema,
  serviceListQuerySchema,
  servicePriceHistoryEntrySchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { sendPage } from '../../../http/list-page.ts';
import { notFound } from '../../../http/errors.ts';
import { auditService } from '../../../audit/service.ts';
import { servicesService } from './service.ts';

/** The catalogue of procedures: everyone signed in reads it, only admins change it. */
export const servicesRoutes: ModuleRoutes = (app, { db, catalogueCache }) => {
  const tags = ['services'];
  const user = { access: 'user' as const };
  const admin = { access: 'admin' as const };

  app.get(
    '/services/',
    {
      config: user,
      schema: {
        tags,
        querystring: serviceListQuerySchema,
        response: { 200: z.array(serviceSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { q, limit, offset, order } = request.query;
      // Searched, ordered or paged: answered from the database. The plain list every screen
      // reads stays in the catalogue cache.
      if (q !== undefined || limit !== undefined || offset !== undefined || order !== undefined) {
        return sendPage(reply, await servicesService.page(db, request.query));
      }
      return catalogueCache.send(request, reply, () => servicesService.list(db, request.query), {
        totalCount: true,
      });
    },
  );

  app.get(
    '/services/:id',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: serviceSchema, ...errorResponses } },
    },
    (request) => servicesService.get(db, request.params.id),
  );

  app.post(
    '/services/',
    {
      config: admin,
      schema: {
        tags,
        body: serviceCreateSchema,
        response: { 201: serviceSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await servicesService.create(db, request.body)),
  );

  app.patch(
    '/services/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParams,
        body: serviceUpdateSchema,
        response: { 200: serviceSchema, ...errorResponses },
      },
    },
    (request) => servicesService.update(db, request.params.id, request.body),
  );

  app.delete(
    '/services/:id',
    {
      config: admin,
      schema: { tags, params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await servicesService.remove(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/services/:id/history',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['services', 'audit'],
        params: idParams,
        response: { 200: z.array(servicePriceHistoryEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const history = await auditService.priceHistory(db, request.params.id);
      // A deleted procedure keeps its history; an id that never named one is unknown.
      if (history.length === 0 && !(await servicesService.exists(db, request.params.id))) {
        throw notFound(AUDIT_MESSAGES.serviceNotFound);
      }
      return history;
    },
  );
};

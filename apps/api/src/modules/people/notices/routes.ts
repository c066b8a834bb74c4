import { z } from 'zod';
import {
  noticeCreateSchema,
  noticeListQuerySchema,
  noticeSchema,
  noticeUpdateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { noticesService } from './service.ts';

/**
 * SPEC section 7 paths: the collection lives at /notices/notices/; delete is also reachable at
 * /notices/{id}, the path the original front end calls (DESIGN section 4 keeps both).
 */
export const noticesRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['notices'];
  const user = { access: 'user' as const };
  const admin = { access: 'admin' as const };

  app.get(
    '/notices/notices/',
    {
      config: user,
      schema: {
        tags,
        querystring: noticeListQuerySchema,
        response: { 200: z.array(noticeSchema), ...errorResponses },
      },
    },
    (request) => noticesService.list(db, currentUser(request), request.query),
  );

  app.get(
    '/notices/notices/:id',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: noticeSchema, ...errorResponses } },
    },
    (request) => noticesService.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/notices/notices/',
    {
      config: admin,
      schema: {
        tags,
        body: noticeCreateSchema,
        response: { 201: noticeSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await noticesService.create(db, request.body)),
  );

  app.patch(
    '/notices/notices/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParams,
        body: noticeUpdateSchema,
        response: { 200: noticeSchema, ...errorResponses },
      },
    },
    (request) => noticesService.update(db, request.params.id, request.body),
  );

  for (const path of ['/notices/:id', '/notices/notices/:id']) {
    app.delete(
      path,
      {
        config: admin,
        schema: { tags, params: idParams, response: { 204: z.null(), ...errorResponses } },
      },
      async (request, reply) => {
        await noticesService.remove(db, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};

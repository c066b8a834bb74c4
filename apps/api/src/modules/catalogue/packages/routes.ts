import { z } from 'zod';
import {
  packageCreateSchema,
  packageListQuerySchema,
  packageSchema,
  packageUpdateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { packagesService } from './service.ts';

/** Yearly packages: everyone signed in reads them (the builder), only admins change them. */
export const packagesRoutes: ModuleRoutes = (app, { db, catalogueCache }) => {
  const tags = ['packages'];
  const user = { access: 'user' as const };
  const admin = { access: 'admin' as const };

  app.get(
    '/packages/',
    {
      config: user,
      schema: {
        tags,
        querystring: packageListQuerySchema,
        response: { 200: z.array(packageSchema), ...errorResponses },
      },
    },
    (request, reply) =>
      catalogueCache.send(request, reply, () => packagesService.list(db, request.query)),
  );

  app.get(
    '/packages/:id',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: packageSchema, ...errorResponses } },
    },
    (request) => packagesService.get(db, request.params.id),
  );

  app.post(
    '/packages/',
    {
      config: admin,
      schema: {
        tags,
        body: packageCreateSchema,
        response: { 201: packageSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await packagesService.create(db, request.body)),
  );

  app.patch(
    '/packages/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParams,
        body: packageUpdateSchema,
        response: { 200: packageSchema, ...errorResponses },
      },
    },
    (request) => packagesService.update(db, request.params.id, request.body),
  );

  app.delete(
    '/packages/:id',
    {
      config: admin,
      schema: { tags, params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await packagesService.remove(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

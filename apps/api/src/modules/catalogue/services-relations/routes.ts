import { z } from 'zod';
import {
  synergyRelationCreateSchema,
  synergyRelationListQuerySchema,
  synergyRelationSchema,
  synergyRelationUpdateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { relationsService } from './service.ts';

/** Synergy relations between two services (DESIGN section 4 fixes the path). */
export const servicesRelationsRoutes: ModuleRoutes = (app, { db, catalogueCache }) => {
  const tags = ['services-relations'];
  const user = { access: 'user' as const };
  const admin = { access: 'admin' as const };

  app.get(
    '/services-relations/',
    {
      config: user,
      schema: {
        tags,
        querystring: synergyRelationListQuerySchema,
        response: { 200: z.array(synergyRelationSchema), ...errorResponses },
      },
    },
    (request, reply) =>
      catalogueCache.send(request, reply, () => relationsService.list(db, request.query)),
  );

  app.get(
    '/services-relations/:id',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        response: { 200: synergyRelationSchema, ...errorResponses },
      },
    },
    (request) => relationsService.get(db, request.params.id),
  );

  app.post(
    '/services-relations/',
    {
      config: admin,
      schema: {
        tags,
        body: synergyRelationCreateSchema,
        response: { 201: synergyRelationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await relationsService.create(db, request.body)),
  );

  app.patch(
    '/services-relations/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParams,
        body: synergyRelationUpdateSchema,
        response: { 200: synergyRelationSchema, ...errorResponses },
      },
    },
    (request) => relationsService.update(db, request.params.id, request.body),
  );

  app.delete(
    '/services-relations/:id',
    {
      config: admin,
      schema: { tags, params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await relationsService.remove(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

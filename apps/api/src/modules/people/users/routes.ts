import { z } from 'zod';
import {
  userCreateSchema,
  userListQuerySchema,
  userSchema,
  userUpdateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { sendPage } from '../../../http/list-page.ts';
import { usersService } from './service.ts';

export const usersRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['users'];
  const admin = { access: 'admin' as const };

  app.get(
    '/users/',
    {
      config: admin,
      schema: {
        tags,
        querystring: userListQuerySchema,
        response: { 200: z.array(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await usersService.page(db, request.query)),
  );

  app.get(
    '/users/:id',
    {
      config: admin,
      schema: { tags, params: idParams, response: { 200: userSchema, ...errorResponses } },
    },
    (request) => usersService.get(db, request.params.id),
  );

  app.post(
    '/users/',
    {
      config: admin,
      schema: { tags, body: userCreateSchema, response: { 201: userSchema, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await usersService.create(db, request.body)),
  );

  app.patch(
    '/users/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    (request) => usersService.update(db, request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      config: admin,
      schema: { tags, params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await usersService.remove(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

import { z } from 'zod';
import {
  trainingCreateSchema,
  trainingListQuerySchema,
  trainingSchema,
  trainingUpdateSchema,
  TRAINING_REACTIONS,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { sendPage } from '../../../http/list-page.ts';
import { trainingsService } from './service.ts';
import { TrainingPageCache } from './page-cache.ts';

/**
 * SPEC section 7: /trainings/ with filters, order and paging; reading and reacting is for every
 * signed-in user (DESIGN 7.1), writing for admins (DESIGN 5).
 */
export const trainingsRoutes: ModuleRoutes = (app, { db, changeFeed }) => {
  const pageCache = new TrainingPageCache(changeFeed);
  const tags = ['trainings'];
  const user = { access: 'user' as const };
  const admin = { access: 'admin' as const };

  app.get(
    '/trainings/',
    {
      config: user,
      schema: {
        tags,
        querystring: trainingListQuerySchema,
        response: { 200: z.array(trainingSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await trainingsService.list(db, currentUser(request), request.query, pageCache),
      ),
  );

  app.get(
    '/trainings/:id',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: trainingSchema, ...errorResponses } },
    },
    (request) => trainingsService.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/trainings/',
    {
      config: admin,
      schema: {
        tags,
        body: trainingCreateSchema,
        response: { 201: trainingSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await trainingsService.create(db, request.body)),
  );

  app.patch(
    '/trainings/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParams,
        body: trainingUpdateSchema,
        response: { 200: trainingSchema, ...errorResponses },
      },
    },
    (request) => trainingsService.update(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/trainings/:id',
    {
      config: admin,
      schema: { tags, params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await trainingsService.remove(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const reaction of TRAINING_REACTIONS) {
    app.post(
      `/trainings/:id/${reaction}`,
      {
        config: user,
        schema: { tags, params: idParams, response: { 200: trainingSchema, ...errorResponses } },
      },
      (request) => trainingsService.react(db, currentUser(request), request.params.id, reaction),
    );
  }
};

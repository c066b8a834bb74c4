import { clinicalCheckRequestSchema, clinicalCheckResponseSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { clinicalService } from './service.ts';

/**
 * POST /clinical/check (issue 26): the builder's pre-check of a cart for a client and a request,
 * without saving. Any signed-in user; the client is scoped (404 outside reach) and the read of
 * her record is access-logged.
 */
export const clinicalRoutes: ModuleRoutes = (app, { db }) => {
  app.post(
    '/clinical/check',
    {
      config: { access: 'user' },
      schema: {
        tags: ['clinical'],
        body: clinicalCheckRequestSchema,
        response: { 200: clinicalCheckResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clinicalService.check(db, currentUser(request), request.body);
    },
  );
};

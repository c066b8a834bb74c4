import { recommendationRequestSchema, recommendationResponseSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { withClientAbort } from '../ai/abort.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { recommendationsService } from './service.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';

/** SPEC section 7: POST /recommendations/ (abortable). Any signed-in user (DESIGN section 5). */
export const recommendationsRoutes: ModuleRoutes = (app, { db, config }) => {
  app.post(
    '/recommendations/',
    {
      config: { access: 'user', ...perUserRateLimit('ai') },
      schema: {
        tags: ['recommendations'],
        body: recommendationRequestSchema,
        response: { 200: recommendationResponseSchema, ...errorResponses, 429: errorBody },
      },
    },
    (request, reply) =>
      withClientAbort(request, reply, (signal) =>
        recommendationsService.recommend(
          { db, config, log: request.log },
          currentUser(request),
          request.body,
          signal,
        ),
      ),
  );
};

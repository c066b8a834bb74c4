import { synergyGenerateRequestSchema, synergyGenerateResponseSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { synergiesService } from './service.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';

export const synergiesRoutes: ModuleRoutes = (app, { db, config }) => {
  app.post(
    '/synergies/synergies/generate',
    {
      config: { access: 'user', ...perUserRateLimit('ai') },
      schema: {
        tags: ['synergies'],
        body: synergyGenerateRequestSchema,
        response: { 200: synergyGenerateResponseSchema, ...errorResponses, 429: errorBody },
      },
    },
    (request) =>
      synergiesService.generate(
        db,
        request.body,
        { db, config, log: request.log },
        currentUser(request),
      ),
  );
};

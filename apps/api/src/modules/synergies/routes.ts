import { synergyGenerateRequestSchema, synergyGenerateResponseSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../app-context.ts';
import { errorResponses } from '../../http/schemas.ts';
import { synergiesService } from './service.ts';

export const synergiesRoutes: ModuleRoutes = (app, { db, config }) => {
  app.post(
    '/synergies/synergies/generate',
    {
      config: { access: 'user' },
      schema: {
        tags: ['synergies'],
        body: synergyGenerateRequestSchema,
        response: { 200: synergyGenerateResponseSchema, ...errorResponses },
      },
    },
    (request) => synergiesService.generate(db, request.body, { db, config, log: request.log }),
  );
};

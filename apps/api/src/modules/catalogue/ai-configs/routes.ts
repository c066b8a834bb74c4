import { z } from 'zod';
import {
  aiConfigListQuerySchema,
  aiConfigRefParams,
  aiConfigSchema,
  aiConfigUpdateSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { aiConfigsService } from './service.ts';

/** SPEC section 7: the prompt admin; `{ref}` is an id or a code. Admin only (DESIGN section 5). */
export const aiConfigsRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['ai-configs'];
  const admin = { access: 'admin' as const };

  app.get(
    '/ai/prompt-config/ai-configs',
    {
      config: admin,
      schema: {
        tags,
        querystring: aiConfigListQuerySchema,
        response: { 200: z.array(aiConfigSchema), ...errorResponses },
      },
    },
    (request) => aiConfigsService.list(db, request.query),
  );

  app.get(
    '/ai/prompt-config/ai-configs/:ref',
    {
      config: admin,
      schema: {
        tags,
        params: aiConfigRefParams,
        response: { 200: aiConfigSchema, ...errorResponses },
      },
    },
    (request) => aiConfigsService.get(db, request.params.ref),
  );

  app.patch(
    '/ai/prompt-config/ai-configs/:ref',
    {
      config: admin,
      schema: {
        tags,
        params: aiConfigRefParams,
        body: aiConfigUpdateSchema,
        response: { 200: aiConfigSchema, ...errorResponses },
      },
    },
    (request) => aiConfigsService.updatePrompt(db, request.params.ref, request.body.prompt),
  );
};

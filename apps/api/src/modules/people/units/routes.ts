import { z } from 'zod';
import { unitSchema, unitUpdateSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { unitsService } from './service.ts';

const codeParams = z.object({ code: z.string().min(1).max(40) });

/**
 * GET /units/ (anyone signed in) and PATCH /units/{code} (admins): the name, address, phone and
 * WhatsApp the public proposal page and the WhatsApp text show for a unit (issue 27).
 */
export const unitsRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['units'];

  app.get(
    '/units/',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: z.array(unitSchema), ...errorResponses } },
    },
    () => unitsService.list(db),
  );

  app.patch(
    '/units/:code',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: codeParams,
        body: unitUpdateSchema,
        response: { 200: unitSchema, ...errorResponses },
      },
    },
    (request) => unitsService.update(db, request.params.code, request.body),
  );
};

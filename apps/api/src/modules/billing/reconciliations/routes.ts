import { z } from 'zod';
import { reconciliationSchema, reconciliationsQuerySchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { reconciliationsService } from './service.ts';

/**
 * GET /billing/reconciliations?unit=&from=&to= (issue 29): the daily reports of received Pix,
 * newest first. Managers read their unit's (a unit asked beyond it is ignored, as the
 * receivables are, apps/api/src/auth/scope.ts); admins any unit or all.
 */
export const reconciliationsRoutes: ModuleRoutes = (app, ctx) => {
  app.get(
    '/billing/reconciliations',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['billing'],
        querystring: reconciliationsQuerySchema,
        response: { 200: z.array(reconciliationSchema), ...errorResponses },
      },
    },
    (request) => reconciliationsService.list(ctx.db, currentUser(request), request.query),
  );
};

import { z } from 'zod';
import { unitBillingSettingsPatchSchema, unitBillingSettingsSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { unitBillingService } from './service.ts';

const params = z.object({ code: z.string().min(1).max(60) });

/**
 * GET/PATCH /units/{code}/billing (admins): the unit's Pix key, BR Code name and city, and its
 * API Pix access. Secrets are write-only. To fold into PATCH /units/{code} once the units
 * resource exists: that route's body gains these fields and calls unitBillingService.update.
 */
export const unitBillingRoutes: ModuleRoutes = (app, ctx) => {
  const tags = ['billing'];
  const admins = { access: 'admin' as const };

  app.get(
    '/units/:code/billing',
    {
      config: admins,
      schema: { tags, params, response: { 200: unitBillingSettingsSchema, ...errorResponses } },
    },
    (request) => unitBillingService.get(ctx.db, request.params.code),
  );

  app.patch(
    '/units/:code/billing',
    {
      config: admins,
      schema: {
        tags,
        params,
        body: unitBillingSettingsPatchSchema,
        response: { 200: unitBillingSettingsSchema, ...errorResponses },
      },
    },
    (request) => unitBillingService.update(ctx.db, request.params.code, request.body),
  );
};

import { z } from 'zod';
import {
  AUDIT_MESSAGES,
  auditEntrySchema,
  auditListQuerySchema,
  auditVerifyResultSchema,
  servicePriceHistoryEntrySchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { sendPage } from '../../http/list-page.ts';
import { errorResponses, idParams } from '../../http/schemas.ts';
import { servicesService } from '../services/service.ts';
import { auditService } from './service.ts';

/** The audit trail: admins read it and verify it; admins and managers read price histories. */
export const auditRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['audit'];
  const admin = { access: 'admin' as const };

  app.get(
    '/audit/',
    {
      config: admin,
      schema: {
        tags,
        querystring: auditListQuerySchema,
        response: { 200: z.array(auditEntrySchema), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await auditService.page(db, request.query)),
  );

  app.get(
    '/audit/verify',
    {
      config: admin,
      schema: { tags, response: { 200: auditVerifyResultSchema, ...errorResponses } },
    },
    () => auditService.verify(db),
  );

  app.get(
    '/services/:id/history',
    {
      config: { access: 'manager' },
      schema: {
        tags: ['services', ...tags],
        params: idParams,
        response: { 200: z.array(servicePriceHistoryEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const history = await auditService.priceHistory(db, request.params.id);
      // A deleted procedure keeps its history; an id that never named one is unknown.
      if (history.length === 0 && !(await servicesService.exists(db, request.params.id))) {
        throw notFound(AUDIT_MESSAGES.serviceNotFound);
      }
      return history;
    },
  );
};

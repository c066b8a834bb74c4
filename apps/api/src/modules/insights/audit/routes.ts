import { z } from 'zod';
import { auditEntrySchema, auditListQuerySchema, auditVerifyResultSchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { sendPage } from '../../../http/list-page.ts';
import { deepOffset, heavyReadLimits } from '../../../http/heavy-reads.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { auditService } from '../../../audit/service.ts';

/**
 * The audit trail's view: admins read it and verify it. Every context appends to the trail
 * (src/audit); a procedure's price history is read where procedures live (catalogue/services).
 */
export const auditRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['audit'];
  const admin = { access: 'admin' as const };

  app.get(
    '/audit/',
    {
      // A deep offset reads every row it skips: a heavy read (issue 27, http/heavy-reads.ts).
      config: { ...admin, ...heavyReadLimits(deepOffset) },
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
      // Walks the whole chain: a heavy read.
      config: { ...admin, ...heavyReadLimits() },
      schema: { tags, response: { 200: auditVerifyResultSchema, ...errorResponses } },
    },
    () => auditService.verify(db),
  );
};

import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  pipelineQuerySchema,
  pipelineSchema,
  renewalSchema,
  renewalsQuerySchema,
  salesDashboardCsv,
  salesDashboardQuerySchema,
  salesDashboardSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { heavyReadLimits } from '../../../http/heavy-reads.ts';
import { textResponse } from '../../../http/openapi.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { dashboardService } from './service.ts';

/**
 * Managers' numbers (issue 14): the sales dashboard and its CSV (admins and managers; a manager
 * always gets their own unit), the pipeline and the renewals (admins all, managers their unit,
 * professionals their own proposals).
 */
export const dashboardRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['dashboard'];
  // Each a heavy read: at most two in flight per user, and a per-minute rate (issue 27).
  const managers = { access: 'manager' as const, ...heavyReadLimits() };
  const user = { access: 'user' as const, ...heavyReadLimits() };
  const sendCsv = (reply: FastifyReply, text: string, fileName: string) =>
    reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(text);

  app.get(
    '/dashboard/sales',
    {
      config: managers,
      schema: {
        tags,
        querystring: salesDashboardQuerySchema,
        response: { 200: salesDashboardSchema, ...errorResponses },
      },
    },
    async (request) => dashboardService.sales(db, currentUser(request), request.query),
  );

  app.get(
    '/dashboard/sales.csv',
    {
      config: managers,
      schema: {
        tags,
        querystring: salesDashboardQuerySchema,
        response: {
          200: textResponse(
            'text/csv',
            'Os números do painel em CSV para o Excel (UTF-8 com BOM, separador ;).',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const dashboard = await dashboardService.sales(db, currentUser(request), request.query);
      const scope = dashboard.unit ? `-${dashboard.unit.toLowerCase().replace(/\W+/g, '-')}` : '';
      return sendCsv(
        reply,
        salesDashboardCsv(dashboard),
        `vendas-${dashboard.from}-a-${dashboard.to}${scope}.csv`,
      );
    },
  );

  app.get(
    '/proposals/pipeline',
    {
      config: user,
      schema: {
        tags: ['proposals', ...tags],
        querystring: pipelineQuerySchema,
        response: { 200: pipelineSchema, ...errorResponses },
      },
    },
    async (request) => dashboardService.pipeline(db, currentUser(request), request.query),
  );

  app.get(
    '/renewals/',
    {
      config: user,
      schema: {
        tags,
        querystring: renewalsQuerySchema,
        response: { 200: z.array(renewalSchema), ...errorResponses },
      },
    },
    async (request) => dashboardService.renewals(db, currentUser(request), request.query),
  );
};

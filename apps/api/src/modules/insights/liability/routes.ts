import { z } from 'zod';
import {
  cashCsv,
  cashReportSchema,
  commissionReportCsv,
  commissionReportSchema,
  liabilityContractSchema,
  liabilityContractsQuerySchema,
  liabilityCsv,
  liabilityQuerySchema,
  liabilityReportSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { heavyReadLimits } from '../../../http/heavy-reads.ts';
import { textResponse } from '../../../http/openapi.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { liabilityService } from './service.ts';

/**
 * What the network still owes of what it sold (issue 28), per unit and São Paulo month, as JSON,
 * as CSV and drilled down to contracts. Managers and admins, as the sales dashboard: a manager
 * always reads their own unit, professionals are refused (DESIGN.md section 5).
 */
export const liabilityRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['reports'];
  // Each a heavy read: at most two in flight per user, and a per-minute rate (issue 27).
  const managers = { access: 'manager' as const, ...heavyReadLimits() };

  app.get(
    '/reports/liability',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityQuerySchema,
        response: { 200: liabilityReportSchema, ...errorResponses },
      },
    },
    (request) => liabilityService.report(db, currentUser(request), request.query),
  );

  app.get(
    '/reports/liability.csv',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityQuerySchema,
        response: {
          200: textResponse(
            'text/csv',
            'O passivo de contratos em CSV para o Excel (UTF-8 com BOM, separador ;).',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const report = await liabilityService.report(db, currentUser(request), request.query);
      const scope = report.unit ? `-${report.unit.toLowerCase().replace(/\W+/g, '-')}` : '';
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="passivo-${report.from}-a-${report.to}${scope}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(liabilityCsv(report));
    },
  );

  app.get(
    '/reports/cash',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityQuerySchema,
        response: { 200: cashReportSchema, ...errorResponses },
      },
    },
    (request) => liabilityService.cash(db, currentUser(request), request.query),
  );

  app.get(
    '/reports/cash.csv',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityQuerySchema,
        response: {
          200: textResponse(
            'text/csv',
            'Caixa por unidade e mês em CSV para o Excel (UTF-8 com BOM, separador ;).',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const report = await liabilityService.cash(db, currentUser(request), request.query);
      const scope = report.unit ? `-${report.unit.toLowerCase().replace(/\W+/g, '-')}` : '';
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="caixa-${report.from}-a-${report.to}${scope}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(cashCsv(report));
    },
  );

  app.get(
    '/reports/commissions',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityQuerySchema,
        response: { 200: commissionReportSchema, ...errorResponses },
      },
    },
    (request) => liabilityService.commissions(db, currentUser(request), request.query),
  );

  app.get(
    '/reports/commissions.csv',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityQuerySchema,
        response: {
          200: textResponse(
            'text/csv',
            'Comissões e margem por unidade e profissional em CSV para o Excel (UTF-8 com BOM, separador ;).',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const report = await liabilityService.commissions(db, currentUser(request), request.query);
      const scope = report.unit ? `-${report.unit.toLowerCase().replace(/\W+/g, '-')}` : '';
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="comissoes-${report.from}-a-${report.to}${scope}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(commissionReportCsv(report));
    },
  );

  app.get(
    '/reports/liability/contracts',
    {
      config: managers,
      schema: {
        tags,
        querystring: liabilityContractsQuerySchema,
        response: { 200: z.array(liabilityContractSchema), ...errorResponses },
      },
    },
    (request) => liabilityService.monthContracts(db, currentUser(request), request.query),
  );
};

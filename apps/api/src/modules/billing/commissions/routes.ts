import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  commissionAdjustmentBodySchema,
  commissionEntrySchema,
  commissionEstimateBodySchema,
  commissionEstimateSchema,
  commissionRuleBodySchema,
  commissionRulePatchSchema,
  commissionRuleSchema,
  commissionSimulationSchema,
  commissionsQuerySchema,
  commissionStatementCsv,
  commissionStatementParams,
  commissionStatementSchema,
  commissionStatementsQuerySchema,
  commissionStatementSummarySchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { binaryResponse, textResponse } from '../../../http/openapi.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';
import { errorBody, errorResponses, idParams } from '../../../http/schemas.ts';
import { renderedOr503 } from '../../../pdf/render-pool.ts';
import { commissionsService } from './service.ts';

const sendPdf = (reply: FastifyReply, bytes: Buffer, fileName: string) =>
  reply
    .status(200)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(bytes);

/**
 * Commissions (issue 30). Rules: everyone signed in reads them (a professional may see what pays
 * them), admins write them. Statements are scoped by apps/api/src/auth/scope.ts: a professional
 * their own, a manager their unit's (and approves them), an admin all (and marks them paid).
 */
export const commissionsRoutes: ModuleRoutes = (app, { db, pdfPool }) => {
  const tags = ['billing'];
  const user = { access: 'user' as const };
  const managers = { access: 'manager' as const };
  const admins = { access: 'admin' as const };
  const statementPath = '/commission-statements/:professional_id/:period';

  app.get(
    '/commission-rules/',
    {
      config: user,
      schema: { tags, response: { 200: z.array(commissionRuleSchema), ...errorResponses } },
    },
    () => commissionsService.listRules(db),
  );

  app.post(
    '/commission-rules/',
    {
      config: admins,
      schema: {
        tags,
        body: commissionRuleBodySchema,
        response: { 201: commissionRuleSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rule = await commissionsService.createRule(db, currentUser(request), request.body);
      return reply.status(201).send(rule);
    },
  );

  app.patch(
    '/commission-rules/:id',
    {
      config: admins,
      schema: {
        tags,
        params: idParams,
        body: commissionRulePatchSchema,
        response: { 200: commissionRuleSchema, ...errorResponses },
      },
    },
    (request) =>
      commissionsService.patchRule(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/commission-rules/simulate',
    {
      config: admins,
      schema: {
        tags,
        body: commissionRuleBodySchema,
        response: { 200: commissionSimulationSchema, ...errorResponses },
      },
    },
    (request) => commissionsService.simulate(db, request.body),
  );

  app.post(
    '/commission-rules/estimate',
    {
      config: user,
      schema: {
        tags,
        body: commissionEstimateBodySchema,
        response: { 200: commissionEstimateSchema, ...errorResponses },
      },
    },
    (request) => commissionsService.estimate(db, currentUser(request), request.body),
  );

  app.get(
    '/commission-statements/',
    {
      config: user,
      schema: {
        tags,
        querystring: commissionStatementsQuerySchema,
        response: { 200: z.array(commissionStatementSummarySchema), ...errorResponses },
      },
    },
    (request) => commissionsService.listStatements(db, currentUser(request), request.query.period),
  );

  app.get(
    '/commissions/',
    {
      config: user,
      schema: {
        tags,
        querystring: commissionsQuerySchema,
        response: { 200: z.array(commissionEntrySchema), ...errorResponses },
      },
    },
    (request) => commissionsService.entries(db, currentUser(request), request.query),
  );

  app.get(
    statementPath,
    {
      config: user,
      schema: {
        tags,
        params: commissionStatementParams,
        response: { 200: commissionStatementSchema, ...errorResponses },
      },
    },
    (request) =>
      commissionsService.statement(
        db,
        currentUser(request),
        request.params.professional_id,
        request.params.period,
      ),
  );

  app.get(
    `${statementPath}.csv`,
    {
      config: user,
      schema: {
        tags,
        params: commissionStatementParams,
        response: {
          200: textResponse(
            'text/csv',
            'O extrato de comissão em CSV para o Excel (UTF-8 com BOM, separador ;).',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { professional_id: professionalId, period } = request.params;
      const statement = await commissionsService.statement(
        db,
        currentUser(request),
        professionalId,
        period,
      );
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="comissao-${professionalId}-${period}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(commissionStatementCsv(statement));
    },
  );

  app.get(
    `${statementPath}.pdf`,
    {
      config: { ...user, ...perUserRateLimit('pdf') },
      schema: {
        tags,
        params: commissionStatementParams,
        response: {
          200: binaryResponse('application/pdf', 'O extrato de comissão, linha a linha.'),
          ...errorResponses,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { professional_id: professionalId, period } = request.params;
      const input = await commissionsService.statementPdf(
        db,
        currentUser(request),
        professionalId,
        period,
      );
      const bytes = await renderedOr503(
        reply,
        pdfPool.render({ kind: 'commission-statement', input }),
      );
      return sendPdf(reply, bytes, `comissao-${professionalId}-${period}.pdf`);
    },
  );

  app.post(
    `${statementPath}/approve`,
    {
      config: managers,
      schema: {
        tags,
        params: commissionStatementParams,
        response: { 200: commissionStatementSchema, ...errorResponses },
      },
    },
    (request) =>
      commissionsService.approve(
        db,
        currentUser(request),
        request.params.professional_id,
        request.params.period,
      ),
  );

  app.post(
    `${statementPath}/mark-paid`,
    {
      config: admins,
      schema: {
        tags,
        params: commissionStatementParams,
        response: { 200: commissionStatementSchema, ...errorResponses },
      },
    },
    (request) =>
      commissionsService.markPaid(
        db,
        currentUser(request),
        request.params.professional_id,
        request.params.period,
      ),
  );

  app.post(
    `${statementPath}/adjustments`,
    {
      config: managers,
      schema: {
        tags,
        params: commissionStatementParams,
        body: commissionAdjustmentBodySchema,
        response: { 200: commissionStatementSchema, ...errorResponses },
      },
    },
    (request) =>
      commissionsService.addAdjustment(
        db,
        currentUser(request),
        request.params.professional_id,
        request.params.period,
        request.body,
      ),
  );
};

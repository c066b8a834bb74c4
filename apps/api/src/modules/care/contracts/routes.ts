import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  cancellationQuoteSchema,
  careSettingsSchema,
  contractExtendSchema,
  contractFreezeSchema,
  contractLedgerEntrySchema,
  contractListQuerySchema,
  contractSchema,
  contractSummarySchema,
  daySessionSchema,
  daySessionsQuerySchema,
  optionalReasonBodySchema,
  reasonBodySchema,
  sessionRecordSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { deepOffset, heavyReadLimits } from '../../../http/heavy-reads.ts';
import { sendPage } from '../../../http/list-page.ts';
import { errorBody, errorResponses, idParams } from '../../../http/schemas.ts';
import { binaryResponse } from '../../../http/openapi.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';
import { renderedOr503 } from '../../../pdf/render-pool.ts';
import { contractsService } from './service.ts';

const entryParams = idParams.extend({ entryId: idParams.shape.id });

/**
 * Contracts (issue 28): what an accepted proposal became. Scope as for clients (a professional
 * reaches the contracts of their unit's clients, apps/api/src/auth/scope.ts); freezing,
 * extending and cancelling are for the unit's manager and admins.
 */
const sendPdf = (reply: FastifyReply, bytes: Buffer, fileName: string) =>
  reply
    .status(200)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(bytes);

export const contractsRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  const tags = ['contracts'];
  const user = { access: 'user' as const };
  const managers = { access: 'manager' as const };

  app.get(
    '/contracts/',
    {
      // A deep offset reads every row it skips: a heavy read (issue 27, http/heavy-reads.ts).
      config: { ...user, ...heavyReadLimits(deepOffset) },
      schema: {
        tags,
        querystring: contractListQuerySchema,
        response: { 200: z.array(contractSummarySchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPage(reply, await contractsService.list(db, currentUser(request), request.query)),
  );

  app.get(
    '/contracts/sessions',
    {
      config: user,
      schema: {
        tags,
        querystring: daySessionsQuerySchema,
        response: { 200: z.array(daySessionSchema), ...errorResponses },
      },
    },
    (request) => contractsService.sessionsOfDay(db, currentUser(request), request.query),
  );

  app.get(
    '/contracts/:id',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: contractSchema, ...errorResponses } },
    },
    (request) => contractsService.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/contracts/:id/sessions',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: sessionRecordSchema,
        response: { 201: contractLedgerEntrySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await contractsService.recordSession(
            db,
            currentUser(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    '/contracts/:id/sessions/:entryId/reverse',
    {
      config: user,
      schema: {
        tags,
        params: entryParams,
        body: reasonBodySchema,
        response: { 201: contractLedgerEntrySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await contractsService.reverseSession(
            db,
            currentUser(request),
            request.params.id,
            request.params.entryId,
            request.body.reason,
          ),
        ),
  );

  app.post(
    '/contracts/:id/freeze',
    {
      config: managers,
      schema: {
        tags,
        params: idParams,
        body: contractFreezeSchema,
        response: { 200: contractSchema, ...errorResponses },
      },
    },
    (request) => contractsService.freeze(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/contracts/:id/unfreeze',
    {
      config: managers,
      schema: {
        tags,
        params: idParams,
        body: optionalReasonBodySchema.nullish(),
        response: { 200: contractSchema, ...errorResponses },
      },
    },
    (request) =>
      contractsService.unfreeze(
        db,
        currentUser(request),
        request.params.id,
        request.body?.reason || null,
      ),
  );

  app.post(
    '/contracts/:id/extend',
    {
      config: managers,
      schema: {
        tags,
        params: idParams,
        body: contractExtendSchema,
        response: { 200: contractSchema, ...errorResponses },
      },
    },
    (request) => contractsService.extend(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/contracts/:id/withdraw',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: optionalReasonBodySchema.nullish(),
        response: { 200: contractSchema, ...errorResponses },
      },
    },
    (request) =>
      contractsService.withdrawByStaff(
        db,
        currentUser(request),
        request.params.id,
        request.body?.reason || null,
        ctx.contractPayments,
      ),
  );

  app.get(
    '/contracts/:id/cancellation-quote',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        response: { 200: cancellationQuoteSchema, ...errorResponses },
      },
    },
    (request) =>
      contractsService.cancellationQuote(
        db,
        currentUser(request),
        request.params.id,
        ctx.contractPayments,
      ),
  );

  app.post(
    '/contracts/:id/cancel',
    {
      config: managers,
      schema: {
        tags,
        params: idParams,
        body: reasonBodySchema,
        response: {
          200: z.object({ contract: contractSchema, quote: cancellationQuoteSchema }),
          ...errorResponses,
        },
      },
    },
    (request) =>
      contractsService.cancel(
        db,
        currentUser(request),
        request.params.id,
        request.body.reason,
        ctx.contractPayments,
      ),
  );

  app.get(
    '/contracts/:id/cancellation-term.pdf',
    {
      config: { ...user, ...perUserRateLimit('pdf') },
      schema: {
        tags,
        params: idParams,
        response: {
          200: binaryResponse('application/pdf', 'O termo de cancelamento ou desistência.'),
          ...errorResponses,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const input = await contractsService.cancellationTerm(
        db,
        currentUser(request),
        request.params.id,
      );
      const bytes = await renderedOr503(
        reply,
        ctx.pdfPool.render({ kind: 'cancellation-term', input }),
      );
      return sendPdf(reply, bytes, `termo-${input.number}.pdf`);
    },
  );

  app.get(
    '/care-settings/',
    {
      config: user,
      schema: { tags, response: { 200: careSettingsSchema, ...errorResponses } },
    },
    async () => ({
      cancellation_fee_percent: await contractsService.cancellationFeePercent(db),
    }),
  );

  app.patch(
    '/care-settings/',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        body: careSettingsSchema,
        response: { 200: careSettingsSchema, ...errorResponses },
      },
    },
    async (request) => ({
      cancellation_fee_percent: await contractsService.setCancellationFeePercent(
        db,
        request.body.cancellation_fee_percent,
      ),
    }),
  );
};

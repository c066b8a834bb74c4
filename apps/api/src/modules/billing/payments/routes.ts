import { z } from 'zod';
import {
  contractPaymentsSchema,
  installmentViewSchema,
  markPaidSchema,
  paymentPlanCreateSchema,
  receivableSchema,
  receivablesQuerySchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { deepOffset, heavyReadLimits } from '../../../http/heavy-reads.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { paymentsService } from './service.ts';

const refundParams = idParams.extend({ refundId: idParams.shape.id });

/**
 * Payment plans (issue 29). Reads are scoped like contracts (apps/api/src/auth/scope.ts);
 * changing a plan, marking a payment and settling a refund are for admins and the unit's manager.
 */
export const paymentsRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  const tags = ['billing'];
  const user = { access: 'user' as const };
  const managers = { access: 'manager' as const };

  app.get(
    '/contracts/:id/payments',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        response: { 200: contractPaymentsSchema, ...errorResponses },
      },
    },
    (request) => paymentsService.payments(db, currentUser(request), request.params.id),
  );

  app.post(
    '/contracts/:id/payment-plan',
    {
      config: managers,
      schema: {
        tags,
        params: idParams,
        body: paymentPlanCreateSchema,
        response: { 200: contractPaymentsSchema, ...errorResponses },
      },
    },
    (request) =>
      paymentsService.changePlan(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/contracts/:id/refunds/:refundId/mark-done',
    {
      config: managers,
      schema: {
        tags,
        params: refundParams,
        response: { 200: contractPaymentsSchema, ...errorResponses },
      },
    },
    (request) =>
      paymentsService.markRefundDone(
        db,
        currentUser(request),
        request.params.id,
        request.params.refundId,
      ),
  );

  app.post(
    '/installments/:id/mark-paid',
    {
      config: managers,
      schema: {
        tags,
        params: idParams,
        body: markPaidSchema,
        response: { 200: installmentViewSchema, ...errorResponses },
      },
    },
    (request) =>
      paymentsService.markPaid(db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/billing/receivables',
    {
      // A deep offset reads every row it skips: a heavy read (issue 27, http/heavy-reads.ts).
      config: { ...managers, ...heavyReadLimits(deepOffset) },
      schema: {
        tags,
        querystring: receivablesQuerySchema,
        response: { 200: z.array(receivableSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await paymentsService.receivables(db, currentUser(request), request.query);
      reply.header('x-total-count', String(page.total));
      reply.header('access-control-expose-headers', 'X-Total-Count');
      return page.items;
    },
  );
};

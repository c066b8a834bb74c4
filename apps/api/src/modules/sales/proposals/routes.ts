import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptInPersonResponseSchema,
  acceptInPersonSchema,
  proposalCreateSchema,
  proposalDeclineSchema,
  proposalListQuerySchema,
  proposalPdfQuerySchema,
  proposalReviseSchema,
  proposalSchema,
  proposalSendResponseSchema,
  proposalSummarySchema,
  publicProposalAcceptSchema,
  publicProposalDeclineSchema,
  publicProposalSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { deepOffset, heavyReadLimits } from '../../../http/heavy-reads.ts';
import { binaryResponse } from '../../../http/openapi.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';
import { sendPage } from '../../../http/list-page.ts';
import { clinicalBlockBody, errorBody, errorResponses, idParams } from '../../../http/schemas.ts';
import { renderedOr503 } from '../../../pdf/render-pool.ts';
import {
  acceptPublicProposal,
  declinePublicProposal,
  getPublicProposal,
  proposalsService,
  withdrawPublicProposal,
} from './service.ts';
import { rateLimitAddress } from '../../../http/client-address.ts';

const tokenParams = z.object({
  token: z.string().min(1, 'Link inválido.').max(200, 'Link inválido.'),
});

/**
 * Saved proposals (issue 13): the professional's routes (object-level: a professional reaches
 * their own, a manager their unit's, an admin all; else 404) and the client's public link,
 * reached by its token alone and throttled per address.
 */
export const proposalsRoutes: ModuleRoutes = (app, ctx) => {
  /** The link's API is counted per address: a token cannot be found by trying many. */
  const admitToLink = (request: FastifyRequest, reply: FastifyReply) =>
    ctx.rateLimits.admit(request, reply, {
      name: 'publicProposal',
      subject: rateLimitAddress(request.ip),
    });
  const { db } = ctx;
  const tags = ['proposals'];
  const user = { access: 'user' as const };
  const publicAccess = { access: 'public' as const };
  const publicErrors = { ...errorResponses, 410: errorBody, 429: errorBody };
  // The stored proposal's PDFs count in the per-user PDF limit with every other document.
  const pdfUser = { ...user, ...perUserRateLimit('pdf') };
  const pdfResponse = {
    200: binaryResponse('application/pdf', 'O PDF.'),
    ...errorResponses,
    429: errorBody,
    503: errorBody,
  };

  const sendPdf = (reply: FastifyReply, bytes: Buffer, fileName: string) =>
    reply
      .status(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(bytes);

  app.get(
    '/proposals/',
    {
      // A deep offset reads every row it skips: a heavy read (issue 27, http/heavy-reads.ts).
      config: { ...user, ...heavyReadLimits(deepOffset) },
      schema: {
        tags,
        querystring: proposalListQuerySchema,
        response: { 200: z.array(proposalSummarySchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPage(reply, await proposalsService.list(db, currentUser(request), request.query)),
  );

  app.post(
    '/proposals/',
    {
      config: user,
      schema: {
        tags,
        body: proposalCreateSchema,
        response: { 201: proposalSchema, ...errorResponses, 422: clinicalBlockBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await proposalsService.create(db, currentUser(request), request.body)),
  );

  app.get(
    '/proposals/:id',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: proposalSchema, ...errorResponses } },
    },
    (request) => proposalsService.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/proposals/:id/revise',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: proposalReviseSchema,
        response: { 201: proposalSchema, ...errorResponses, 422: clinicalBlockBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await proposalsService.revise(db, currentUser(request), request.params.id, request.body),
        ),
  );

  app.post(
    '/proposals/:id/send',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        response: { 200: proposalSendResponseSchema, ...errorResponses },
      },
    },
    (request) => proposalsService.send(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/proposals/:id/accept-in-person',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: acceptInPersonSchema,
        // 503: the acceptance renders the PDF it hashes in the worker pool, which may be full.
        response: { 201: acceptInPersonResponseSchema, ...errorResponses, 503: errorBody },
      },
    },
    async (request, reply) => {
      const accepted = proposalsService.acceptInPerson(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.full_name,
        { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
      );
      return renderedOr503(
        reply.status(201),
        accepted.then((result) => ({ ...result, status: 'ativo' as const })),
      );
    },
  );

  app.post(
    '/proposals/:id/decline',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: proposalDeclineSchema,
        response: { 200: proposalSchema, ...errorResponses },
      },
    },
    (request) =>
      proposalsService.decline(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/proposals/:id/revoke-link',
    {
      config: user,
      schema: { tags, params: idParams, response: { 200: proposalSchema, ...errorResponses } },
    },
    (request) => proposalsService.revokeLink(db, currentUser(request), request.params.id),
  );

  app.get(
    '/proposals/:id/pdf',
    {
      config: pdfUser,
      schema: {
        tags,
        params: idParams,
        querystring: proposalPdfQuerySchema,
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { bytes, row } = await renderedOr503(
        reply,
        proposalsService.pdf(
          db,
          currentUser(request),
          request.params.id,
          ctx.pdfPool,
          request.query.evidence,
        ),
      );
      return sendPdf(reply, bytes, `proposta-${row.number}-v${row.version}.pdf`);
    },
  );

  app.get(
    '/proposals/:id/client-care-pdf',
    { config: pdfUser, schema: { tags, params: idParams, response: pdfResponse } },
    async (request, reply) => {
      const { bytes, row } = await renderedOr503(
        reply,
        proposalsService.clientCarePdf(db, currentUser(request), request.params.id, ctx.pdfPool),
      );
      return sendPdf(reply, bytes, `cuidados-${row.number}-v${row.version}.pdf`);
    },
  );

  // The client's link: the token alone, throttled per address, never cached.
  app.get(
    '/public/proposals/:token',
    {
      config: { ...publicAccess, entityTag: false },
      schema: {
        tags,
        params: tokenParams,
        response: { 200: publicProposalSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await admitToLink(request, reply);
      reply.header('cache-control', 'no-store');
      return getPublicProposal(ctx, request.params.token);
    },
  );

  app.post(
    '/public/proposals/:token/accept',
    {
      config: publicAccess,
      schema: {
        tags,
        params: tokenParams,
        body: publicProposalAcceptSchema,
        // 503: the acceptance renders the PDF it hashes in the worker pool, which may be full.
        response: { 200: publicProposalSchema, ...publicErrors, 503: errorBody },
      },
    },
    async (request, reply) => {
      await admitToLink(request, reply);
      return renderedOr503(
        reply,
        acceptPublicProposal(ctx, request.params.token, request.body, {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        }),
      );
    },
  );

  app.post(
    '/public/proposals/:token/withdraw',
    {
      config: publicAccess,
      schema: {
        tags,
        params: tokenParams,
        response: { 200: publicProposalSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await admitToLink(request, reply);
      return withdrawPublicProposal(ctx, request.params.token);
    },
  );

  app.post(
    '/public/proposals/:token/decline',
    {
      config: publicAccess,
      schema: {
        tags,
        params: tokenParams,
        body: publicProposalDeclineSchema.optional(),
        response: { 200: publicProposalSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await admitToLink(request, reply);
      return declinePublicProposal(ctx, request.params.token, request.body ?? {});
    },
  );
};

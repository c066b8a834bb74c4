import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PROPOSAL_MESSAGES, type PublicProposal } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { HttpError } from '../../../http/errors.ts';
import {
  acceptPublicProposal,
  declinePublicProposal,
  withdrawPublicProposal,
  getPublicProposal,
} from '../proposals/service.ts';
import {
  renderGonePage,
  renderNotFoundPage,
  renderProposalPage,
  renderTooManyPage,
  type PublicPageNotice,
} from './page.ts';
import { rateLimitAddress } from '../../../http/client-address.ts';

/**
 * The public proposal page (issue 13): `GET /p/{token}` answers server-rendered HTML a client
 * reads on their phone, and the page's two plain forms post to `/p/{token}/aceitar` and
 * `/p/{token}/recusar`; each answer is the page again (after a success, a 303 back to it, so a
 * reload does not post twice). Outside /api/v1 and registered before the SPA's fallback
 * (app.ts), which would otherwise answer index.html for these paths.
 */

const params = z.object({ token: z.string().min(1).max(200) });
const acceptForm = z.object({
  full_name: z.string().max(400).optional(),
  accept_terms: z.string().max(10).optional(),
});
const declineForm = z.object({ reason: z.string().max(4000).optional() });

/** Form posts, parsed only inside this plugin (the API itself accepts JSON only). */
const parseForm = (body: string) => Object.fromEntries(new URLSearchParams(body));

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The pt-BR text of a refusal from the proposals service. */
function refusalText(error: HttpError): string {
  return typeof error.detail === 'string'
    ? error.detail
    : (error.detail[0]?.msg ?? PROPOSAL_MESSAGES.linkUnavailable);
}

export const publicProposalPageRoutes: ModuleRoutes = (app, ctx) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, parseForm(String(body))),
  );

  /** The page for the token, or the page that says why it does not open. */
  async function renderFor(
    reply: FastifyReply,
    token: string,
    status: number,
    options: { notice?: PublicPageNotice; nameValue?: string } = {},
  ) {
    let proposal: PublicProposal;
    try {
      proposal = await getPublicProposal(ctx, token);
    } catch (error) {
      return sendRefusal(reply, error);
    }
    return sendHtml(reply, status, renderProposalPage(token, proposal, options));
  }

  function sendRefusal(reply: FastifyReply, error: unknown) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 404) return sendHtml(reply, 404, renderNotFoundPage());
    if (error.statusCode === 429) return sendHtml(reply, 429, renderTooManyPage());
    return sendHtml(
      reply,
      error.statusCode === 410 ? 410 : error.statusCode,
      renderGonePage(refusalText(error)),
    );
  }

  /**
   * Answers per address are throttled (a token cannot be guessed by trying many), under the
   * app's per-address limit `publicPage` (http/rate-limits.ts): exact under parallel requests
   * and shared between processes when REDIS_URL is set. Past it, the page says so in pt-BR.
   */
  async function throttled(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      await ctx.rateLimits.admit(request, reply, {
        name: 'publicPage',
        subject: rateLimitAddress(request.ip),
      });
      return false;
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
      void sendHtml(reply, 429, renderTooManyPage());
      return true;
    }
  }

  app.get(
    '/p/:token',
    { config: { access: 'public' }, schema: { hide: true, params } },
    async (request, reply) => {
      if (await throttled(request, reply)) return reply;
      return renderFor(reply, request.params.token, 200);
    },
  );

  app.post(
    '/p/:token/aceitar',
    { config: { access: 'public' }, schema: { hide: true, params } },
    async (request, reply) => {
      if (await throttled(request, reply)) return reply;
      const { token } = request.params;
      // Read leniently: whatever a form sent, the service validates what matters.
      const body = acceptForm.safeParse(request.body ?? {});
      const fullName = body.success ? (body.data.full_name ?? '') : '';
      try {
        await acceptPublicProposal(
          ctx,
          token,
          { full_name: fullName, accept_terms: body.success && body.data.accept_terms === 'true' },
          { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
        );
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 422) {
          return renderFor(reply, token, 422, {
            notice: { kind: 'error', text: refusalText(error) },
            nameValue: fullName,
          });
        }
        if (error instanceof HttpError && error.statusCode === 409) {
          return renderFor(reply, token, 409, {
            notice: { kind: 'error', text: refusalText(error) },
          });
        }
        return sendRefusal(reply, error);
      }
      return reply.redirect(`/p/${encodeURIComponent(token)}`, 303);
    },
  );

  app.post(
    '/p/:token/desistir',
    { config: { access: 'public' }, schema: { hide: true, params } },
    async (request, reply) => {
      if (await throttled(request, reply)) return reply;
      const { token } = request.params;
      try {
        await withdrawPublicProposal(ctx, token);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) {
          return renderFor(reply, token, 409, {
            notice: { kind: 'error', text: refusalText(error) },
          });
        }
        return sendRefusal(reply, error);
      }
      return reply.redirect(`/p/${encodeURIComponent(token)}`, 303);
    },
  );

  app.post(
    '/p/:token/recusar',
    { config: { access: 'public' }, schema: { hide: true, params } },
    async (request, reply) => {
      if (await throttled(request, reply)) return reply;
      const { token } = request.params;
      const body = declineForm.safeParse(request.body ?? {});
      const reason = body.success ? (body.data.reason ?? null) : null;
      try {
        await declinePublicProposal(ctx, token, { reason_text: reason });
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 422 || error.statusCode === 409)) {
          return renderFor(reply, token, error.statusCode, {
            notice: { kind: 'error', text: refusalText(error) },
          });
        }
        return sendRefusal(reply, error);
      }
      return reply.redirect(`/p/${encodeURIComponent(token)}`, 303);
    },
  );
};

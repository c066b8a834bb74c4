import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEB_VITALS_MESSAGES, webVitalsReportSchema, webVitalsSummarySchema } from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { HttpError } from '../../../http/errors.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { createVitalsService } from './service.ts';
import { rateLimitAddress } from '../../../http/client-address.ts';

/**
 * Reports per client address: a page view sends one, so a minute's allowance covers a clinic's
 * staff behind one address, and a script that floods the table is cut off.
 */
export const VITALS_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;

/** Core Web Vitals of real visits (issue 17): reported by any page, read by admins. */
export const vitalsRoutes: ModuleRoutes = async (app, { db, config, loginLimiter }) => {
  const tags = ['vitals'];
  const vitals = createVitalsService(db, {
    sampleRate: config.vitalsSampleRate,
    limiter: loginLimiter,
  });

  // Its own scope: the throttle applies to this route only (per address, memory of this process).
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // navigator.sendBeacon posts a string as text/plain (a JSON Blob would need a preflight some
    // browsers refuse): on this route, text/plain is read as JSON.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, text, done) => {
      try {
        done(null, JSON.parse(text as string) as unknown);
      } catch {
        done(new HttpError(422, [{ loc: ['body'], msg: 'JSON inválido.', type: 'json_invalid' }]));
      }
    });
    scope.post(
      '/vitals',
      {
        // No token: the public proposal page reports too. The body holds no personal data.
        config: {
          access: 'public',
          // Under the app's @fastify/rate-limit (http/rate-limits.ts): one atomic count per
          // address, in Redis when REDIS_URL is set.
          rateLimit: {
            max: VITALS_RATE_LIMIT.max,
            timeWindow: VITALS_RATE_LIMIT.timeWindowMs,
            keyGenerator: (request: FastifyRequest) =>
              `vitals:address:${rateLimitAddress(request.ip)}`,
            errorResponseBuilder: () => new HttpError(429, WEB_VITALS_MESSAGES.tooManyRequests),
          },
        },
        schema: {
          tags,
          body: webVitalsReportSchema,
          response: { 204: z.null(), 422: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        // Past the day's bounds of its address or page, still 204: a beacon cannot retry, and
        // the sender learns nothing about where the bounds lie (service.ts).
        await vitals.record(request.body, { address: rateLimitAddress(request.ip) });
        return reply.status(204).send(null);
      },
    );
  });

  app.get(
    '/vitals/summary',
    {
      config: { access: 'admin' },
      schema: { tags, response: { 200: webVitalsSummarySchema, ...errorResponses } },
    },
    () => vitals.summary(),
  );
};

import { z } from 'zod';
import {
  accessLogEntrySchema,
  clientCareProfileSchema,
  clientCreateSchema,
  clientListQuerySchema,
  clientSchema,
  clientSummarySchema,
  clientUpdateSchema,
  consentEntrySchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { deepOffset, heavyReadLimits } from '../../../http/heavy-reads.ts';
import { sendPage } from '../../../http/list-page.ts';
import { errorResponses, idParams } from '../../../http/schemas.ts';
import { clientsService } from './service.ts';

/**
 * Client records (issue 13). Every signed-in profile reaches the routes; the service scopes each
 * object (admin: all; others: their unit) and answers 404 outside it. Access logs are for admins
 * and the unit's managers; a new consent, the export and anonymization are the data subject's
 * rights, in insights/data-subject.
 */
export const clientsRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['clients'];
  const user = { access: 'user' as const };
  const manager = { access: 'manager' as const };

  app.get(
    '/clients/',
    {
      // A deep offset reads every row it skips: a heavy read (issue 27, http/heavy-reads.ts).
      config: { ...user, ...heavyReadLimits(deepOffset) },
      schema: {
        tags,
        querystring: clientListQuerySchema,
        response: { 200: z.array(clientSummarySchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPage(reply, await clientsService.list(db, currentUser(request), request.query)),
  );

  app.post(
    '/clients/',
    {
      config: user,
      schema: {
        tags,
        body: clientCreateSchema,
        response: { 201: clientSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await clientsService.create(db, currentUser(request), request.body)),
  );

  app.get(
    '/clients/:id',
    {
      config: { ...user, entityTag: false },
      schema: { tags, params: idParams, response: { 200: clientSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clientsService.get(db, currentUser(request), request.params.id);
    },
  );

  app.get(
    '/clients/:id/care-profile',
    {
      config: { ...user, entityTag: false },
      schema: {
        tags,
        params: idParams,
        response: { 200: clientCareProfileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return clientsService.careProfile(db, currentUser(request), request.params.id);
    },
  );

  app.patch(
    '/clients/:id',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        body: clientUpdateSchema,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    (request) => clientsService.update(db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/clients/:id/consents',
    {
      config: user,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.array(consentEntrySchema), ...errorResponses },
      },
    },
    (request) => clientsService.listConsents(db, currentUser(request), request.params.id),
  );

  app.get(
    '/clients/:id/access-log',
    {
      config: manager,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.array(accessLogEntrySchema), ...errorResponses },
      },
    },
    (request) => clientsService.accessLog(db, currentUser(request), request.params.id),
  );
};

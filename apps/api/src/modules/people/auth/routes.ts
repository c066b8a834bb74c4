import crypto from 'node:crypto';
import { z } from 'zod';
import {
  loginResponseSchema,
  loginSchema,
  MESSAGES,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  userSchema,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { currentUser } from '../../../auth/access.ts';
import { accountOf } from '../../../auth/login-throttle.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../auth/passwords.ts';
import { afterResponse } from '../../../http/after-response.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { HttpError } from '../../../http/errors.ts';
import { toUser, usersService } from '../users/service.ts';
import * as repo from './repository.ts';
import { rateLimitAddress } from '../../../http/client-address.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const detailResponse = z.object({ detail: z.string() });
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const authRoutes: ModuleRoutes = (app, ctx) => {
  const { db, loginThrottle, rateLimits, tokens, mailer, config } = ctx;
  const tags = ['auth'];
  const publicRoute = { access: 'public' as const };

  app.post(
    '/auth/login',
    {
      config: publicRoute,
      schema: {
        tags,
        body: loginSchema,
        response: { 200: loginResponseSchema, 429: errorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = accountOf(request.body.email);
      const address = rateLimitAddress(request.ip);
      const pair = `${address}:${email}`;
      await rateLimits.admit(
        request,
        reply,
        { name: 'signIn', subject: address },
        { name: 'signInAccount', subject: pair },
      );
      const attempt = await loginThrottle.admit(email);
      const user = await usersService.findForSignIn(db, email);
      const valid = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : (await burnPasswordCheck(request.body.password), false);
      if (!user || !valid) {
        await attempt.failed();
        // The account is not named: an email is personal data (LGPD art. 46, no personal data in logs).
        request.log.info({ userId: user?.id ?? null }, 'login failed');
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      // A sign-in that succeeds does not count against its address, and clears its pair.
      await Promise.all([
        attempt.succeeded(),
        rateLimits.giveBack('signIn', address, 'one'),
        rateLimits.giveBack('signInAccount', pair, 'all'),
      ]);
      // Status is revealed only to someone who knows the password.
      if (user.status === 'pending') throw new HttpError(403, MESSAGES.userPending);
      if (user.status === 'inactive') throw new HttpError(403, MESSAGES.userInactive);
      const accessToken = await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
      return { access_token: accessToken, token_type: 'bearer' as const, user: toUser(user) };
    },
  );

  app.post(
    '/auth/register',
    {
      config: publicRoute,
      schema: {
        tags,
        body: registerSchema,
        response: { 202: detailResponse, 429: errorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rateLimits.admit(request, reply, {
        name: 'register',
        subject: rateLimitAddress(request.ip),
      });
      const email = accountOf(request.body.email);
      // The same answer, after the same work (the password is hashed either way), whether or not
      // the email is taken: only the address's owner learns which, by the email sent after it.
      let created: { id: number; name: string } | null = null;
      try {
        // Self-registration always waits for an admin (DESIGN 7.3 in docs/architecture.md), whatever profile is asked.
        // The asked profile is only a request (requested_profile, null for 'professional'): the
        // row itself is a professional until an admin grants otherwise.
        const { profile: asked, ...fields } = request.body;
        created = await usersService.create(db, {
          ...fields,
          profile: 'professional',
          requested_profile: asked === 'professional' ? null : asked,
          status: 'pending',
          profile_photo: null,
        });
        request.log.info({ userId: created.id }, 'user registered (pending)');
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        request.log.info('registration for an email already registered');
      }
      const mail = created
        ? {
            to: email,
            subject: 'Portal Estética: cadastro recebido',
            text:
              `Olá, ${created.name}.\n\nRecebemos seu cadastro. Você poderá entrar assim que um administrador aprovar o acesso.\n\n` +
              'Se você não se cadastrou, ignore este email.',
          }
        : {
            to: email,
            subject: 'Portal Estética: tentativa de cadastro',
            text:
              'Olá.\n\nAlguém tentou criar uma conta no Portal Estética com este email, mas ele já está cadastrado. ' +
              `Se foi você, entre normalmente ou escolha uma nova senha em ${config.publicUrl}/forgot-password.\n\n` +
              'Se não foi você, ignore este email: nada foi alterado na sua conta.',
          };
      afterResponse(reply, () => mailer.send(mail));
      return reply.status(202).send({ detail: MESSAGES.registerReceived });
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: userSchema, ...errorResponses } },
    },
    (request) => usersService.get(db, currentUser(request).id),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: publicRoute,
      schema: {
        tags,
        body: passwordResetRequestSchema,
        response: { 200: detailResponse, 429: errorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rateLimits.admit(request, reply, {
        name: 'passwordReset',
        subject: rateLimitAddress(request.ip),
      });
      const email = accountOf(request.body.email);
      // Nothing about the account is looked at before answering: known and unknown emails get
      // the same answer after the same work. The link is made and mailed once the answer is out.
      afterResponse(reply, async () => {
        const user = await usersService.findForSignIn(db, email);
        if (!user || user.status === 'inactive') return;
        const token = crypto.randomBytes(32).toString('base64url');
        await repo.insertResetToken(db, {
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        });
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        await mailer.send({
          to: user.email,
          subject: 'Portal Estética: redefinição de senha',
          text:
            `Olá, ${user.name}.\n\nPara escolher uma nova senha, abra o link abaixo (válido por 1 hora, uso único):\n${link}\n\n` +
            'Se você não pediu a redefinição, ignore este email.',
        });
      });
      return { detail: MESSAGES.resetRequested };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: publicRoute,
      schema: {
        tags,
        body: passwordResetSchema,
        response: { 200: detailResponse, 400: errorBody, ...errorResponses },
      },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      // Consuming the link and changing the password succeed or fail together.
      await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, sha256(request.body.token));
        if (userId === null) throw new HttpError(400, MESSAGES.resetInvalid);
        await repo.invalidateResetTokens(tx, userId);
        await usersService.setPasswordHash(tx, userId, passwordHash);
      });
      return { detail: MESSAGES.resetDone };
    },
  );
};

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
import type { ModuleRoutes } from '../../app-context.ts';
import { currentUser } from '../../auth/access.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { errorBody, errorResponses } from '../../http/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { toUser, usersService } from '../users/service.ts';
import * as repo from './repository.ts';

/** Failed sign-ins allowed per account and per address within the limiter's window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const detailResponse = z.object({ detail: z.string() });
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const authRoutes: ModuleRoutes = (app, ctx) => {
  const { db, loginLimiter, tokens, mailer, config } = ctx;
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
    async (request) => {
      const email = request.body.email.toLowerCase();
      const accountKey = `account:${email}`;
      const addressKey = `address:${request.ip}`;
      const [accountFailures, addressFailures] = await Promise.all([
        loginLimiter.count(accountKey),
        loginLimiter.count(addressKey),
      ]);
      if (
        accountFailures >= MAX_FAILURES_PER_ACCOUNT ||
        addressFailures >= MAX_FAILURES_PER_ADDRESS
      ) {
        throw new HttpError(429, MESSAGES.tooManyAttempts);
      }
      const user = await usersService.findForSignIn(db, email);
      const valid = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : (await burnPasswordCheck(request.body.password), false);
      if (!user || !valid) {
        await Promise.all([
          loginLimiter.recordFailure(accountKey),
          loginLimiter.recordFailure(addressKey),
        ]);
        request.log.info({ email }, 'login failed');
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      // Status is revealed only to someone who knows the password.
      if (user.status === 'pending') throw new HttpError(403, MESSAGES.userPending);
      if (user.status === 'inactive') throw new HttpError(403, MESSAGES.userInactive);
      await loginLimiter.reset(accountKey);
      const accessToken = await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion });
      return { access_token: accessToken, token_type: 'bearer' as const, user: toUser(user) };
    },
  );

  app.post(
    '/auth/register',
    {
      config: publicRoute,
      schema: { tags, body: registerSchema, response: { 201: userSchema, ...errorResponses } },
    },
    async (request, reply) => {
      // Self-registration always waits for an admin (DESIGN.md 7.3), whatever profile is asked.
      const user = await usersService.create(db, {
        ...request.body,
        status: 'pending',
        profile_photo: null,
      });
      request.log.info({ userId: user.id }, 'user registered (pending)');
      return reply.status(201).send(user);
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
    async (request) => {
      const addressKey = `reset:${request.ip}`;
      if ((await loginLimiter.count(addressKey)) >= MAX_FAILURES_PER_ADDRESS) {
        throw new HttpError(429, MESSAGES.tooManyAttempts);
      }
      await loginLimiter.recordFailure(addressKey);
      const user = await usersService.findForSignIn(db, request.body.email);
      if (user && user.status !== 'inactive') {
        const token = crypto.randomBytes(32).toString('base64url');
        await repo.insertResetToken(db, {
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        });
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        try {
          await mailer.send({
            to: user.email,
            subject: 'Portal Estética: redefinição de senha',
            text:
              `Olá, ${user.name}.\n\nPara escolher uma nova senha, abra o link abaixo (válido por 1 hora, uso único):\n${link}\n\n` +
              'Se você não pediu a redefinição, ignore este email.',
          });
        } catch (error) {
          request.log.error({ err: error }, 'failed to send password reset email');
        }
      }
      // The same answer whether or not the email exists.
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

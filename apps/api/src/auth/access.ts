import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES, type Profile } from '@portal/domain';
import type { AppDb } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { TokenService } from './tokens.ts';
import type { UserCache } from './user-cache.ts';

/**
 * Who may call a route (DESIGN 5 in docs/architecture.md). Every /api route must declare one in
 * `config.access`; a route without it refuses to register, so nothing is open by accident.
 */
export type Access = 'public' | 'user' | 'manager' | 'admin';

const ALLOWED_PROFILES: Record<Exclude<Access, 'public'>, readonly Profile[]> = {
  user: ['admin', 'manager', 'professional'],
  // Admins and managers: photos, price history, dashboards, client exports, anonymization and
  // access logs; which rows they reach is decided per object (apps/api/src/auth/scope.ts).
  manager: ['admin', 'manager'],
  admin: ['admin'],
};

export interface AuthenticatedUser {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  /** The user's unit: object-level rules (clients, proposals) compare it. */
  unit: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export function installAccessControl(
  app: FastifyInstance,
  db: AppDb,
  tokens: TokenService,
  userCache: UserCache,
): void {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    if (!route.config?.access) {
      throw new Error(`Rota ${route.method} ${route.url} sem config.access declarado.`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const user = await authenticate(request, db, tokens, userCache);
    if (!ALLOWED_PROFILES[access].includes(user.profile))
      throw new HttpError(403, MESSAGES.forbidden);
    request.user = user;
  });
}

async function authenticate(
  request: FastifyRequest,
  db: AppDb,
  tokens: TokenService,
  userCache: UserCache,
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw new HttpError(401, MESSAGES.unauthenticated);
  const claims = await tokens.verify(match[1]);
  if (!claims) throw new HttpError(401, MESSAGES.invalidToken);
  // The user's row on every request, so deactivation and profile changes apply at once: kept in
  // memory only while every committed change to it is known (docs/decisions/0012-read-cache-invalidation.md).
  const row = await userCache.get(claims.userId, async () => {
    const [found] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        profile: users.profile,
        unit: users.unit,
        status: users.status,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1);
    return found;
  });
  if (!row || row.tokenVersion !== claims.tokenVersion) {
    throw new HttpError(401, MESSAGES.invalidToken);
  }
  if (row.status === 'pending') throw new HttpError(403, MESSAGES.userPending);
  if (row.status === 'inactive') throw new HttpError(403, MESSAGES.userInactive);
  return { id: row.id, name: row.name, email: row.email, profile: row.profile, unit: row.unit };
}

/** The signed-in user of a route whose access is not 'public'. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new HttpError(401, MESSAGES.unauthenticated);
  return request.user;
}

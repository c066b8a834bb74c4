import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
// Also brings request.user's declaration to programs that never import the app (bench/).
import type { AuthenticatedUser } from '../auth/access.ts';

/**
 * Who is making the change the current request makes: set once per request, after sign-in, so a
 * module records its changes without passing the person down through every call. Outside a
 * request (seed, scripts) there is no one: the entry's actor is null, the system.
 */
const requestActor = new AsyncLocalStorage<{ actorId: number | null }>();

export function currentActorId(): number | null {
  return requestActor.getStore()?.actorId ?? null;
}

/**
 * A preHandler runs after access control and after the body is read, and calling `done` inside
 * `run` starts the handler inside it, so every await of the handler sees the request's person.
 */
export function installAuditActor(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const user: AuthenticatedUser | null = request.user;
    requestActor.run({ actorId: user?.id ?? null }, done);
  });
}

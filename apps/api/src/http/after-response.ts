import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by `afterResponse` that is still running; `app.close()` waits for it. */
    afterResponseTasks: Set<Promise<void>>;
  }
}

/**
 * Work that must not change the answer or its timing (an email, a token row): it starts once the
 * response is on the wire, so a client cannot tell from the answer or its delay whether it ran.
 * A failure is logged; `app.close()` waits for what is still running.
 */
export function afterResponse(reply: FastifyReply, task: () => Promise<void>): void {
  const pending = reply.server.afterResponseTasks;
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    const running: Promise<void> = task()
      .catch((error: unknown) => reply.log.error({ err: error }, 'work after the response failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  reply.raw.once('finish', run);
  reply.raw.once('close', run);
}

export function installAfterResponse(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  app.decorate('afterResponseTasks', pending);
  app.addHook('onClose', async () => {
    while (pending.size) await Promise.all([...pending]);
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { AiAbortedError } from './provider.ts';

/**
 * A signal that aborts when the client closes the connection before the answer is sent (the
 * assistant aborts its request when its dialog closes), so the optimizer and any model call stop.
 */
export function abortSignalFor(
  _request: FastifyRequest,
  reply: FastifyReply,
): {
  signal: AbortSignal;
  release: () => void;
} {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}

/**
 * Runs `work` with the client's abort signal. A cancelled request gets a 499 nobody reads
 * (nginx's "client closed request") instead of an error log line, and resolves to undefined
 * (the reply is already sent).
 */
export async function withClientAbort<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | undefined> {
  const { signal, release } = abortSignalFor(request, reply);
  try {
    return await work(signal);
  } catch (error) {
    if (error instanceof AiAbortedError || signal.aborted) {
      request.log.info('request cancelled by the client');
      await reply.status(499).send({ detail: 'Requisição cancelada.' });
      return undefined;
    }
    throw error;
  } finally {
    release();
  }
}

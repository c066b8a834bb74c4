import os from 'node:os';
import type { FastifyReply } from 'fastify';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.ts';
import type { RenderJob } from './render-worker.ts';

/** Every thread busy and the queue full: the client is told to come back (503 + Retry-After). */
export class PdfPoolBusyError extends Error {
  constructor() {
    super('PDF render queue full');
  }
}

export interface PdfRenderPoolOptions {
  /** Threads drawing at once (default: the cores but one, at least one). */
  threads?: number;
  /** Documents waiting for a thread beyond those being drawn (default 64); more are refused. */
  maxQueue?: number;
}

/**
 * From source (tests, `node --import tsx`) the worker is the TypeScript file beside this one and
 * needs tsx; in the server bundle (dist/server.js) it is dist/pdf-render-worker.js.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? {
        filename: new URL('./render-worker.ts', import.meta.url).href,
        execArgv: ['--import', 'tsx'],
      }
    : { filename: new URL('./pdf-render-worker.js', import.meta.url).href, execArgv: [] };
}

/** PDF rendering off the event loop, with a bounded queue. */
export class PdfRenderPool {
  readonly capacity: number;
  private inFlight = 0;
  private pool: Piscina<RenderJob, Uint8Array> | undefined;

  constructor(private readonly options: PdfRenderPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
    // A queue long enough for a busy clinic network's bursts (a document takes tens of
    // milliseconds, a 36-page one about a second), short enough that a flood is refused.
    this.capacity = threads + (options.maxQueue ?? 64);
  }

  private start(): Piscina<RenderJob, Uint8Array> {
    const threads = this.options.threads ?? Math.max(1, os.availableParallelism() - 1);
    this.pool ??= new Piscina<RenderJob, Uint8Array>({
      ...workerFile(),
      minThreads: 0,
      maxThreads: threads,
      // The queue is bounded here (capacity), counted before a task is handed over. Piscina's
      // 'auto' would be threads² (1 on a 2-core machine): it refused a burst long before the
      // capacity, and its error answered 500 (CI load test).
      maxQueue: this.capacity,
      idleTimeout: 30_000,
    });
    return this.pool;
  }

  /** Draws the document in a worker thread; PdfPoolBusyError when the queue is full. */
  async render(job: RenderJob): Promise<Buffer> {
    // Counted synchronously on entry, so a burst is refused exactly past the capacity.
    if (this.inFlight >= this.capacity) throw new PdfPoolBusyError();
    this.inFlight += 1;
    try {
      const bytes = await this.start().run(job);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } finally {
      this.inFlight -= 1;
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}

/** The process's pool, started on the first document. */
export const defaultPdfRenderPool = new PdfRenderPool();

/** How long a client is asked to wait when every thread is busy and the queue is full. */
export const PDF_BUSY_RETRY_AFTER_SECONDS = 5;
export const PDF_BUSY_MESSAGE =
  'O servidor está ocupado gerando outros PDFs. Tente novamente em alguns segundos.';

/** The rendered document, or 503 with Retry-After when the pool refused it. */
export async function renderedOr503<T>(reply: FastifyReply, rendering: Promise<T>): Promise<T> {
  try {
    return await rendering;
  } catch (error) {
    if (!(error instanceof PdfPoolBusyError)) throw error;
    reply.header('retry-after', String(PDF_BUSY_RETRY_AFTER_SECONDS));
    throw new HttpError(503, PDF_BUSY_MESSAGE);
  }
}

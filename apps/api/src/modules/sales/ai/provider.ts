import type { AiConfigCode, AiEngine, ChatMessage } from '@portal/domain';
import type { z } from 'zod';
import type { AiPrompt } from '../../catalogue/ai-configs/prompts.ts';

/**
 * One unit of AI work (a recommendation, a chat answer, synergy texts, client-care tips): what
 * any provider needs to do it. The local engine computes `local`; a model reads the prompt of
 * `codigo`, the `input` as JSON and the `history`, and must answer JSON that passes `schema` and
 * `check`.
 */
export interface AiTask<T> {
  codigo: AiConfigCode;
  /** The data the model reads (serialized as JSON in the user message). */
  input: unknown;
  /** Earlier turns of a conversation, oldest first. */
  history?: readonly ChatMessage[];
  schema: z.ZodType<T>;
  /**
   * Drops what the server never lets through whoever chose it (a procedure the client excluded),
   * before `check` judges the rest.
   */
  refine?: (answer: T) => T;
  /** Rules beyond the shape (ids that exist, limits, budget); a pt-BR problem, or null. */
  check?: (answer: T) => string | null;
  /** The offline answer: real work, deterministic. */
  local: (signal: AbortSignal) => T | Promise<T>;
  temperature?: number;
  maxTokens?: number;
}

export interface AiProvider {
  readonly engine: AiEngine;
  complete<T>(task: AiTask<T>, prompt: AiPrompt, signal: AbortSignal): Promise<T>;
}

/** A provider could not give a valid answer; `reason` (pt-BR) goes to `fallback_reason`. */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The client went away (or the request was cancelled): stop working, answer nothing. */
export class AiAbortedError extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('Requisição cancelada.');
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AiAbortedError();
}

/** The offline provider: runs the task's own deterministic engine. */
export const localProvider: AiProvider = {
  engine: 'local',
  async complete<T>(task: AiTask<T>, _prompt: AiPrompt, signal: AbortSignal): Promise<T> {
    throwIfAborted(signal);
    return task.local(signal);
  },
};

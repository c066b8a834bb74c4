import type { AiEngine } from '@portal/domain';
import type { AppConfig } from '../../../config.ts';
import type { AppDb } from '../../../db/client.ts';
import { aiConfigsService } from '../../catalogue/ai-configs/service.ts';
import { OpenAiProvider } from './openai-provider.ts';
import { defaultPrompt } from '../../catalogue/ai-configs/prompts.ts';
import { AiProviderError, localProvider, throwIfAborted, type AiTask } from './provider.ts';

/** What running an AI task needs from the app. */
export interface AiContext {
  db: AppDb;
  config: Pick<AppConfig, 'ai'>;
  log?: { warn(obj: object, msg: string): void };
}

export interface AiOutcome<T> {
  result: T;
  engine: AiEngine;
  /** Set when the configured model failed and the local engine answered instead. */
  fallbackReason?: string;
}

/** The model provider from the configuration, or null when the local engine is the choice. */
function configuredProvider(config: AppConfig['ai']): OpenAiProvider | AiProviderError | null {
  if (config.provider !== 'openai') return null;
  if (!config.baseUrl || !config.model) {
    return new AiProviderError('Provedor de IA não configurado (defina AI_BASE_URL e AI_MODEL).');
  }
  return new OpenAiProvider({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    timeoutMs: config.timeoutMs,
  });
}

/**
 * Runs a task on the configured provider (DESIGN section 8): the model when AI_PROVIDER=openai,
 * falling back to the local engine — and saying why — when it fails or answers something that
 * does not validate; the local engine otherwise. The prompt is read only when a model needs it.
 */
export async function runAiTask<T>(
  ctx: AiContext,
  task: AiTask<T>,
  signal: AbortSignal,
): Promise<AiOutcome<T>> {
  const provider = configuredProvider(ctx.config.ai);
  let fallbackReason: string | undefined;
  if (provider instanceof OpenAiProvider) {
    const prompt = await aiConfigsService
      .promptFor(ctx.db, task.codigo)
      .catch(() => defaultPrompt(task.codigo));
    throwIfAborted(signal);
    try {
      return { result: await provider.complete(task, prompt, signal), engine: 'openai' };
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      fallbackReason = error.reason;
      ctx.log?.warn(
        { codigo: task.codigo, reason: error.reason },
        'AI provider fell back to local',
      );
    }
  } else if (provider instanceof AiProviderError) {
    fallbackReason = provider.reason;
  }
  const result = await localProvider.complete(task, defaultPrompt(task.codigo), signal);
  return fallbackReason ? { result, engine: 'local', fallbackReason } : { result, engine: 'local' };
}

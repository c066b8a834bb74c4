import { stripCodeFences } from '@portal/domain';
import type { AiPrompt } from '../../catalogue/ai-configs/prompts.ts';
import { AiAbortedError, AiProviderError, type AiProvider, type AiTask } from './provider.ts';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown } }>;
}

/**
 * Any OpenAI-compatible chat-completions endpoint (DESIGN section 8). Asks for a JSON object;
 * every way the call can fail — network, HTTP status, timeout, non-JSON, wrong shape, broken
 * rules — becomes an AiProviderError with a pt-BR reason, so the caller falls back to `local`.
 * Only the client's own cancellation propagates as an abort.
 */
export class OpenAiProvider implements AiProvider {
  readonly engine = 'openai' as const;
  private readonly url: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async complete<T>(task: AiTask<T>, prompt: AiPrompt, signal: AbortSignal): Promise<T> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    const failure = (error: unknown, during: string): Error => {
      if (signal.aborted) return new AiAbortedError();
      if (timeout.aborted) {
        return new AiProviderError(
          `O provedor de IA não respondeu em ${Math.round(this.options.timeoutMs / 1000)} s.`,
        );
      }
      const detail = error instanceof Error ? ` (${error.message})` : '';
      return new AiProviderError(`Falha ao ${during} o provedor de IA${detail}.`);
    };

    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify(this.requestBody(task, prompt)),
        signal: combined,
      });
    } catch (error) {
      throw failure(error, 'contatar');
    }

    let body: unknown;
    try {
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new AiProviderError(`O provedor de IA respondeu com erro HTTP ${response.status}.`);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof AiProviderError) throw error;
      if (signal.aborted || timeout.aborted) throw failure(error, 'ler');
      throw new AiProviderError('O provedor de IA respondeu algo que não é JSON.');
    }

    const content = (body as ChatCompletion | null)?.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new AiProviderError('O provedor de IA respondeu sem conteúdo.');
    }
    let json: unknown;
    try {
      json = JSON.parse(stripCodeFences(content));
    } catch {
      throw new AiProviderError('O provedor de IA não respondeu com um JSON válido.');
    }
    const parsed = task.schema.safeParse(json);
    if (!parsed.success) {
      throw new AiProviderError('A resposta do provedor de IA não segue o formato esperado.');
    }
    const answer = task.refine ? task.refine(parsed.data) : parsed.data;
    const problem = task.check?.(answer) ?? null;
    if (problem) {
      throw new AiProviderError(`A resposta do provedor de IA não respeita as regras: ${problem}`);
    }
    return answer;
  }

  private requestBody<T>(task: AiTask<T>, prompt: AiPrompt) {
    const system = [
      prompt.prompt.trim(),
      `Regras e validações:\n${prompt.rules.trim()}`,
      'Responda somente com um objeto JSON válido, sem nenhum texto fora dele.',
    ].join('\n\n');
    return {
      model: this.options.model,
      response_format: { type: 'json_object' },
      temperature: task.temperature ?? 0.4,
      max_tokens: task.maxTokens ?? 900,
      messages: [
        { role: 'system', content: system },
        ...(task.history ?? []).map((turn) => ({ role: turn.role, content: turn.content })),
        { role: 'user', content: JSON.stringify(task.input) },
      ],
    };
  }
}

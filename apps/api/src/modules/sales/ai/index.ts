/**
 * The AI engine (DESIGN section 8): one provider interface (`local`, offline and deterministic;
 * `openai`, any chat-completions endpoint, falling back to `local`), prompts from the ai_configs
 * table, and the work each module asks of it.
 */
export { runAiTask, type AiContext, type AiOutcome } from './run-task.ts';
export {
  AiAbortedError,
  AiProviderError,
  localProvider,
  type AiProvider,
  type AiTask,
} from './provider.ts';
export { OpenAiProvider, type OpenAiProviderOptions } from './openai-provider.ts';
export {
  DEFAULT_AI_CONFIGS,
  defaultPrompt,
  type AiPrompt,
} from '../../catalogue/ai-configs/prompts.ts';
export { abortSignalFor, withClientAbort } from './abort.ts';
export {
  writeSynergySuggestions,
  writeSynergiesLocally,
  type SynergyRelationFacts,
  type SynergyWritingInput,
} from './synergy-writer.ts';
export {
  clientCareTipsLocally,
  enrichClientCare,
  type ClientCareEnrichOptions,
  type ClientCareTips,
} from './client-care.ts';
export type { ProcedureFacts } from './procedure-traits.ts';

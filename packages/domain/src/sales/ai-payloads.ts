import { z } from '../shared/zod.ts';
import { parseBudgetInput, type BudgetReading } from '../catalogue/goal-text.ts';
import { parseBrazilianNumber } from '../shared/money.ts';
import { multiLineText } from '../shared/text-fields.ts';
import { clinicalIssueSchema } from '../catalogue/clinical/check.ts';

/**
 * The AI contract (SPEC sections 3, 5, 7, 8; DESIGN section 8): recommendation and chat requests
 * and answers, the prompt configurations, the pt-BR texts of the assistant and of the prompt
 * admin, and the parser of the JSON an assistant answer carries.
 */

export const AI_ENGINES = ['local', 'openai'] as const;
export type AiEngine = (typeof AI_ENGINES)[number];

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

export const AI_MESSAGES = {
  // Assistant (SPEC sections 2, 5, 8).
  intro: 'Sugestões baseadas nas suas preferências e no pacote selecionado:',
  nothingSuggested:
    'Não consegui sugerir itens com as restrições atuais. Ajuste preferências ou pacote e tente novamente.',
  chatFailed: 'Não foi possível conversar com a IA.',
  jsonInvalid: 'JSON inválido',
  unexpectedShape: 'Estrutura inesperada',
  parseFailed: 'Falha ao interpretar a resposta da IA.',
  packageRequired: 'Selecione um pacote antes de recomendar.',
  noPackageSelected: 'Nenhum pacote selecionado. Volte e escolha um pacote primeiro.',
  recommendFailed: 'Erro ao recomendar.',
  servicesFailed: 'Erro ao carregar serviços',
  processing: 'Processando...',
  micDenied: 'Permissão de microfone negada (ou indisponível).',
  speechUnavailable: 'API de reconhecimento de voz indisponível neste navegador.',
  dictationStartFailed: 'Não foi possível iniciar o ditado em pt-BR.',
  // Request validation (server).
  budgetInvalid: 'Orçamento inválido. Use um valor como 1.500,00 ou R$ 2 mil.',
  desiredFunctionsInvalid: 'desired_functions deve ser um texto ou uma lista de textos.',
  desiredFunctionTooLong: 'Cada função desejada deve ter no máximo 200 caracteres.',
  desiredFunctionsTooMany: 'Envie no máximo 30 funções desejadas.',
  includeSynergiesInvalid: 'O campo include_synergies deve ser verdadeiro ou falso.',
  maxItemsInvalid: 'max_items deve ser um número inteiro entre 1 e 30.',
  blockLimitInvalid: 'Limite de bloco deve ser um número inteiro entre 0 e 100.',
  packageIdInvalid: 'Identificador de pacote inválido.',
  clientIdInvalid: 'Identificador de cliente inválido.',
  packageNotFound: 'Pacote inexistente.',
  goalTextTooLong: 'O objetivo deve ter no máximo 4000 caracteres.',
  textRequired: 'Informe o texto.',
  textTooLong: 'O texto deve ter no máximo 4000 caracteres.',
  proceduresInvalid: 'Envie a lista de procedimentos.',
  proceduresTooMany: 'Envie no máximo 500 procedimentos.',
  procedureIdInvalid: 'Identificador de procedimento inválido.',
  procedureNameRequired: 'Informe o nome do procedimento.',
  procedureNameTooLong: 'O nome do procedimento deve ter no máximo 200 caracteres.',
  procedureValueInvalid: 'Valores devem ser números maiores ou iguais a 0.',
  maxRecommendationsInvalid: 'max_recommendations deve ser um número inteiro entre 1 e 30.',
  historyTooLong: 'O histórico aceita no máximo 20 mensagens.',
  historyRoleInvalid: 'Papel inválido no histórico (use user, assistant ou system).',
  temperatureInvalid: 'temperature deve estar entre 0 e 2.',
  maxTokensInvalid: 'max_tokens deve ser um número inteiro entre 1 e 4000.',
} as const;

/** 'Falha no ditado: {code}' (SPEC section 8). */
export function dictationFailedMessage(code: string): string {
  return `Falha no ditado: ${code}`;
}

// ---------------------------------------------------------------------------------------------
// Recommendations: POST /api/v1/recommendations/
// ---------------------------------------------------------------------------------------------

export const RECOMMENDATION_MAX_ITEMS = 30;
/** SPEC section 9: the assistant asks for 12 items with synergies. */
export const RECOMMENDATION_DEFAULT_MAX_ITEMS = 12;
export const AI_TEXT_MAX_LENGTH = 4000;
const BLOCK_LIMIT_MAX = 100;

const blockLimit = z
  .number({ error: AI_MESSAGES.blockLimitInvalid })
  .int(AI_MESSAGES.blockLimitInvalid)
  .min(0, AI_MESSAGES.blockLimitInvalid)
  .max(BLOCK_LIMIT_MAX, AI_MESSAGES.blockLimitInvalid);

/** `{A,B,C,D}` (SPEC 3); lower-case keys (a package's `block_limits`) are read too. */
export const recommendationBlockLimitsSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    return {
      A: record.A ?? record.a,
      B: record.B ?? record.b,
      C: record.C ?? record.c,
      D: record.D ?? record.d,
    };
  },
  z.object(
    {
      A: blockLimit.optional(),
      B: blockLimit.optional(),
      C: blockLimit.optional(),
      D: blockLimit.optional(),
    },
    { error: AI_MESSAGES.blockLimitInvalid },
  ),
);

/** A budget: reais as a number, or Brazilian text ('1.500,00', 'R$ 2 mil', '800 por mês'). */
const budgetField = z
  .union([z.number(), z.string().max(200, AI_MESSAGES.budgetInvalid)], {
    error: AI_MESSAGES.budgetInvalid,
  })
  .nullish()
  .transform((value, ctx): BudgetReading | undefined => {
    const reading = parseBudgetInput(value);
    if (reading === null) {
      ctx.addIssue({ code: 'custom', message: AI_MESSAGES.budgetInvalid });
      return z.NEVER;
    }
    return reading;
  });

/** A list of functions ('Flacidez', 'Manchas') or one free text; always a list after parsing. */
const desiredFunctions = z
  .union(
    [
      z
        .array(
          z
            .string({ error: AI_MESSAGES.desiredFunctionsInvalid })
            .max(200, AI_MESSAGES.desiredFunctionTooLong),
          { error: AI_MESSAGES.desiredFunctionsInvalid },
        )
        .max(30, AI_MESSAGES.desiredFunctionsTooMany),
      z.string().max(AI_TEXT_MAX_LENGTH, AI_MESSAGES.goalTextTooLong),
    ],
    { error: AI_MESSAGES.desiredFunctionsInvalid },
  )
  .nullish()
  .transform((value) =>
    (typeof value === 'string' ? [value] : (value ?? [])).map((v) => v.trim()).filter(Boolean),
  );

/**
 * The client the sale is for (optional): the server holds the client's allergies and
 * contraindications against the procedures and leaves the conflicting ones out, with a
 * `contraindication` warning. The client's health data never reaches a model (LGPD art. 33).
 */
const assistantClientId = z
  .number({ error: AI_MESSAGES.clientIdInvalid })
  .int(AI_MESSAGES.clientIdInvalid)
  .positive(AI_MESSAGES.clientIdInvalid)
  .max(2_147_483_647, AI_MESSAGES.clientIdInvalid)
  .nullish();

export const recommendationRequestSchema = z.object({
  budget: budgetField,
  desired_functions: desiredFunctions,
  include_synergies: z.boolean({ error: AI_MESSAGES.includeSynergiesInvalid }).default(true),
  max_items: z
    .number({ error: AI_MESSAGES.maxItemsInvalid })
    .int(AI_MESSAGES.maxItemsInvalid)
    .min(1, AI_MESSAGES.maxItemsInvalid)
    .max(RECOMMENDATION_MAX_ITEMS, AI_MESSAGES.maxItemsInvalid)
    .default(RECOMMENDATION_DEFAULT_MAX_ITEMS),
  block_limits: recommendationBlockLimitsSchema.nullish(),
  package_id: z
    .number({ error: AI_MESSAGES.packageIdInvalid })
    .int(AI_MESSAGES.packageIdInvalid)
    .positive(AI_MESSAGES.packageIdInvalid)
    .max(2_147_483_647, AI_MESSAGES.packageIdInvalid)
    .nullish(),
  goal_text: z
    .string({ error: AI_MESSAGES.goalTextTooLong })
    .max(AI_TEXT_MAX_LENGTH, AI_MESSAGES.goalTextTooLong)
    .nullish(),
  client_id: assistantClientId,
});
/** What the web sends. */
export type RecommendationRequest = z.input<typeof recommendationRequestSchema>;
/** What the server reads after validation. */
export type RecommendationRequestData = z.output<typeof recommendationRequestSchema>;

export const recommendationItemSchema = z.object({
  service_id: z.number().int(),
  block: z.enum(['A', 'B', 'C', 'D']),
  name: z.string(),
  reason: z.string(),
});
export type RecommendationItem = z.infer<typeof recommendationItemSchema>;

/**
 * Something the professional must know before applying an answer (pt-BR `message`): the budget
 * below the package (always first), a contraindication, a goal the exclusions left without any
 * procedure, and the care words of the request (needles, sensitive skin, sun).
 */
export const AI_WARNING_CODES = [
  'budget_below_package',
  'contraindication',
  'exclusion_removed_all',
  'needle_aversion',
  'sensitive_skin',
  'sun_exposure',
] as const;
export type AiWarningCode = (typeof AI_WARNING_CODES)[number];

export const aiWarningSchema = z.object({
  code: z.enum(AI_WARNING_CODES),
  message: z.string(),
});
export type AiWarning = z.infer<typeof aiWarningSchema>;

/** A procedure the clinical check kept out of an answer, and why (for the cards). */
export const blockedProcedureSchema = z.object({
  service_id: z.number().int(),
  name: z.string(),
  reasons: z.array(z.string()),
});
export type BlockedProcedure = z.infer<typeof blockedProcedureSchema>;

/**
 * What every assistant answer carries from the clinical check (issue 26): what was understood,
 * the relative issues of the items given (an absolute one is never given), what was left out
 * and why, and an honest sentence instead of padding when nothing can be offered.
 */
const clinicalAnswerFields = {
  /** 'Entendi: sem laser, sem peeling; gestante; evento em 21 dias'. */
  understood: z.string(),
  /** Relative issues of the items recommended (ClinicalIssue, severity 'relative'). */
  warnings: z.array(clinicalIssueSchema),
  blocked: z.array(blockedProcedureSchema),
  /** Set when the item list is empty: why nothing was offered (pt-BR); else null. */
  no_answer: z.string().nullable(),
  /**
   * What to tell the client first (the budget below the package, always first; needles,
   * sensitive skin, sun…); empty when nothing needs saying. Before issue 26 these were `warnings`.
   */
  notices: z.array(aiWarningSchema),
};

export const recommendationResponseSchema = z.object({
  items: z.array(recommendationItemSchema),
  engine: z.enum(AI_ENGINES),
  summary: z.string(),
  ...clinicalAnswerFields,
  /** Why the configured model was not used (it failed or answered something invalid). */
  fallback_reason: z.string().optional(),
});
export type RecommendationResponse = z.infer<typeof recommendationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Chat: POST /api/v1/ai/ai/text
// ---------------------------------------------------------------------------------------------

export const AI_CHAT_MAX_PROCEDURES = 500;
export const AI_CHAT_MAX_HISTORY = 20;
/** SPEC section 9: chat max_recommendations 6, temperature 0.4, max_tokens 900. */
export const AI_CHAT_DEFAULTS = {
  maxRecommendations: 6,
  temperature: 0.4,
  maxTokens: 900,
} as const;

const chatMoney = z
  .union([z.number(), z.string()], { error: AI_MESSAGES.procedureValueInvalid })
  .transform((value) => parseBrazilianNumber(value) ?? Number.NaN)
  .pipe(
    z
      .number({ error: AI_MESSAGES.procedureValueInvalid })
      .min(0, AI_MESSAGES.procedureValueInvalid),
  )
  .nullish()
  .transform((value) => value ?? 0);

const chatBenefitText = z.string().max(2000).nullish();

/** A procedure as the builder knows it (a catalogue Service satisfies it). */
export const chatProcedureSchema = z.object({
  id: z
    .number({ error: AI_MESSAGES.procedureIdInvalid })
    .int(AI_MESSAGES.procedureIdInvalid)
    .positive(AI_MESSAGES.procedureIdInvalid)
    .max(2_147_483_647, AI_MESSAGES.procedureIdInvalid),
  name: z
    .string({ error: AI_MESSAGES.procedureNameRequired })
    .trim()
    .min(1, AI_MESSAGES.procedureNameRequired)
    .max(200, AI_MESSAGES.procedureNameTooLong),
  description: z.string().max(4000).nullish(),
  block: z.enum(['A', 'B', 'C', 'D']).catch('A'),
  value: chatMoney,
  cost: chatMoney,
  min_margin_percent: z
    .number()
    .nullish()
    .transform((v) => Math.min(100, Math.max(0, v ?? 0))),
  session_limit: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? 0),
  status: z.enum(['active', 'inactive']).catch('active'),
  /** Techniques and ingredients an admin listed ('toxina', 'laser'); the text is read too. */
  traits: z.array(z.string().max(100)).max(50).nullish(),
  benefits: z
    .object({
      main_function: chatBenefitText,
      benefit1: chatBenefitText,
      benefit2: chatBenefitText,
      benefit3: chatBenefitText,
    })
    .nullish(),
});
export type ChatProcedure = z.output<typeof chatProcedureSchema>;

const idList = z.array(z.number().int()).max(5000).nullish();

/** The package chosen in the builder, as the assistant sends it (lenient: any subset). */
export const chatSelectedPackageSchema = z.object({
  id: z.number().int().nullish(),
  name: z.string().max(200).nullish(),
  annual_value: z.number().min(0).nullish(),
  session_limit: z.number().int().nullish(),
  block_limits: z
    .object({
      a: z.number().int().min(0).nullish(),
      b: z.number().int().min(0).nullish(),
      c: z.number().int().min(0).nullish(),
      d: z.number().int().min(0).nullish(),
    })
    .nullish(),
  allow_all_procedures: z.boolean().nullish(),
  procedures: idList,
  restricted_procedures: idList,
});
export type ChatSelectedPackage = z.output<typeof chatSelectedPackageSchema>;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant', 'system'], { error: AI_MESSAGES.historyRoleInvalid }),
  content: z.string().max(AI_TEXT_MAX_LENGTH, AI_MESSAGES.textTooLong),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const aiTextRequestSchema = z.object({
  text: z
    .string({ error: AI_MESSAGES.textRequired })
    .trim()
    .min(1, AI_MESSAGES.textRequired)
    .max(AI_TEXT_MAX_LENGTH, AI_MESSAGES.textTooLong),
  procedures: z
    .array(chatProcedureSchema, { error: AI_MESSAGES.proceduresInvalid })
    .max(AI_CHAT_MAX_PROCEDURES, AI_MESSAGES.proceduresTooMany)
    .nullish()
    .transform((list) => list ?? []),
  max_recommendations: z
    .number({ error: AI_MESSAGES.maxRecommendationsInvalid })
    .int(AI_MESSAGES.maxRecommendationsInvalid)
    .min(1, AI_MESSAGES.maxRecommendationsInvalid)
    .max(RECOMMENDATION_MAX_ITEMS, AI_MESSAGES.maxRecommendationsInvalid)
    .default(AI_CHAT_DEFAULTS.maxRecommendations),
  context: z
    .object({
      source: z.string().max(100).nullish(),
      history: z
        .array(chatMessageSchema)
        .max(AI_CHAT_MAX_HISTORY, AI_MESSAGES.historyTooLong)
        .nullish()
        .transform((list) => list ?? []),
      selected_package: chatSelectedPackageSchema.nullish(),
    })
    .nullish()
    .transform((ctx) => ctx ?? { source: null, history: [], selected_package: null }),
  temperature: z
    .number({ error: AI_MESSAGES.temperatureInvalid })
    .min(0, AI_MESSAGES.temperatureInvalid)
    .max(2, AI_MESSAGES.temperatureInvalid)
    .default(AI_CHAT_DEFAULTS.temperature),
  max_tokens: z
    .number({ error: AI_MESSAGES.maxTokensInvalid })
    .int(AI_MESSAGES.maxTokensInvalid)
    .min(1, AI_MESSAGES.maxTokensInvalid)
    .max(4000, AI_MESSAGES.maxTokensInvalid)
    .default(AI_CHAT_DEFAULTS.maxTokens),
  client_id: assistantClientId,
});
export type AiTextRequest = z.input<typeof aiTextRequestSchema>;
export type AiTextRequestData = z.output<typeof aiTextRequestSchema>;

export const aiTextResponseSchema = z.object({
  /** A JSON string `{"items": [...]}` (aiChatAnswerSchema). */
  text: z.string(),
  engine: z.enum(AI_ENGINES),
  /** The same clinical fields and notices as the recommendation's, for this request. */
  ...clinicalAnswerFields,
  fallback_reason: z.string().optional(),
});
export type AiTextResponse = z.infer<typeof aiTextResponseSchema>;

export const aiChatItemSchema = z.object({
  service_id: z.number().int(),
  name: z.string(),
  reason: z.string(),
  benefit_for_client: z.string(),
  reasoning_summary: z.string(),
});
export type AiChatItem = z.infer<typeof aiChatItemSchema>;

/** What the chat's `text` holds. */
export const aiChatAnswerSchema = z.object({ items: z.array(aiChatItemSchema) });
export type AiChatAnswer = z.infer<typeof aiChatAnswerSchema>;

export type ParsedAiItems =
  | { ok: true; items: AiChatItem[] }
  | {
      ok: false;
      message:
        | typeof AI_MESSAGES.jsonInvalid
        | typeof AI_MESSAGES.unexpectedShape
        | typeof AI_MESSAGES.parseFailed;
    };

/** Removes a Markdown code fence (```json … ```) an LLM may wrap its JSON in. */
export function stripCodeFences(text: string): string {
  const trimmed = text.trim();
  const fenced = /^```[a-zA-Z0-9_-]*\s*\n?([\s\S]*?)\n?```$/.exec(trimmed);
  return (fenced ? fenced[1]! : trimmed).trim();
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * SPEC section 5: the AI answer must parse as JSON (code fences stripped) with an items array.
 * Items are read leniently (a numeric-string id is accepted, missing texts become ''), and items
 * without a usable service id are dropped.
 */
export function parseAiItemsText(text: unknown): ParsedAiItems {
  if (typeof text !== 'string') return { ok: false, message: AI_MESSAGES.parseFailed };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripCodeFences(text));
  } catch {
    return { ok: false, message: AI_MESSAGES.jsonInvalid };
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray((parsed as { items?: unknown }).items)
  ) {
    return { ok: false, message: AI_MESSAGES.unexpectedShape };
  }
  try {
    const items: AiChatItem[] = [];
    for (const raw of (parsed as { items: unknown[] }).items) {
      if (typeof raw !== 'object' || raw === null) continue;
      const record = raw as Record<string, unknown>;
      const id =
        typeof record.service_id === 'string' ? Number(record.service_id) : record.service_id;
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) continue;
      items.push({
        service_id: id,
        name: asText(record.name),
        reason: asText(record.reason),
        benefit_for_client: asText(record.benefit_for_client),
        reasoning_summary: asText(record.reasoning_summary),
      });
    }
    return { ok: true, items };
  } catch {
    return { ok: false, message: AI_MESSAGES.parseFailed };
  }
}

// ---------------------------------------------------------------------------------------------
// Prompt configurations: /api/v1/ai/prompt-config/ai-configs
// ---------------------------------------------------------------------------------------------

/** One configuration per use of the AI (DESIGN section 8). */
export const AI_CONFIG_CODES = {
  recommendation: 'recomendacao_pacote',
  chat: 'chat_assistente',
  synergies: 'sinergias',
  clientCare: 'client_care',
} as const;
export type AiConfigCode = (typeof AI_CONFIG_CODES)[keyof typeof AI_CONFIG_CODES];

export const AI_PROMPT_MAX_LENGTH = 8000;

export const AI_CONFIG_MESSAGES = {
  promptRequired: 'O prompt é obrigatório.',
  promptTooLong: `O prompt deve ter no máximo ${AI_PROMPT_MAX_LENGTH} caracteres.`,
  notFound: 'Configuração não encontrada.',
  orderInvalid: 'Ordenação inválida.',
  searchTooLong: 'A busca deve ter no máximo 200 caracteres.',
  // Web (SPEC sections 2 and 8).
  searchPlaceholder: 'Buscar por código/prompt/regra…',
  empty: 'Nenhuma configuração encontrada.',
  selectHint: 'Selecione uma configuração na lista para ver os detalhes.',
  noneSelected: 'Nenhuma configuração selecionada.',
  unsaved: 'Há alterações não salvas',
  unchanged: 'Sem alterações',
  copied: 'Copiado!',
  copyFailed: 'Não foi possível copiar.',
  saveFailed: 'Erro ao salvar configuração.',
  loadFailed: 'Erro ao carregar configuração.',
  listLoadFailed: 'Não foi possível carregar as configurações.',
} as const;

export const AI_CONFIG_ORDERS = ['-updated_at', 'updated_at', 'codigo', '-codigo'] as const;
export type AiConfigOrder = (typeof AI_CONFIG_ORDERS)[number];
export const AI_CONFIG_ORDER_LABELS: Record<AiConfigOrder, string> = {
  '-updated_at': 'Mais recentes',
  updated_at: 'Mais antigas',
  codigo: 'Código A→Z',
  '-codigo': 'Código Z→A',
};

export const aiConfigSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  prompt: z.string(),
  rules: z.string(),
  updated_at: z.string(),
  /** Characters in the prompt (the list's ALTERAÇÕES column). */
  prompt_length: z.number().int(),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;

export const aiConfigListQuerySchema = z.object({
  q: z.string().max(200, AI_CONFIG_MESSAGES.searchTooLong).optional(),
  order: z
    .enum(AI_CONFIG_ORDERS, { error: AI_CONFIG_MESSAGES.orderInvalid })
    .default('-updated_at'),
});
export type AiConfigListQuery = z.input<typeof aiConfigListQuerySchema>;

/** Only the prompt can change; `rules` and anything else in the body are ignored. */
export const aiConfigUpdateSchema = z.object({
  prompt: multiLineText({
    max: AI_PROMPT_MAX_LENGTH,
    tooLong: AI_CONFIG_MESSAGES.promptTooLong,
    required: AI_CONFIG_MESSAGES.promptRequired,
    graphemes: true,
  }),
});
export type AiConfigUpdate = z.input<typeof aiConfigUpdateSchema>;

/** `{id}` or `{codigo}` in the path. */
export const aiConfigRefParams = z.object({
  ref: z.string().trim().min(1, AI_CONFIG_MESSAGES.notFound).max(100, AI_CONFIG_MESSAGES.notFound),
});

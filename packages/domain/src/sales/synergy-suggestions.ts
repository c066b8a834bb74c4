import { z } from '../shared/zod.ts';
import { normalizeForComparison } from '../shared/text.ts';

/**
 * Synergy suggestions (SPEC sections 3, 5 and 7): the receipt asks the API which of the selected
 * procedures combine well. The same procedure on several body areas ('Criolipólise - Abdômen',
 * 'Criolipólise - Flancos') counts once, so the client and the server dedupe by the name part
 * before ' - '.
 */

/** Fewer distinct procedures than this get no suggestion (SPEC section 5). */
export const SYNERGY_MIN_PROCEDURES = 2;
/** SPEC section 9: pairs without a stored relation fall back to at most 5 consecutive pairs. */
export const SYNERGY_FALLBACK_MAX_PAIRS = 5;
/** A selection holds at most a few dozen sessions; this bounds the request, not the builder. */
export const SYNERGY_MAX_PROCEDURES = 200;
const PROCEDURE_NAME_MAX_LENGTH = 200;

export const SYNERGY_MESSAGES = {
  proceduresRequired: 'Informe a lista de procedimentos.',
  tooManyProcedures: `Envie no máximo ${SYNERGY_MAX_PROCEDURES} procedimentos.`,
  procedureIdInvalid: 'Identificador de procedimento inválido.',
  procedureNameRequired: 'Informe o nome do procedimento.',
  procedureInvalid: 'Envie cada procedimento como nome ou como {id, name}.',
  procedureNameTooLong: `O nome do procedimento deve ter no máximo ${PROCEDURE_NAME_MAX_LENGTH} caracteres.`,
  enrichInvalid: 'O campo enrich_with_ai deve ser verdadeiro ou falso.',
  clientIdInvalid: 'Cliente inválido.',
  requestTooLong: 'O pedido deve ter no máximo 4000 caracteres.',
  /** The receipt's empty text (SPEC section 2). */
  empty: 'Nenhuma sinergia sugerida.',
} as const;

const procedureIdSchema = z
  .number({ error: SYNERGY_MESSAGES.procedureIdInvalid })
  .int(SYNERGY_MESSAGES.procedureIdInvalid)
  .positive(SYNERGY_MESSAGES.procedureIdInvalid)
  .max(2_147_483_647, SYNERGY_MESSAGES.procedureIdInvalid);

const procedureNameSchema = z
  .string({ error: SYNERGY_MESSAGES.procedureNameRequired })
  .trim()
  .min(1, SYNERGY_MESSAGES.procedureNameRequired)
  .max(PROCEDURE_NAME_MAX_LENGTH, SYNERGY_MESSAGES.procedureNameTooLong);

export const synergyProcedureRefSchema = z.object({
  id: procedureIdSchema,
  name: procedureNameSchema,
});
export type SynergyProcedureRef = z.infer<typeof synergyProcedureRefSchema>;

/**
 * A procedure of the request: `{id, name}` as the receipt sends it, or just its name as the
 * existing front end sends it (issue 15). Names are looked up in the catalogue by the server.
 */
export const synergyProcedureSchema = z.union([procedureNameSchema, synergyProcedureRefSchema], {
  // Zod reports the matching option's own message; this is for what matches neither shape.
  error: (issue) =>
    typeof issue.input === 'object' && issue.input !== null
      ? SYNERGY_MESSAGES.procedureIdInvalid
      : SYNERGY_MESSAGES.procedureInvalid,
});

export const synergyGenerateRequestSchema = z.object({
  procedures: z
    .array(synergyProcedureSchema, { error: SYNERGY_MESSAGES.proceduresRequired })
    .max(SYNERGY_MAX_PROCEDURES, SYNERGY_MESSAGES.tooManyProcedures),
  enrich_with_ai: z.boolean({ error: SYNERGY_MESSAGES.enrichInvalid }).optional(),
  /**
   * The client the sale is for and the request's text (issue 26): a pair that meets an absolute
   * contraindication of her record or the request is not suggested. 404 outside reach.
   */
  client_id: z
    .number({ error: SYNERGY_MESSAGES.clientIdInvalid })
    .int(SYNERGY_MESSAGES.clientIdInvalid)
    .positive(SYNERGY_MESSAGES.clientIdInvalid)
    .max(2_147_483_647, SYNERGY_MESSAGES.clientIdInvalid)
    .nullish(),
  request: z
    .string({ error: SYNERGY_MESSAGES.requestTooLong })
    .max(4000, SYNERGY_MESSAGES.requestTooLong)
    .nullish(),
});
export type SynergyGenerateRequest = z.input<typeof synergyGenerateRequestSchema>;

export const synergySuggestionSchema = z.object({
  procedure1: z.string(),
  procedure2: z.string(),
  title: z.string(),
  summary: z.string(),
  mechanism: z.string(),
  synergy: z.string(),
  /**
   * e.g. "15–25%" (en dash), from a stored relation's boost; null when no stored relation gives
   * one (issue 26: a gain is never invented).
   */
  expected_gain_percent_range: z.string().nullable(),
  contraindications: z.array(z.string()),
  differentials: z.array(z.string()),
  next_steps: z.array(z.string()),
});
export type SynergySuggestion = z.infer<typeof synergySuggestionSchema>;

export const SYNERGY_ENGINES = ['local', 'openai'] as const;
export type SynergyEngine = (typeof SYNERGY_ENGINES)[number];

export const synergyGenerateResponseSchema = z.object({
  items: z.array(synergySuggestionSchema),
  engine: z.enum(SYNERGY_ENGINES),
});
export type SynergyGenerateResponse = z.infer<typeof synergyGenerateResponseSchema>;

/** 'Criolipólise - Abdômen' → 'Criolipólise'; a name without ' - ' is its own base. */
export function procedureBaseName(name: string): string {
  const cut = name.indexOf(' - ');
  const base = (cut >= 0 ? name.slice(0, cut) : name).trim();
  return base === '' ? name.trim() : base;
}

/** The comparison key of a procedure: its base name with case and accents folded. */
export function procedureBaseKey(name: string): string {
  return normalizeForComparison(procedureBaseName(name));
}

/** Keeps the first procedure of each base name, in the given order. */
export function dedupeProceduresByBaseName<T extends { name: string }>(
  procedures: readonly T[],
): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const procedure of procedures) {
    const key = procedureBaseKey(procedure.name);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(procedure);
  }
  return kept;
}

/** Whether the selection is worth asking about (2+ distinct procedures after deduplication). */
export function shouldRequestSynergies(procedures: readonly { name: string }[]): boolean {
  return dedupeProceduresByBaseName(procedures).length >= SYNERGY_MIN_PROCEDURES;
}

/**
 * The cache key of a selection: its distinct ids, sorted, so the same selection in another order
 * reuses the answer.
 */
export function synergySelectionKey(procedures: readonly { id: number }[]): number[] {
  return [...new Set(procedures.map((p) => p.id))].sort((a, b) => a - b);
}

/** Consecutive pairs (p1–p2, p2–p3, …), at most `max` of them. */
export function consecutivePairs<T>(items: readonly T[], max: number): Array<[T, T]> {
  const pairs: Array<[T, T]> = [];
  for (let i = 0; i + 1 < items.length && pairs.length < max; i++) {
    pairs.push([items[i] as T, items[i + 1] as T]);
  }
  return pairs;
}

/**
 * "15–25%": the gain a relation's boost suggests, five points either side, within 0–100.
 */
export function expectedGainRange(boostPercent: number): string {
  const boost = Math.min(100, Math.max(0, Math.round(boostPercent)));
  return `${Math.max(0, boost - 5)}–${Math.min(100, boost + 5)}%`;
}

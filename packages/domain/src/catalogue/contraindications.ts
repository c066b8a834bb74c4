import { normalizeForComparison } from '../shared/text.ts';

/**
 * A client's allergies and contraindications held against the procedures' traits (issue 13).
 * Schema-free on purpose: the builder marks conflicting procedures on its first screen, which
 * must not load zod (docs/decisions/0011-first-screen-javascript.md); proposals.ts builds the
 * saved proposal's warnings from the same rule.
 */

/** Words of a folded text, a trailing plural 's' dropped ('agulhas' meets 'agulha'). */
function foldedWords(text: string): string[] {
  return normalizeForComparison(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word));
}

/** Words that frame what a client reports ('alergia a', 'medo de', 'não pode usar'). */
const FRAMING_WORDS = new Set([
  'a',
  'ao',
  'o',
  'de',
  'do',
  'da',
  'em',
  'no',
  'na',
  'com',
  'por',
  'para',
  'que',
  'alergia',
  'alergica',
  'alergico',
  'medo',
  'aversao',
  'intolerancia',
  'sensibilidade',
  'reacao',
  'contraindicacao',
  'contraindicado',
  'uso',
  'usar',
  'nao',
  'pode',
  'toma',
  'tomar',
  'evitar',
  'sem',
  'historico',
  'grave',
  'leve',
  'forte',
]);

/** A reported entry as the things it names: split on lists ('látex e níquel'), framing dropped. */
function reportedTerms(reported: string): string[][] {
  return normalizeForComparison(reported)
    .split(/[,;/+]|\s+e\s+|\s+ou\s+/)
    .map((part) => foldedWords(part).filter((word) => !FRAMING_WORDS.has(word)))
    .filter((words) => words.length > 0);
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/**
 * True when a procedure trait and something the client reported name the same thing, accents,
 * case and plural folded: 'Látex' meets 'alergia a latex', 'ácido hialurônico tópico' meets
 * 'ácido hialurônico', 'agulha' meets 'medo de agulhas'. A trait narrower than what was reported
 * does not ('ácidos' does not meet 'ácido hialurônico').
 */
export function traitMatches(trait: string, reported: string): boolean {
  const traitWords = foldedWords(trait);
  return reportedTerms(reported).some((terms) => containsRun(traitWords, terms));
}

/** A procedure whose traits meet something the client reported, and the traits that do. */
export interface ContraindicationConflict {
  service_id: number;
  name: string;
  /** The procedure's traits that meet the allergies or contraindications, as the admin wrote them. */
  traits: string[];
}

/**
 * The one rule that holds a client's allergies and contraindications against the procedures'
 * traits (issue 13): the saved proposal's warnings, the builder's and the assistant's all come
 * from here. Each procedure once, in the order given.
 */
export function contraindicationConflicts(
  services: readonly { id: number; name: string; traits?: readonly string[] | null }[],
  client: { allergies: readonly string[]; contraindications: readonly string[] },
): ContraindicationConflict[] {
  const reported = [...client.allergies, ...client.contraindications];
  if (reported.length === 0) return [];
  const conflicts: ContraindicationConflict[] = [];
  const seen = new Set<number>();
  for (const service of services) {
    if (seen.has(service.id)) continue;
    const matched = (service.traits ?? []).filter((trait) =>
      reported.some((entry) => traitMatches(trait, entry)),
    );
    if (matched.length === 0) continue;
    seen.add(service.id);
    conflicts.push({ service_id: service.id, name: service.name, traits: matched });
  }
  return conflicts;
}

/** The pt-BR sentence of a conflict, as the proposal, the builder and the save dialog show it. */
export function contraindicationMessage(conflict: ContraindicationConflict): string {
  return `Atenção: "${conflict.name}" envolve ${conflict.traits.map((t) => `"${t}"`).join(', ')}, que consta nas alergias ou contraindicações do cliente.`;
}

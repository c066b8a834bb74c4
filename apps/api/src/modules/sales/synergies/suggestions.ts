import {
  consecutivePairs,
  dedupeProceduresByBaseName,
  expectedGainRange,
  procedureBaseKey,
  SYNERGY_FALLBACK_MAX_PAIRS,
  SYNERGY_MIN_PROCEDURES,
  type SynergySuggestion,
} from '@portal/domain';
import type { SynergyRelationRow, SynergyServiceRow } from './repository.ts';

/**
 * The local suggestion engine: stored relations between the selected services first (richest
 * boost first), then generic pairings for consecutive selected procedures that have none. Pure,
 * so the rules are testable without a database.
 */

/** A receipt reads a handful of pairings; more would bury the best ones. */
export const MAX_RELATION_SUGGESTIONS = 10;

const GENERIC_CONTRAINDICATIONS = [
  'Gestação ou amamentação',
  'Lesões, feridas ou infecções ativas na área a ser tratada',
  'Doenças autoimunes, distúrbios de coagulação ou outras condições sem liberação médica',
];

/**
 * @param selected the selected services in the client's order, unknown ids already left out.
 * @param relations the stored relations among them, richest first.
 */
export function buildSynergySuggestions(
  selected: readonly SynergyServiceRow[],
  relations: readonly SynergyRelationRow[],
): SynergySuggestion[] {
  const distinct = dedupeProceduresByBaseName(selected);
  if (distinct.length < SYNERGY_MIN_PROCEDURES) return [];
  const byId = new Map(selected.map((service) => [service.id, service]));

  // A pair is the same whichever area of a procedure was picked, so it is keyed by base names.
  const coveredPairs = new Set<string>();
  const items: SynergySuggestion[] = [];
  for (const relation of relations) {
    const first = byId.get(relation.serviceId1);
    const second = byId.get(relation.serviceId2);
    if (!first || !second) continue;
    const key = pairKey(first, second);
    if (key === null || coveredPairs.has(key)) continue;
    coveredPairs.add(key);
    if (items.length < MAX_RELATION_SUGGESTIONS)
      items.push(relationSuggestion(first, second, relation));
  }

  const fallbackPairs = consecutivePairs(distinct, distinct.length)
    .filter(([first, second]) => !coveredPairs.has(pairKey(first, second) ?? ''))
    .slice(0, SYNERGY_FALLBACK_MAX_PAIRS);
  for (const [first, second] of fallbackPairs) items.push(fallbackSuggestion(first, second));
  return items;
}

/** Order-free key of two procedures' base names; null when both are the same procedure. */
function pairKey(first: SynergyServiceRow, second: SynergyServiceRow): string | null {
  const a = procedureBaseKey(first.name);
  const b = procedureBaseKey(second.name);
  if (a === b) return null;
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

function relationSuggestion(
  first: SynergyServiceRow,
  second: SynergyServiceRow,
  relation: SynergyRelationRow,
): SynergySuggestion {
  const goal = categoryLabel(relation.category);
  const boost = relation.boostPercent;
  return {
    procedure1: first.name,
    procedure2: second.name,
    title: `${first.name} + ${second.name}`,
    summary:
      relation.baseNarrative?.trim() ||
      `${first.name} e ${second.name} se complementam no tratamento de ${goal}.`,
    mechanism: relation.rationale?.trim() || benefitsMechanism(first, second),
    synergy:
      boost > 0
        ? `Combinação indicada pela clínica para ${goal}, com ganho estimado de até ${boost}% sobre os procedimentos feitos isoladamente.`
        : `Combinação indicada pela clínica para ${goal}.`,
    // A gain only from a stored relation that gives one (issue 26).
    expected_gain_percent_range: boost > 0 ? expectedGainRange(boost) : null,
    contraindications: [...GENERIC_CONTRAINDICATIONS],
    differentials: differentials(first, second),
    next_steps: nextSteps(first, second),
  };
}

function fallbackSuggestion(
  first: SynergyServiceRow,
  second: SynergyServiceRow,
): SynergySuggestion {
  return {
    procedure1: first.name,
    procedure2: second.name,
    title: `${first.name} + ${second.name}`,
    summary: `${first.name} e ${second.name} podem ser combinados no mesmo plano anual para tornar o resultado mais completo.`,
    mechanism: benefitsMechanism(first, second),
    synergy:
      'Sugestão geral, baseada nos benefícios de cada procedimento (não há relação cadastrada entre eles). Confirme a indicação na avaliação.',
    // No stored relation: no gain is promised (issue 26).
    expected_gain_percent_range: null,
    contraindications: [...GENERIC_CONTRAINDICATIONS],
    differentials: differentials(first, second),
    next_steps: nextSteps(first, second),
  };
}

/** 'gordura_localizada' → 'gordura localizada'. */
function categoryLabel(category: string): string {
  const label = category.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return label === '' ? 'o objetivo da cliente' : lowerFirst(label);
}

function benefitTexts(service: SynergyServiceRow): string[] {
  return [service.mainFunction, service.benefit1, service.benefit2, service.benefit3]
    .map((text) => text?.trim() ?? '')
    .filter((text, index, all) => text !== '' && all.indexOf(text) === index);
}

/** What each procedure works on, in a sentence. */
function benefitsMechanism(first: SynergyServiceRow, second: SynergyServiceRow): string {
  const focus = (service: SynergyServiceRow) => {
    const [main] = benefitTexts(service);
    return main ? lowerFirst(main) : 'um objetivo complementar';
  };
  return `${first.name} atua em ${focus(first)} e ${second.name} em ${focus(second)}; tratar as duas frentes no mesmo período soma os efeitos de cada sessão.`;
}

/** Up to two benefits of each procedure, named. */
function differentials(first: SynergyServiceRow, second: SynergyServiceRow): string[] {
  const lines = [first, second].flatMap((service) =>
    benefitTexts(service)
      .slice(0, 2)
      .map((benefit) => `${service.name}: ${benefit}`),
  );
  return lines.length > 0
    ? lines
    : [`Protocolo personalizado que combina ${first.name} e ${second.name}`];
}

function nextSteps(first: SynergyServiceRow, second: SynergyServiceRow): string[] {
  return [
    'Realizar a avaliação presencial e registrar fotos de antes',
    `Intercalar as sessões de ${first.name} e ${second.name} respeitando o intervalo indicado para cada procedimento`,
    'Reavaliar os resultados ao fim de cada ciclo e ajustar o protocolo',
  ];
}

/** Lower-cases the first letter unless the word is an acronym ('HIFU' stays). */
function lowerFirst(text: string): string {
  const [first = '', second = ''] = [...text];
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase())
    return text;
  return first.toLowerCase() + text.slice(first.length);
}

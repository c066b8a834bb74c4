import { z } from 'zod';
import { normalizeForComparison } from '../../shared/text.ts';
import { ALLERGEN_BY_CODE, ALLERGEN_CODES, type AllergenCode } from './allergens.ts';
import { CONDITION_BY_CODE, CONDITION_CODES, type ConditionCode } from './conditions.ts';
import {
  emptyReading,
  mergeReadings,
  readClinicalText,
  understoodSentence,
  type ClinicalReading,
  type RecognizedCondition,
} from './recognizer.ts';
import {
  GRADE_SEVERITY,
  RULES_BY_FINDING,
  strongerGrade,
  type ClinicalFinding,
  type ClinicalRule,
  type ClinicalSeverity,
  type RuleGrade,
} from './rules.ts';
import {
  CLINICAL_AREA_LABELS,
  CLINICAL_AREA_ZONES,
  INGREDIENT_LABELS,
  TECHNIQUE_LABELS,
  eventLeadDays,
  zonesOf,
  type ClinicalTraits,
} from './traits.ts';

/**
 * The one clinical check (issue 26; design section 13): a client's record and a request's text
 * against procedures with traits → per procedure, `absolute` blocks (never recommended; keeping
 * one needs a recorded reason, see unresolvedBlocks) and `relative` warnings, the refusals of the
 * request and the time rules (an event sooner than a procedure's recovery). It never suggests
 * stopping a medication: rules.ts words every medication rule as the prescriber's decision.
 * Cost: one reading of the texts, then a few map lookups per procedure (bench/clinical.bench.ts).
 */

export const CLINICAL_ISSUE_CODES = [
  'contraindication',
  'allergy',
  'exclusion',
  'effect',
  'event_timing',
  'sun_timing',
  'unknown_traits',
] as const;
export type ClinicalIssueCode = (typeof CLINICAL_ISSUE_CODES)[number];

/** The shape API answers carry. `condition`: a condition/allergy code, or EXCLUSAO/EVENTO/SOL. */
export const clinicalIssueSchema = z.object({
  code: z.enum(CLINICAL_ISSUE_CODES),
  service_id: z.number().int(),
  condition: z.string().min(1),
  severity: z.enum(['absolute', 'relative']),
  message: z.string().min(1),
});
export type ClinicalIssue = z.infer<typeof clinicalIssueSchema>;

export const CLINICAL_OVERRIDE_REASON_MAX = 500;

/** A professional's recorded reason for keeping a blocked procedure (never silent). */
export const clinicalOverrideSchema = z.object({
  service_id: z.number().int(),
  condition: z.string().min(1),
  reason: z
    .string()
    .trim()
    .min(10, 'Registre o motivo (ao menos 10 caracteres).')
    .max(CLINICAL_OVERRIDE_REASON_MAX),
});
export type ClinicalOverride = z.infer<typeof clinicalOverrideSchema>;

export interface ClinicalRecordInput {
  /** Health conditions, as codes ('GESTACAO') or as typed ('gestante', 'tomo Marevan'). */
  conditions: readonly string[];
  /** Allergies, one per entry ('lidocaína', 'látex'). */
  allergies: readonly string[];
  /** Notes on the record, read like a request. */
  freeText?: string | null;
}

export interface ClinicalProcedure {
  id: number;
  name: string;
  /** Null when the catalogue has none yet: the check warns instead of guessing. */
  traits: ClinicalTraits | null;
}

export interface ClinicalCheckResult {
  reading: ClinicalReading;
  /** 'Entendi: sem laser, sem peeling; gestante; evento em 21 dias'. */
  understood: string;
  /** Every issue, procedures in the order given, absolute before relative within one. */
  issues: ClinicalIssue[];
  /** Procedures with at least one absolute issue: never recommended. */
  blocked_ids: number[];
  /** Procedures with relative issues only: shown with their warnings. */
  warned_ids: number[];
}

const CONDITION_CODE_SET = new Set<string>(CONDITION_CODES);
const ALLERGEN_CODE_SET = new Set<string>(ALLERGEN_CODES);

function isConditionCode(text: string): text is ConditionCode {
  return CONDITION_CODE_SET.has(text);
}

function isAllergenCode(text: string): text is AllergenCode {
  return ALLERGEN_CODE_SET.has(text);
}

/** Today's date in São Paulo as 'YYYY-MM-DD', the `today` every reading counts days from. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  saoPauloDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return saoPauloDay.format(now);
}
let saoPauloDay: Intl.DateTimeFormat | undefined;

/** What a record says, read once (codes taken as they are, text recognized). */
export function readClinicalRecord(record: ClinicalRecordInput, today: string): ClinicalReading {
  let reading = emptyReading();
  for (const entry of record.conditions) {
    const code = entry.trim().toUpperCase();
    if (isConditionCode(code)) {
      reading.conditions.push({ code, areas: null });
      continue;
    }
    if (isAllergenCode(code)) {
      reading.allergies.push(code);
      continue;
    }
    reading = mergeReadings(reading, readClinicalText(entry, today));
  }
  for (const entry of record.allergies) {
    const code = entry.trim().toUpperCase();
    if (isAllergenCode(code)) {
      reading.allergies.push(code);
      continue;
    }
    reading = mergeReadings(reading, readClinicalText(entry, today, { mode: 'allergy_list' }));
  }
  if (record.freeText) reading = mergeReadings(reading, readClinicalText(record.freeText, today));
  return reading;
}

export function conditionSaid(code: ConditionCode): string {
  return CONDITION_BY_CODE.get(code)?.said ?? code;
}

export function allergySaid(code: AllergenCode): string {
  return ALLERGEN_BY_CODE.get(code)?.said ?? code;
}

export function findingLabel(code: ClinicalFinding): string {
  return isConditionCode(code)
    ? (CONDITION_BY_CODE.get(code)?.label ?? code)
    : (ALLERGEN_BY_CODE.get(code)?.label ?? code);
}

export function describeReading(reading: ClinicalReading): string {
  return understoodSentence(reading, {
    condition: conditionSaid,
    allergy: allergySaid,
    area: (area) => CLINICAL_AREA_LABELS[area],
  });
}

function qualifierHolds(entry: ClinicalRule, traits: ClinicalTraits): boolean {
  switch (entry.qualifier) {
    case undefined:
      return true;
    case 'superficial_glycolic_peel':
      return traits.peel_depth === 'superficial' && traits.ingredients.includes('acido_glicolico');
    case 'not_superficial_glycolic_peel':
      return !(
        traits.peel_depth === 'superficial' && traits.ingredients.includes('acido_glicolico')
      );
    case 'superficial_peel':
      return traits.peel_depth === 'superficial';
    case 'medium_peel':
      // A peel of unknown depth is read as the deeper one.
      return traits.peel_depth !== 'superficial';
    case 'dysport':
      return normalizeForComparison(traits.brand ?? '') === 'dysport';
    case 'brand_unknown':
      return traits.brand === null;
    case 'neck':
      return traits.areas.includes('pescoco');
  }
}

function scopeHolds(
  entry: ClinicalRule,
  found: RecognizedCondition | null,
  finding: ClinicalFinding,
  traits: ClinicalTraits,
): boolean {
  if (entry.scope === 'sistemica') return true;
  const areas =
    found?.areas ?? (isConditionCode(finding) ? CONDITION_BY_CODE.get(finding)?.areas : undefined);
  if (!areas || areas.length === 0) return true;
  const procedureZones = zonesOf(traits.areas);
  return areas.some((area) => procedureZones.has(CLINICAL_AREA_ZONES[area]));
}

const GRADE_LEAD: Record<RuleGrade, string> = {
  A: 'não indicado para este cliente',
  P: 'adiar: precisa de liberação médica',
  R: 'requer avaliação e liberação do profissional',
  C: 'cautela',
};

function ruleIssue(
  procedure: ClinicalProcedure,
  finding: ClinicalFinding,
  entry: ClinicalRule,
): ClinicalIssue {
  return {
    code: isConditionCode(finding) ? 'contraindication' : 'allergy',
    service_id: procedure.id,
    condition: finding,
    severity: GRADE_SEVERITY[entry.grade],
    message: `${procedure.name}: ${GRADE_LEAD[entry.grade]} (${findingLabel(finding)}). ${entry.rationale}`,
  };
}

/** The strongest rule a finding has on a procedure, or none. */
function strongestRule(
  finding: ClinicalFinding,
  found: RecognizedCondition | null,
  traits: ClinicalTraits,
): ClinicalRule | null {
  const byTechnique = RULES_BY_FINDING.get(finding);
  if (!byTechnique) return null;
  let best: ClinicalRule | null = null;
  for (const technique of traits.techniques) {
    for (const entry of byTechnique.get(technique) ?? []) {
      if (best && !strongerGrade(entry.grade, best.grade)) continue;
      if (!qualifierHolds(entry, traits) || !scopeHolds(entry, found, finding, traits)) continue;
      best = entry;
    }
  }
  return best;
}

/** `traits` null: only the name can tell ('Peeling X' with no clinical data is still a peeling). */
function exclusionIssues(
  procedure: ClinicalProcedure,
  traits: ClinicalTraits | null,
  reading: ClinicalReading,
  foldedName: string,
): ClinicalIssue[] {
  const issues: ClinicalIssue[] = [];
  for (const exclusion of reading.exclusions) {
    if (exclusion.effect) {
      const issue = traits ? effectIssue(procedure, traits, exclusion.effect) : null;
      if (issue) issues.push(issue);
      continue;
    }
    const technique = exclusion.techniques.find((t) => traits?.techniques.includes(t));
    const ingredient = exclusion.ingredients.find((i) => traits?.ingredients.includes(i));
    const named = exclusion.names.some((word) => foldedName.includes(word));
    if (!technique && !ingredient && !named) continue;
    const because = technique
      ? `usa ${TECHNIQUE_LABELS[technique]}`
      : ingredient
        ? `contém ${INGREDIENT_LABELS[ingredient]}`
        : `é ${exclusion.label}`;
    issues.push({
      code: 'exclusion',
      service_id: procedure.id,
      condition: 'EXCLUSAO',
      severity: 'absolute',
      message: `${procedure.name}: o pedido exclui ${exclusion.label} e este procedimento ${because}.`,
    });
  }
  return issues;
}

/**
 * 'nada que deixe roxo': out when the effect lasts 3 days or more, warned when it may show for a
 * day or two (section 7c of the clinical reference: toxin and microneedling are warned).
 */
function effectIssue(
  procedure: ClinicalProcedure,
  traits: ClinicalTraits,
  effect: NonNullable<ClinicalReading['exclusions'][number]['effect']>,
): ClinicalIssue | null {
  if (effect === 'dor') {
    const painful = traits.techniques.some((t) =>
      ['HIFU', 'LAB', 'RFM', 'ENZ', 'CARB', 'FIO'].includes(t),
    );
    return painful
      ? {
          code: 'effect',
          service_id: procedure.id,
          condition: 'DOR',
          severity: 'relative',
          message: `${procedure.name}: costuma doer mais; combine o conforto com o profissional.`,
        }
      : null;
  }
  const days =
    effect === 'roxo'
      ? traits.bruising_days
      : effect === 'inchaco'
        ? traits.swelling_days
        : traits.downtime_days;
  const what =
    effect === 'roxo' ? 'roxo' : effect === 'inchaco' ? 'inchaço' : 'tempo de recuperação';
  const limit = effect === 'recuperacao' ? 2 : effect === 'inchaco' ? 2 : 3;
  if (days === 0) return null;
  return {
    code: 'effect',
    service_id: procedure.id,
    condition: effect.toUpperCase(),
    severity: days >= limit ? 'absolute' : 'relative',
    message:
      days >= limit
        ? `${procedure.name}: pode deixar ${what} por até ${days} dias, e o pedido não aceita isso.`
        : `${procedure.name}: pode deixar ${what} leve por ${days === 1 ? '1 dia' : `${days} dias`}; avisar o cliente.`,
  };
}

// A catalogue is checked many times: its names are folded once (bounded, names are few).
const foldedNames = new Map<string, string>();

function foldedName(name: string): string {
  let folded = foldedNames.get(name);
  if (folded === undefined) {
    if (foldedNames.size > 10_000) foldedNames.clear();
    folded = normalizeForComparison(name);
    foldedNames.set(name, folded);
  }
  return folded;
}

function procedureIssues(
  procedure: ClinicalProcedure,
  reading: ClinicalReading,
  findings: readonly { finding: ClinicalFinding; found: RecognizedCondition | null }[],
): ClinicalIssue[] {
  const traits = procedure.traits;
  if (!traits) {
    // Nothing known but the name: what the request excludes by name still excludes it.
    return [
      ...exclusionIssues(procedure, null, reading, foldedName(procedure.name)),
      {
        code: 'unknown_traits',
        service_id: procedure.id,
        condition: 'SEM_TRACOS',
        severity: 'relative',
        message: `${procedure.name}: sem dados clínicos cadastrados; a checagem de contraindicações não pôde ser feita.`,
      },
    ];
  }
  const issues: ClinicalIssue[] = [];
  for (const { finding, found } of findings) {
    const best = strongestRule(finding, found, traits);
    if (best) {
      issues.push(ruleIssue(procedure, finding, best));
      continue;
    }
    if (!isConditionCode(finding)) {
      const ingredient = ALLERGEN_BY_CODE.get(finding)?.ingredients.find((i) =>
        traits.ingredients.includes(i),
      );
      if (ingredient) {
        issues.push({
          code: 'allergy',
          service_id: procedure.id,
          condition: finding,
          severity: 'relative',
          message: `${procedure.name}: contém ${INGREDIENT_LABELS[ingredient]} (${findingLabel(finding)}); confirmar o produto com o profissional.`,
        });
      }
    }
  }
  for (const entry of reading.unknown_allergies) {
    const folded = normalizeForComparison(entry);
    const ingredient = traits.ingredients.find((i) =>
      normalizeForComparison(INGREDIENT_LABELS[i]).includes(folded),
    );
    if (folded.length >= 3 && ingredient) {
      issues.push({
        code: 'allergy',
        service_id: procedure.id,
        condition: 'ALERGIA',
        severity: 'absolute',
        message: `${procedure.name}: contém ${INGREDIENT_LABELS[ingredient]}, que consta nas alergias do cliente.`,
      });
    }
  }
  if (reading.exclusions.length > 0) {
    issues.push(...exclusionIssues(procedure, traits, reading, foldedName(procedure.name)));
  }
  if (reading.event_in_days !== null) {
    const lead = eventLeadDays(traits);
    if (lead > reading.event_in_days) {
      issues.push({
        code: 'event_timing',
        service_id: procedure.id,
        condition: 'EVENTO',
        severity: 'absolute',
        message: `${procedure.name}: pede ao menos ${lead} dias antes de um evento (roxo, inchaço ou recuperação), e o evento é em ${reading.event_in_days} dias. Pode ficar para depois dele.`,
      });
    }
  }
  if (reading.sun_in_days !== null && traits.sun_after_days > reading.sun_in_days) {
    issues.push({
      code: 'sun_timing',
      service_id: procedure.id,
      condition: 'SOL',
      severity: 'relative',
      message: `${procedure.name}: pede ${traits.sun_after_days} dias sem sol depois da sessão, e a exposição ao sol é em ${reading.sun_in_days} dias.`,
    });
  }
  return issues.sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'absolute' ? -1 : 1,
  );
}

/**
 * The check. `request` is the professional's or client's text for this answer (optional);
 * `today` is 'YYYY-MM-DD' in São Paulo (todayInSaoPaulo()).
 */
export function clinicalCheck(
  record: ClinicalRecordInput,
  request: string | null | undefined,
  procedures: readonly ClinicalProcedure[],
  today: string,
): ClinicalCheckResult {
  const fromRecord = readClinicalRecord(record, today);
  const reading = request?.trim()
    ? mergeReadings(fromRecord, readClinicalText(request, today))
    : fromRecord;
  const findings = [
    ...reading.conditions.map((found) => ({ finding: found.code as ClinicalFinding, found })),
    ...reading.allergies.map((code) => ({ finding: code as ClinicalFinding, found: null })),
  ];
  const issues: ClinicalIssue[] = [];
  const blocked: number[] = [];
  const warned: number[] = [];
  for (const procedure of procedures) {
    const own = procedureIssues(procedure, reading, findings);
    if (own.length === 0) continue;
    issues.push(...own);
    if (own.some((issue) => issue.severity === 'absolute')) blocked.push(procedure.id);
    else warned.push(procedure.id);
  }
  return {
    reading,
    understood: describeReading(reading),
    issues,
    blocked_ids: blocked,
    warned_ids: warned,
  };
}

/** True when a procedure may be recommended (no absolute issue). */
export function clinicallyAllowed(result: ClinicalCheckResult, serviceId: number): boolean {
  return !result.blocked_ids.includes(serviceId);
}

/** Absolute issues no recorded reason covers: what must still block a save or an answer. */
export function unresolvedBlocks(
  issues: readonly ClinicalIssue[],
  overrides: readonly ClinicalOverride[],
): ClinicalIssue[] {
  return issues.filter(
    (issue) =>
      issue.severity === 'absolute' &&
      !overrides.some(
        (o) =>
          o.service_id === issue.service_id &&
          o.condition === issue.condition &&
          o.reason.trim().length >= 10,
      ),
  );
}

export type { ClinicalSeverity };

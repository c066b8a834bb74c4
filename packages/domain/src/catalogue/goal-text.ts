import {
  AESTHETIC_GOALS,
  AREA_WORDS,
  PLACE_GOAL_WORDS,
  TRAIT_PHRASES,
  EXCLUSION_TRIGGERS,
  GENERIC_WORDS,
  NEEDLE_PROCEDURE_TERMS,
  NEEDLE_WORDS,
  STOP_WORDS,
} from './aesthetic-lexicon.ts';
import { parseBrazilianNumber, reaisToCentavos, type Centavos } from '../shared/money.ts';
import { foldAccents } from '../shared/text.ts';

/**
 * The offline AI's pt-BR reader (DESIGN section 8): finds the aesthetic goals, the budget and the
 * exclusions in what a professional types or dictates, and scores how well a procedure matches
 * those goals. Deterministic and dependency-free, so the API and the tests agree on every answer.
 */

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/** Accents folded and lower-cased: 'Flácida' → 'flacida'. */
export function foldLower(text: string): string {
  return foldAccents(text).toLowerCase();
}

/** Plural endings, tried in order; [suffix, replacement, shortest stem left]. */
const PLURAL_RULES: ReadonlyArray<readonly [string, string, number]> = [
  ['oes', 'ao', 2],
  ['aes', 'ao', 2],
  ['ais', 'al', 2],
  ['eis', 'el', 2],
  ['ois', 'ol', 2],
  ['ns', 'm', 2],
  ['res', 'r', 2],
  ['zes', 'z', 2],
  ['s', '', 2],
];

/**
 * Derivational, verb and gender endings, longest first, so 'clareamento' and 'clarear' meet at
 * 'clare', 'hidratação'/'hidratar'/'hidratante' at 'hidrat', 'flacidez'/'flácida' at 'flacid'.
 * [suffix, shortest stem left].
 */
const SUFFIX_RULES: ReadonlyArray<readonly [string, number]> = [
  ['amento', 3],
  ['imento', 3],
  ['idade', 3],
  ['mente', 4],
  ['acao', 3],
  ['icao', 3],
  ['ante', 3],
  ['ente', 4],
  ['avel', 3],
  ['ivel', 3],
  ['ismo', 3],
  ['ista', 3],
  ['ando', 3],
  ['endo', 3],
  ['indo', 3],
  ['eza', 3],
  ['ada', 4],
  ['ado', 4],
  ['cao', 3],
  ['ao', 3],
  ['ez', 3],
  ['ar', 4],
  ['er', 4],
  ['ir', 4],
  ['a', 3],
  ['o', 3],
  ['e', 3],
];

/**
 * A light pt-BR stemmer for folded, lower-case words: one plural rule, then one suffix rule.
 * Not linguistics, just enough that the forms a client uses meet the forms in the lexicon.
 */
export function stemPt(word: string): string {
  let stem = foldLower(word);
  if (/^\d/.test(stem)) return stem;
  for (const [suffix, replacement, minStem] of PLURAL_RULES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= minStem) {
      stem = stem.slice(0, stem.length - suffix.length) + replacement;
      break;
    }
  }
  for (const [suffix, minStem] of SUFFIX_RULES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= minStem) {
      return stem.slice(0, stem.length - suffix.length);
    }
  }
  return stem;
}

const STOP_WORD_SET = new Set(STOP_WORDS.map(foldLower));
const GENERIC_STEMS = new Set(GENERIC_WORDS.map(stemPt));

export interface Token {
  /** As written, lower-cased (accents kept, for labels). */
  raw: string;
  folded: string;
  stem: string;
  /** A sentence or list break (punctuation), not a word. */
  isBreak: boolean;
  isStop: boolean;
  isNumber: boolean;
  /** Offsets in the folded text (same length as the original: folding keeps one char per letter). */
  start: number;
  end: number;
}

const TOKEN_PATTERN = /(\d+(?:[.,]\d+)*)|(\p{L}+)|([.;:!?\n,()]|\s-\s)/gu;

/** Words and breaks of a pt-BR text, folded and stemmed, stop words marked. */
export function tokenizePt(text: string): Token[] {
  return tokenize(text);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(TOKEN_PATTERN)) {
    const raw = match[0];
    const start = match.index;
    if (match[3] !== undefined) {
      tokens.push({
        raw,
        folded: raw,
        stem: '',
        isBreak: true,
        isStop: false,
        isNumber: false,
        start,
        end: start + raw.length,
      });
      continue;
    }
    const folded = foldLower(raw);
    tokens.push({
      raw,
      folded,
      stem: stemPt(folded),
      isBreak: false,
      isStop: STOP_WORD_SET.has(folded),
      isNumber: match[1] !== undefined,
      start,
      end: start + raw.length,
    });
  }
  return tokens;
}

/** The stems of a text's meaningful words (stop words and punctuation dropped), in order. */
export function contentStems(text: string): string[] {
  return tokenize(text)
    .filter((t) => !t.isBreak && !t.isStop)
    .map((t) => t.stem);
}

/** Whether `phrase` (a stem sequence) occurs contiguously in `stems`. */
export function containsPhrase(stems: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0 || phrase.length > stems.length) return false;
  outer: for (let i = 0; i + phrase.length <= stems.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      if (stems[i + j] !== phrase[j]) continue outer;
    }
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Goals
// ---------------------------------------------------------------------------------------------

/** Something the client wants, as phrases of stems a procedure's text can contain. */
export interface GoalTerm {
  /** A lexicon key ('flacidez') or 'termo:<stem>' for a word that names procedures. */
  key: string;
  /** pt-BR text for reasons ('flacidez', 'criolipólise'). */
  label: string;
  phrases: string[][];
}

interface LexiconEntry {
  goal: GoalTerm;
  /** The phrases longest first, so 'gordura localizada' is consumed before 'gordura'. */
  phrases: string[][];
}

let lexiconCache: LexiconEntry[] | null = null;

function lexicon(): LexiconEntry[] {
  if (!lexiconCache) {
    lexiconCache = AESTHETIC_GOALS.map((goal) => {
      const phrases = [...new Set(goal.synonyms.map((s) => contentStems(s).join(' ')))]
        .filter((p) => p !== '')
        .map((p) => p.split(' '))
        .sort((a, b) => b.length - a.length);
      return { goal: { key: goal.key, label: goal.label, phrases }, phrases };
    });
  }
  return lexiconCache;
}

/** The lexicon goals (label and key), for reasons and the synergy fallback text. */
export function lexiconGoal(key: string): GoalTerm | undefined {
  return lexicon().find((entry) => entry.goal.key === key)?.goal;
}

/** Lexicon goals named in a text (in lexicon order). */
export function goalsInText(text: string): GoalTerm[] {
  const stems = contentStems(text);
  return lexicon()
    .filter((entry) => entry.phrases.some((phrase) => containsPhrase(stems, phrase)))
    .map((entry) => entry.goal);
}

// ---------------------------------------------------------------------------------------------
// Budget
// ---------------------------------------------------------------------------------------------

export interface BudgetReading {
  /** The annual budget in centavos (a monthly amount already multiplied by 12). */
  annualCentavos: Centavos;
  /** Whether the client gave a monthly amount. */
  period: 'annual' | 'monthly';
  /** The monthly amount as written, when `period` is monthly. */
  monthlyCentavos: Centavos | null;
  /** The words the budget was read from. */
  text: string;
}

const NUMBER = String.raw`(\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d+)?)`;
const THOUSAND = String.raw`(?:\s*(mil|k)(?![a-z]))?`;
const NOT_A_COUNT = String.raw`(?!\s*(?:%|sess|vez|vezes|mes(?:es)?\b|anos?\b|dias?\b|semanas?\b|procedimentos?\b|itens?\b|kg\b|cm\b|ml\b|unidades?\b|areas?\b|regioes?\b|x\b))`;

/** Budget patterns on folded text, strongest evidence first. */
const BUDGET_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`r\$\s*${NUMBER}${THOUSAND}`, 'g'),
  new RegExp(String.raw`(?<![\d.,])${NUMBER}\s*(mil|k)(?![a-z])(?:\s*(?:reais|real))?`, 'g'),
  new RegExp(String.raw`(?<![\d.,])${NUMBER}\s*(?:reais|real|conto)(?![a-z])`, 'g'),
  new RegExp(
    String.raw`(?<![a-z])(?:ate|orcamento(?:\s+(?:de|e))?|budget|investir|gastar|investimento(?:\s+de)?|no maximo|maximo(?:\s+de)?|teto(?:\s+de)?|limite(?:\s+de)?|mensalidade(?:\s+de)?|parcela(?:\s+de)?)\s*(?:de\s+)?(?:ate\s+)?${NUMBER}${THOUSAND}${NOT_A_COUNT}`,
    'g',
  ),
  // A bare amount said to be monthly ('uns 1.200 mensais', '900/mês'); small counts are not money.
  new RegExp(
    String.raw`(?<![\d.,])${NUMBER}${THOUSAND}(?=\s*(?:reais\s*)?(?:\/\s*mes|por\s+mes|ao\s+mes|mensa(?:l|is)\b))`,
    'g',
  ),
];

const MONTHLY_AFTER =
  /^\s*(?:reais\s*)?(?:\/\s*mes|por\s+mes|ao\s+mes|cada\s+mes|no\s+mes|mensa(?:l|is)|mensalmente|mes\b)/;
const MONTHLY_INSIDE = /^(?:mensalidade|parcela)/;
const MONTHLY_BEFORE =
  /(?:mensalidade|parcela|mensal|mensais|por\s+mes|ao\s+mes)\s*(?:de\s+)?(?:ate\s+)?$/;

const BARE_MONTHLY = BUDGET_PATTERNS[4];
/** '2 por mês' is a count of sessions, not a budget. */
const MIN_BARE_MONTHLY_REAIS = 50;

interface BudgetMatch {
  reading: BudgetReading;
  start: number;
  end: number;
}

function amountFrom(numberText: string, thousand: string | undefined): number | null {
  const value = parseBrazilianNumber(numberText);
  if (value === null || value < 0) return null;
  return thousand ? value * 1000 : value;
}

/** `original` is the same text unfolded (NFC, so offsets agree), for the reading's `text`. */
function findBudget(folded: string, original: string = folded): BudgetMatch | null {
  for (const pattern of BUDGET_PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of folded.matchAll(pattern)) {
      const numberText = match[1];
      if (numberText === undefined) continue;
      const reais = amountFrom(numberText, match[2]);
      if (reais === null) continue;
      if (pattern === BARE_MONTHLY && reais < MIN_BARE_MONTHLY_REAIS) continue;
      const start = match.index;
      const end = start + match[0].length;
      const after = folded.slice(end, end + 30);
      const before = folded.slice(Math.max(0, start - 25), start);
      const monthlyAfter = MONTHLY_AFTER.exec(after);
      const monthly =
        monthlyAfter !== null || MONTHLY_BEFORE.test(before) || MONTHLY_INSIDE.test(match[0]);
      const centavos = reaisToCentavos(reais);
      const spanEnd = monthlyAfter ? end + monthlyAfter[0].length : end;
      return {
        reading: {
          annualCentavos: monthly ? centavos * 12 : centavos,
          period: monthly ? 'monthly' : 'annual',
          monthlyCentavos: monthly ? centavos : null,
          text: original.slice(start, spanEnd).trim(),
        },
        start,
        end: spanEnd,
      };
    }
  }
  return null;
}

/** The budget written in a free text ('até R$ 1.500,00', '2 mil', '800 por mês'), or null. */
export function readBudget(text: string): BudgetReading | null {
  const original = text.normalize('NFC');
  return findBudget(foldLower(original), original)?.reading ?? null;
}

/**
 * A budget field: a number of reais, or a Brazilian text ('1.500,00', 'R$ 2 mil', '800 por mês').
 * `undefined` for nothing given; `null` when the text holds no amount (the caller answers 422).
 */
export function parseBudgetInput(
  input: number | string | null | undefined,
): BudgetReading | null | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    const centavos = reaisToCentavos(input);
    return {
      annualCentavos: centavos,
      period: 'annual',
      monthlyCentavos: null,
      text: String(input),
    };
  }
  const text = input.trim();
  if (text === '') return undefined;
  const plain = parseBrazilianNumber(text);
  if (plain !== null) {
    if (plain < 0) return null;
    return {
      annualCentavos: reaisToCentavos(plain),
      period: 'annual',
      monthlyCentavos: null,
      text,
    };
  }
  const original = text.normalize('NFC');
  const folded = foldLower(original);
  // A bare amount with words around it ('2 mil', '800 por mês') still counts in a budget field.
  const found = findBudget(folded, original) ?? findBudget(`ate ${folded}`, `até ${original}`);
  if (!found) return null;
  return { ...found.reading, text };
}

// ---------------------------------------------------------------------------------------------
// Exclusions
// ---------------------------------------------------------------------------------------------

export interface ExclusionReading {
  /** The words as written after the trigger ('agulhas', 'laser'). */
  text: string;
  /** 'sem agulhas', 'medo de injeção': every needle or injectable procedure is out. */
  needles: boolean;
  /** Stems a procedure's name or main function must not contain. */
  stems: string[];
}

const TRIGGERS: string[][] = EXCLUSION_TRIGGERS.map((t) => foldLower(t).split(' ')).sort(
  (a, b) => b.length - a.length,
);
const NEEDLE_WORD_STEMS = new Set(NEEDLE_WORDS.map(stemPt));
const NEEDLE_PROCEDURE_STEMS = new Set(NEEDLE_PROCEDURE_TERMS.map(stemPt));
/** Words that end an exclusion's object ('sem agulhas *na* papada', 'evitar laser *porque*…'). */
const OBJECT_BREAKS = new Set([
  'para',
  'pra',
  'pois',
  'porque',
  'mas',
  'que',
  'quero',
  'gostaria',
  'preciso',
  'no',
  'na',
  'nos',
  'nas',
  'em',
  'por',
  'com',
  'ate',
  'se',
  'como',
  'quando',
  'ja',
]);
/** Verbs that may sit between a trigger and its object ('sem *usar* laser'). */
const OBJECT_LEAD_INS = new Set([
  'usar',
  'uso',
  'fazer',
  'utilizar',
  'nenhum',
  'nenhuma',
  'qualquer',
]);
const MAX_OBJECT_WORDS = 4;
/** Words that name a technique, even when the goal lexicon lists them ('criolipólise'). */
const TECHNIQUE_STEMS = new Set(
  TRAIT_PHRASES.map(([phrase]) => phrase.split(' ')[0]!).map((word) => stemPt(word)),
);

function triggerLengthAt(tokens: Token[], index: number): number {
  for (const trigger of TRIGGERS) {
    if (
      trigger.every((word, k) => tokens[index + k]?.folded === word && !tokens[index + k]?.isBreak)
    ) {
      return trigger.length;
    }
  }
  return 0;
}

/** Index of the lexicon phrase starting at token `index` among content tokens, or -1. */
function goalPhraseLengthAt(content: Token[], index: number): number {
  let best = 0;
  for (const entry of lexicon()) {
    for (const phrase of entry.phrases) {
      if (phrase.length <= best) continue;
      if (phrase.every((stem, k) => content[index + k]?.stem === stem)) best = phrase.length;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// A place is not always a goal
// ---------------------------------------------------------------------------------------------

const PLACE_STEMS = new Set(PLACE_GOAL_WORDS.map(stemPt));
const AREA_STEMS = new Set(Object.values(AREA_WORDS).flatMap((words) => words.map(stemPt)));
const PLACE_PREPOSITIONS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'na',
  'no',
  'nas',
  'nos',
  'em',
]);
let goalStemCache: Set<string> | null = null;

/** Stems of the goal phrases that are not places ('flacidez', 'gordura localizada'). */
function goalStems(): Set<string> {
  if (!goalStemCache) {
    goalStemCache = new Set(
      lexicon().flatMap((entry) =>
        entry.phrases.filter((p) => !(p.length === 1 && PLACE_STEMS.has(p[0]!))).flat(),
      ),
    );
  }
  return goalStemCache;
}

/**
 * 'flacidez da barriga', 'flacidez no corpo, braços e abdômen': a place that says where another
 * goal is wanted is only an area, not a goal of its own ('quero perder barriga', 'flacidez e
 * papada' keep theirs). Walks back over stop words, commas and other places to the goal.
 */
function isAreaOfAnotherGoal(tokens: readonly Token[], place: Token): boolean {
  if (!PLACE_STEMS.has(place.stem)) return false;
  let sawPreposition = false;
  for (let k = tokens.indexOf(place) - 1; k >= 0; k--) {
    const token = tokens[k]!;
    if (token.isBreak) {
      if (token.raw === ',') continue;
      return false;
    }
    if (PLACE_PREPOSITIONS.has(token.folded)) {
      sawPreposition = true;
      continue;
    }
    if (token.isStop || AREA_STEMS.has(token.stem)) continue;
    return sawPreposition && goalStems().has(token.stem);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Reading a goal text
// ---------------------------------------------------------------------------------------------

export interface GoalReading {
  goals: GoalTerm[];
  budget: BudgetReading | null;
  exclusions: ExclusionReading[];
}

export interface ReadGoalOptions {
  /** Desired functions picked from a list ('Gordura localizada', 'Drenagem'): always goals. */
  functions?: readonly string[];
  /**
   * Names of the procedures on offer: a word of the text that names one of them ('quero
   * criolipólise') becomes a goal of its own.
   */
  vocabulary?: Iterable<string>;
}

/** At most this many goals (lexicon and named words) are read from one request. */
export const MAX_GOALS = 24;

/**
 * Reads goals, budget and exclusions from free pt-BR text. A word after 'sem'/'evitar' that is
 * itself a goal ('sem manchas', 'evitar rugas') is what the client wants to be rid of, so it
 * stays a goal instead of excluding procedures.
 */
export function readGoalText(text: string, options: ReadGoalOptions = {}): GoalReading {
  const original = text.normalize('NFC');
  const budgetMatch = findBudget(foldLower(original), original);
  const tokens = tokenize(original).filter(
    (t) => !budgetMatch || t.end <= budgetMatch.start || t.start >= budgetMatch.end,
  );

  // Exclusions consume their trigger and object words.
  const consumed = new Set<Token>();
  const exclusions: ExclusionReading[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const triggerLength = triggerLengthAt(tokens, i);
    if (triggerLength === 0) continue;
    let j = i + triggerLength;
    while (tokens[j] && !tokens[j]!.isBreak && OBJECT_LEAD_INS.has(tokens[j]!.folded)) j++;
    const objectWords: Token[] = [];
    while (j < tokens.length && objectWords.length < MAX_OBJECT_WORDS) {
      const token = tokens[j]!;
      if (token.isBreak || OBJECT_BREAKS.has(token.folded) || triggerLengthAt(tokens, j) > 0) break;
      if (token.isStop) {
        j++;
        continue;
      }
      const content = tokens.slice(j).filter((t) => !t.isBreak && !t.isStop);
      // 'sem manchas' is a goal; 'sem criolipólise' (a technique) is an exclusion.
      if (!TECHNIQUE_STEMS.has(token.stem) && goalPhraseLengthAt(content, 0) > 0) break;
      objectWords.push(token);
      j++;
    }
    if (objectWords.length === 0) continue;
    const needles = objectWords.some((t) => NEEDLE_WORD_STEMS.has(t.stem));
    const stems = objectWords
      .filter((t) => !t.isNumber && !GENERIC_STEMS.has(t.stem) && t.stem.length >= 2)
      .map((t) => t.stem);
    if (!needles && stems.length === 0) continue;
    exclusions.push({ text: objectWords.map((t) => t.raw).join(' '), needles, stems });
    for (let k = i; k < j; k++) consumed.add(tokens[k]!);
    i = j - 1;
  }

  const content = tokens.filter((t) => !t.isBreak && !t.isStop && !consumed.has(t));
  const goals: GoalTerm[] = [];
  const goalKeys = new Set<string>();
  const addGoal = (goal: GoalTerm) => {
    if (goalKeys.has(goal.key) || goals.length >= MAX_GOALS) return;
    goalKeys.add(goal.key);
    goals.push(goal);
  };

  // Lexicon goals, consuming the words of the longest phrase found at each position.
  const usedByGoal = new Set<number>();
  for (let i = 0; i < content.length; i++) {
    for (const entry of lexicon()) {
      const phrase = entry.phrases.find((p) => p.every((stem, k) => content[i + k]?.stem === stem));
      if (!phrase) continue;
      for (let k = 0; k < phrase.length; k++) usedByGoal.add(i + k);
      if (phrase.length === 1 && isAreaOfAnotherGoal(tokens, content[i]!)) continue;
      addGoal(entry.goal);
    }
  }

  for (const fn of options.functions ?? []) {
    const named = goalsInText(fn);
    if (named.length > 0) {
      named.forEach(addGoal);
      continue;
    }
    const phrase = contentStems(fn);
    if (phrase.length > 0) {
      addGoal({
        key: `termo:${phrase.join(' ')}`,
        label: fn.trim().toLowerCase(),
        phrases: [phrase],
      });
    }
  }

  if (options.vocabulary) {
    const vocabulary = new Set<string>();
    for (const name of options.vocabulary)
      for (const stem of contentStems(name)) vocabulary.add(stem);
    content.forEach((token, index) => {
      if (usedByGoal.has(index) || token.isNumber || token.stem.length < 3) return;
      if (GENERIC_STEMS.has(token.stem) || !vocabulary.has(token.stem)) return;
      addGoal({ key: `termo:${token.stem}`, label: token.raw, phrases: [[token.stem]] });
    });
  }

  return { goals, budget: budgetMatch?.reading ?? null, exclusions };
}

// ---------------------------------------------------------------------------------------------
// Matching procedures
// ---------------------------------------------------------------------------------------------

/** What the reader looks at in a procedure (a catalogue Service satisfies it). */
export interface ProcedureText {
  name: string;
  description?: string | null;
  benefits?: {
    main_function?: string | null;
    benefit1?: string | null;
    benefit2?: string | null;
    benefit3?: string | null;
  } | null;
}

/** How much a goal found in each field counts: the name says most, the description least. */
export const MATCH_WEIGHTS = { name: 4, mainFunction: 3, benefit: 2, description: 1 } as const;

export interface PreparedProcedureText {
  fields: Array<{ weight: number; stems: string[] }>;
  /** Stems of the name and main function: what an exclusion is checked against. */
  identityStems: string[];
}

export function prepareProcedureText(procedure: ProcedureText): PreparedProcedureText {
  const benefits = procedure.benefits ?? {};
  const nameStems = contentStems(procedure.name);
  const mainFunctionStems = contentStems(benefits.main_function ?? '');
  return {
    fields: [
      { weight: MATCH_WEIGHTS.name, stems: nameStems },
      { weight: MATCH_WEIGHTS.mainFunction, stems: mainFunctionStems },
      { weight: MATCH_WEIGHTS.benefit, stems: contentStems(benefits.benefit1 ?? '') },
      { weight: MATCH_WEIGHTS.benefit, stems: contentStems(benefits.benefit2 ?? '') },
      { weight: MATCH_WEIGHTS.benefit, stems: contentStems(benefits.benefit3 ?? '') },
      { weight: MATCH_WEIGHTS.description, stems: contentStems(procedure.description ?? '') },
    ],
    identityStems: [...nameStems, ...mainFunctionStems],
  };
}

export interface ProcedureMatch {
  /** Keys of the goals this procedure serves. */
  goalKeys: string[];
  /** Σ over served goals of the weight of the strongest field that names the goal. */
  score: number;
  /** The exclusion that rules the procedure out, if any. */
  excludedBy: ExclusionReading | null;
}

/** The weight of the strongest field naming the goal (0 when none does). */
export function goalWeight(prepared: PreparedProcedureText, goal: GoalTerm): number {
  let best = 0;
  for (const field of prepared.fields) {
    if (field.weight <= best) continue;
    if (goal.phrases.some((phrase) => containsPhrase(field.stems, phrase))) best = field.weight;
  }
  return best;
}

/** Whether an exclusion rules a procedure out (checked on its name and main function). */
export function isExcludedBy(
  prepared: PreparedProcedureText,
  exclusion: ExclusionReading,
): boolean {
  if (exclusion.needles && prepared.identityStems.some((s) => NEEDLE_PROCEDURE_STEMS.has(s))) {
    return true;
  }
  return exclusion.stems.some((stem) => prepared.identityStems.includes(stem));
}

export function matchProcedure(
  reading: Pick<GoalReading, 'goals' | 'exclusions'>,
  procedure: ProcedureText | PreparedProcedureText,
): ProcedureMatch {
  const prepared = 'fields' in procedure ? procedure : prepareProcedureText(procedure);
  const goalKeys: string[] = [];
  let score = 0;
  for (const goal of reading.goals) {
    const weight = goalWeight(prepared, goal);
    if (weight > 0) {
      goalKeys.push(goal.key);
      score += weight;
    }
  }
  const excludedBy = reading.exclusions.find((e) => isExcludedBy(prepared, e)) ?? null;
  return { goalKeys, score, excludedBy };
}

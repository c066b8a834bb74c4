import { normalizeForComparison } from '../../shared/text.ts';
import { ALLERGENS, type AllergenCode } from './allergens.ts';
import { CONDITIONS, ISOTRETINOIN_WINDOW_DAYS, type ConditionCode } from './conditions.ts';
import {
  DEVICE_TECHNIQUES,
  INJECTABLE_TECHNIQUES,
  NEEDLE_TECHNIQUES,
  type ClinicalArea,
  type Ingredient,
  type Technique,
} from './traits.ts';

/**
 * Reads free text (a client's record, a professional's request) for what it excludes and why
 * (issue 26): refusals whatever the cue's position ('sem laser', 'Botox nem pensar'), effects
 * ('nada que deixe roxo'), conditions and allergies, an event or a beach trip counted in days
 * from `today`, areas, goals and a budget. The older readers (packages/domain/src/goal-text.ts
 * and procedure-traits.ts) only look behind a term and match words to trait names; this one
 * maps words to technique codes, so rules.ts applies whatever the phrasing. Worst reading when
 * in doubt: an unclear date is the nearest one, a condition is negated only by a cue right
 * before it, 'parei' without a date keeps isotretinoin active.
 */

// ---------------------------------------------------------------------------------------------
// Tokens

interface Token {
  /** Folded (accents and case dropped, a plural 's' dropped), or the punctuation itself. */
  text: string;
  punct: boolean;
}

const CLAUSE_PUNCT = new Set(['.', ';', ':', '!', '?', '(', ')', '\n']);

/** Accent- and case-free, a trailing plural 's' dropped so 'lasers' meets 'laser'. */
function foldWord(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function tokenize(text: string): Token[] {
  const folded = normalizeForComparison(text.replace(/[\r\n]+/g, ' . '));
  const tokens: Token[] = [];
  for (const match of folded.matchAll(/[a-z0-9]+|[.;:!?,()/]/g)) {
    const raw = match[0];
    const punct = !/[a-z0-9]/.test(raw);
    tokens.push({ text: punct ? raw : foldWord(raw), punct });
  }
  return tokens;
}

function phraseTokens(phrase: string): string[] {
  return tokenize(phrase).map((token) => token.text);
}

interface PhraseEntry<T> {
  tokens: string[];
  value: T;
}

/** Phrases by first token, longest first, so the longest phrase at a position wins. */
class PhraseIndex<T> {
  private readonly byFirst = new Map<string, PhraseEntry<T>[]>();

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const [phrase, value] of entries) {
      const tokens = phraseTokens(phrase);
      const first = tokens[0];
      if (first === undefined) continue;
      const list = this.byFirst.get(first) ?? [];
      list.push({ tokens, value });
      this.byFirst.set(first, list);
    }
    for (const list of this.byFirst.values())
      list.sort((a, b) => b.tokens.length - a.tokens.length);
  }

  /** The longest phrase starting at `index`, if any. */
  at(tokens: readonly Token[], index: number): PhraseEntry<T> | undefined {
    const first = tokens[index];
    if (!first || first.punct) return undefined;
    const candidates = this.byFirst.get(first.text);
    if (!candidates) return undefined;
    return candidates.find((entry) =>
      entry.tokens.every((word, offset) => tokens[index + offset]?.text === word),
    );
  }

  /** Every non-overlapping longest match, left to right. */
  scan(tokens: readonly Token[]): { start: number; end: number; value: T }[] {
    const found: { start: number; end: number; value: T }[] = [];
    for (let index = 0; index < tokens.length;) {
      const entry = this.at(tokens, index);
      if (entry) {
        found.push({ start: index, end: index + entry.tokens.length, value: entry.value });
        index += entry.tokens.length;
      } else index += 1;
    }
    return found;
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

/** Effects a client refuses ('nada que deixe roxo'), read against the procedures' day counts. */
export const CLINICAL_EFFECTS = ['roxo', 'inchaco', 'recuperacao', 'dor'] as const;
export type ClinicalEffect = (typeof CLINICAL_EFFECTS)[number];

export const CLINICAL_EFFECT_LABELS: Record<ClinicalEffect, string> = {
  roxo: 'nada que deixe roxo',
  inchaco: 'nada que inche',
  recuperacao: 'sem tempo de recuperação',
  dor: 'sem dor',
};

interface RefusalTerm {
  /** pt-BR label for "sem …". */
  label: string;
  techniques: readonly Technique[];
  ingredients?: readonly Ingredient[];
  /** Folded words a procedure's name may hold ('peeling' also names the diamond peel). */
  names?: readonly string[];
  effect?: ClinicalEffect;
}

const term = (
  label: string,
  techniques: readonly Technique[],
  extra: Omit<RefusalTerm, 'label' | 'techniques'> = {},
): RefusalTerm => ({ label, techniques, ...extra });

const TOXIN = term('toxina botulínica', ['TOX'], { ingredients: ['toxina_botulinica'] });
const HYALURONIC = term('ácido hialurônico', ['AH'], { ingredients: ['acido_hialuronico'] });
const FILLER = term('preenchimento', ['AH', 'BIO'], { names: ['preenchimento'] });
// Clients call intense pulsed light 'laser' too: a refused 'laser' takes it out (a missed
// suggestion costs less than a refused one coming back).
const LASER = term('laser', ['LAB', 'LNA', 'LIP'], { names: ['laser'] });
const PEELING = term('peeling', ['ACI'], { names: ['peeling'], ingredients: ['acidos'] });
const NEEDLE = term('agulha', NEEDLE_TECHNIQUES);
const INJECTION = term('injetáveis', INJECTABLE_TECHNIQUES);
const INVASIVE = term('procedimento invasivo', [...NEEDLE_TECHNIQUES, 'LAB']);
const DEVICE = term('aparelhos', DEVICE_TECHNIQUES);
const ACID = term('ácidos', ['ACI'], { ingredients: ['acidos'], names: ['peeling quimico'] });

const REFUSAL_TERMS: ReadonlyArray<readonly [string, RefusalTerm]> = [
  ...[
    'botox',
    'botoks',
    'butox',
    'botoxe',
    'toxina',
    'toxina botulinica',
    'dysport',
    'xeomin',
    'botulift',
    'prosigne',
    'botulim',
    'nabota',
  ].map((w) => [w, TOXIN] as const),
  ...['acido hialuronico', 'hialuronico', 'restylane', 'juvederm', 'belotero', 'skinbooster'].map(
    (w) => [w, HYALURONIC] as const,
  ),
  ...['preenchimento', 'preenchedor', 'preencher'].map((w) => [w, FILLER] as const),
  ...['bioestimulador', 'bioestimulador de colageno', 'sculptra', 'radiesse', 'ellanse'].map(
    (w) => [w, term('bioestimulador', ['BIO'])] as const,
  ),
  ...['enzima', 'lipo enzimatica', 'enzimatica', 'kybella', 'desoxicolato', 'lipolitico'].map(
    (w) => [w, term('enzimas', ['ENZ'], { ingredients: ['desoxicolato'] })] as const,
  ),
  ...['intradermoterapia', 'intradermo', 'mesoterapia'].map(
    (w) => [w, term('intradermoterapia', ['MES'])] as const,
  ),
  ...['fio', 'fios de pdo', 'fio de pdo', 'fios de sustentacao', 'pdo'].map(
    (w) => [w, term('fios', ['FIO'])] as const,
  ),
  ...['carboxi', 'carboxiterapia'].map((w) => [w, term('carboxiterapia', ['CARB'])] as const),
  ...['microagulhamento', 'dermapen', 'dermaroller', 'microneedling'].map(
    (w) => [w, term('microagulhamento', ['MAG', 'RFM'])] as const,
  ),
  ...['radiofrequencia microagulhada', 'rf microagulhada', 'morpheus8', 'morpheu'].map(
    (w) => [w, term('radiofrequência microagulhada', ['RFM'])] as const,
  ),
  ...['radiofrequencia', 'thermage'].map(
    (w) => [w, term('radiofrequência', ['RF', 'RFM'])] as const,
  ),
  ...['ultrassom microfocado', 'ultrassom', 'ultherapy', 'ultraformer', 'hifu'].map(
    (w) => [w, term('ultrassom microfocado', ['HIFU'])] as const,
  ),
  ...['crio', 'criolipolise', 'coolsculpting', 'congelar gordura', 'congelamento'].map(
    (w) => [w, term('criolipólise', ['CRIO'])] as const,
  ),
  ...['laser', 'lazer', 'fraxel'].map((w) => [w, LASER] as const),
  ...['laser co2', 'co2', 'co2 fracionado', 'laser ablativo'].map(
    (w) => [w, term('laser CO2', ['LAB'], { names: ['co2'] })] as const,
  ),
  ...['lavieen', 'lavien', 'laser lavieen', 'bb laser'].map(
    (w) => [w, term('laser Lavieen', ['LNA'])] as const,
  ),
  ...['luz pulsada', 'luz intensa pulsada', 'ipl', 'fotorejuvenescimento'].map(
    (w) => [w, term('luz pulsada', ['LIP'])] as const,
  ),
  ['led', term('LED', ['LED'])],
  ...['peeling', 'pilling', 'peelling', 'peeling quimico'].map((w) => [w, PEELING] as const),
  ...['peeling de diamante', 'peeling de cristal', 'microdermoabrasao', 'dermaplaning'].map(
    (w) =>
      [
        w,
        term('esfoliação mecânica', ['MEC'], { names: ['diamante', 'cristal', 'dermaplaning'] }),
      ] as const,
  ),
  ...['acido', 'quimica', 'produto quimico'].map((w) => [w, ACID] as const),
  ...['agulha', 'agulhada', 'picada', 'seringa'].map((w) => [w, NEEDLE] as const),
  ...['injecao', 'injetavei', 'injetavel'].map((w) => [w, INJECTION] as const),
  ...['invasivo', 'invasiva', 'procedimento invasivo'].map((w) => [w, INVASIVE] as const),
  ...['maquina', 'aparelho', 'tecnologia', 'equipamento'].map((w) => [w, DEVICE] as const),
  ...['drenagem', 'drenagem linfatica'].map((w) => [w, term('drenagem', ['MAN'])] as const),
  ...['massagem', 'massagem modeladora', 'modeladora'].map(
    (w) => [w, term('massagem', ['MOD', 'MAN'])] as const,
  ),
  ...['corrente russa', 'corrente', 'eletroestimulacao', 'eletro'].map(
    (w) => [w, term('corrente elétrica', ['ELE'])] as const,
  ),
  ...['endermologia', 'vacuoterapia', 'lpg'].map(
    (w) => [w, term('endermologia', ['VAC'])] as const,
  ),
  ...['anestesia', 'anestesico', 'lidocaina'].map(
    (w) => [w, term('anestésico', ['ANE'], { ingredients: ['lidocaina'] })] as const,
  ),
  ...['cirurgia', 'bisturi', 'corte'].map((w) => [w, term('cirurgia', [])] as const),
  ...['roxo', 'roxa', 'roxinho', 'roxinha', 'hematoma', 'mancha roxa'].map(
    (w) => [w, term('roxo', [], { effect: 'roxo' })] as const,
  ),
  ...['inchaco', 'inchada', 'inchado', 'inche', 'inchar', 'incha'].map(
    (w) => [w, term('inchaço', [], { effect: 'inchaco' })] as const,
  ),
  ...[
    'downtime',
    'descascar',
    'descasque',
    'descascando',
    'casquinha',
    'recuperacao',
    'afastamento',
  ].map((w) => [w, term('recuperação', [], { effect: 'recuperacao' })] as const),
  ...['dor', 'doa', 'doi', 'dolorido'].map((w) => [w, term('dor', [], { effect: 'dor' })] as const),
];

/** Cues before what they refuse, in any order of the sentence ('zero laser', 'dispenso botox'). */
const PRE_CUES = [
  'sem',
  'nada de',
  'nada com',
  'nada que',
  'nada',
  'zero',
  'nenhum',
  'nenhuma',
  'nem',
  'nem pensar em',
  'nao quero',
  'nao quero fazer',
  'nao gosto de',
  'nao suporto',
  'nao posso',
  'nao posso fazer',
  'nao pode',
  'nao pode ter',
  'nao rola',
  'nao curto',
  'nao aceito',
  'nao faco',
  'nao tolero',
  'nao',
  'dispenso',
  'tenho pavor de',
  'pavor de',
  'medo de',
  'tenho medo de',
  'fobia de',
  'trauma de',
  'odeio',
  'detesto',
  'longe de',
  'evitar',
  'evite',
  'evito',
  'exceto',
  'menos',
  'fora',
  'tirando',
  'prefiro nao',
  'prefiro evitar',
  'jamais',
  'nunca',
  'nunca mais',
  'to fora de',
  'estou fora de',
  'nem morta',
  'proibido',
  'proibida',
  'proibiu',
  'fui orientada a nao fazer',
  'fui orientado a nao fazer',
];

/** Cues after what they refuse ('Botox nem pensar', 'laser? não!'). */
const POST_CUES = [
  'nem pensar',
  'jamais',
  'de jeito nenhum',
  'nunca',
  'nunca mais',
  'ta fora',
  'esta fora',
  'fora de questao',
  'nem a pau',
  'nem morta',
  'dispenso',
  'proibido',
  'proibida',
  'nao quero',
  'nao rola',
  'nao posso',
  'nao pode',
  'nao curto',
  'nao',
];

/** Words that end a refusal's reach: what follows is wanted or another thought. */
const SCOPE_BREAKS = new Set(
  [
    'mas',
    'porem',
    'entretanto',
    'quero',
    'queria',
    'gostaria',
    'busco',
    'procuro',
    'preciso',
    'para',
    'pra',
    'so',
    'apenas',
    'aceito',
    'pode',
    'sou',
    'uso',
    'tomo',
    'tenho',
    'estou',
    'porque',
    'pois',
    'melhorar',
    'tratar',
    'clarear',
    'reduzir',
    'casamento',
    'evento',
    'orcamento',
    'ate',
    'objetivo',
    'foco',
    'cliente',
    'paciente',
    'ela',
    'ele',
    'fiz',
    'fez',
    'tentei',
    'experimentei',
    'sei',
  ].map(foldWord),
);

/** Words a refusal may cross between its cue and its object ('nada que deixe roxo'). */
const SCOPE_FILLERS = new Set(
  [
    'de',
    'do',
    'da',
    'com',
    'a',
    'o',
    'as',
    'os',
    'que',
    'deixe',
    'deixa',
    'deixar',
    'cause',
    'causa',
    'fique',
    'fica',
    'ficar',
    'me',
    'tipo',
    'qualquer',
    'nenhum',
    'nenhuma',
    'fazer',
    'usar',
    'e',
    'ou',
    'nem',
    ',',
    'um',
    'uma',
    'no',
    'na',
    'nos',
    'nas',
    'em',
    'isso',
    'coisa',
    'algo',
    'procedimento',
    'marca',
    'mais',
    'muito',
    'muita',
    'tratamento',
    'sessao',
    'aplicar',
    'aplicacao',
    'nada',
    'zero',
    'sem',
    '/',
  ].map(foldWord),
);

const ALLERGY_CUES = [
  'alergia a',
  'alergia ao',
  'alergia a os',
  'alergia de',
  'alergia com',
  'alergica a',
  'alergico a',
  'alergica ao',
  'alergico ao',
  'alergica',
  'alergico',
  'alergia',
  'hipersensibilidade a',
  'reacao a',
  'reacao ao',
  'reacao com',
  'tive reacao',
  'reacao alergica',
];

const NEGATION_BEFORE_CONDITION = new Set(['nao', 'nunca', 'nega', 'negou', 'sem'].map(foldWord));
const STOP_CUES = [
  'parei',
  'ja parei',
  'terminei',
  'nao tomo mais',
  'nao uso mais',
  'tomei',
  'usei',
  'suspendi',
  'parou',
  'terminou',
];

const AREA_WORDS: ReadonlyArray<readonly [string, ClinicalArea]> = [
  ...[
    'rosto',
    'face',
    'facial',
    'testa',
    'bochecha',
    'rugas',
    'queixo',
    'mandibula',
    'glabela',
    'pes de galinha',
    'buco',
  ].map((w) => [w, 'rosto'] as const),
  ...['labio', 'labial', 'boca', 'bigode chines'].map((w) => [w, 'labios'] as const),
  ...['olho', 'olheira', 'palpebra', 'olhar'].map((w) => [w, 'olhos'] as const),
  ...['nariz'].map((w) => [w, 'nariz'] as const),
  ...['pescoco', 'papada', 'colo'].map((w) => [w, 'pescoco'] as const),
  ...['corpo', 'corporal'].map((w) => [w, 'corpo'] as const),
  ...['barriga', 'abdome', 'abdomen', 'abdominal', 'umbilical', 'umbigo', 'pochete'].map(
    (w) => [w, 'abdome'] as const,
  ),
  ...['flanco', 'pneuzinho', 'cintura'].map((w) => [w, 'flancos'] as const),
  ...['coxa', 'culote', 'perna', 'joelho', 'quadril'].map((w) => [w, 'coxas'] as const),
  ...['braco', 'bracos', 'antebraco'].map((w) => [w, 'bracos'] as const),
  ...['gluteo', 'bumbum', 'bunda'].map((w) => [w, 'gluteos'] as const),
];

export interface ClinicalGoal {
  /** The key of AESTHETIC_GOALS (aesthetic-lexicon.ts) where one fits; 'estrias', 'volume' new. */
  key: string;
  label: string;
}

const GOALS: ReadonlyArray<readonly [ClinicalGoal, readonly string[]]> = [
  [
    { key: 'gordura_localizada', label: 'gordura localizada' },
    [
      'gordura',
      'gordurinha',
      'gordura localizada',
      'medidas',
      'emagrecer',
      'pochete',
      'pneuzinho',
      'culote',
      'papada',
    ],
  ],
  [
    { key: 'flacidez', label: 'flacidez' },
    ['flacidez', 'flacida', 'flacido', 'firmeza', 'lifting', 'pele caida', 'sustentacao'],
  ],
  [
    { key: 'manchas', label: 'manchas' },
    ['mancha', 'clarear', 'clareamento', 'melasma', 'sarda', 'uniformizar'],
  ],
  [
    { key: 'rugas', label: 'rugas e linhas de expressão' },
    [
      'ruga',
      'linhas de expressao',
      'pes de galinha',
      'rejuvenescer',
      'rejuvenescimento',
      'envelhecimento',
      'bigode chines',
    ],
  ],
  [{ key: 'celulite', label: 'celulite' }, ['celulite', 'furinhos', 'casca de laranja']],
  [
    { key: 'acne', label: 'acne' },
    ['acne', 'espinha', 'cravo', 'oleosidade', 'poro', 'cicatriz de acne'],
  ],
  [{ key: 'olheiras', label: 'olheiras' }, ['olheira', 'olhar cansado']],
  [
    { key: 'hidratacao', label: 'hidratação e viço' },
    ['hidratacao', 'hidratar', 'vico', 'glow', 'luminosidade', 'pele seca'],
  ],
  [
    { key: 'contorno_facial', label: 'contorno facial' },
    ['contorno', 'contorno facial', 'mandibula', 'queixo', 'harmonizacao', 'harmonizar'],
  ],
  [{ key: 'estrias', label: 'estrias' }, ['estria']],
  [{ key: 'volume', label: 'volume' }, ['volume', 'mais volume', 'aumentar', 'encher']],
];

const SUN_WORDS = new Set(
  ['praia', 'piscina', 'sol', 'verao', 'cruzeiro', 'bronzear'].map(foldWord),
);

/** Keys folded like the tokens (a plural-looking final s dropped: dois → doi, três → tre). */
const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  doi: 2,
  dua: 2,
  tre: 3,
  quatro: 4,
  cinco: 5,
  sei: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  quinze: 15,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
};

const UNIT_DAYS: Record<string, number> = {
  dia: 1,
  semana: 7,
  mes: 30,
  mese: 30,
  ano: 365,
  quinzena: 15,
};

const MONTHS = [
  'janeiro',
  'fevereiro',
  'marco',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

// Built on first use, then shared: a reading must cost well under a millisecond.
let vocabulary:
  | {
      refusals: PhraseIndex<RefusalTerm>;
      preCues: PhraseIndex<true>;
      postCues: PhraseIndex<true>;
      allergyCues: PhraseIndex<true>;
      stopCues: PhraseIndex<true>;
      conditions: PhraseIndex<ConditionCode>;
      allergens: PhraseIndex<AllergenCode>;
      areas: PhraseIndex<ClinicalArea>;
      goals: PhraseIndex<ClinicalGoal>;
    }
  | undefined;

function words() {
  vocabulary ??= {
    refusals: new PhraseIndex(REFUSAL_TERMS),
    preCues: new PhraseIndex(PRE_CUES.map((cue) => [cue, true] as const)),
    postCues: new PhraseIndex(POST_CUES.map((cue) => [cue, true] as const)),
    allergyCues: new PhraseIndex(ALLERGY_CUES.map((cue) => [cue, true] as const)),
    stopCues: new PhraseIndex(STOP_CUES.map((cue) => [cue, true] as const)),
    conditions: new PhraseIndex(
      CONDITIONS.flatMap((c) => c.words.map((word) => [word, c.code] as const)),
    ),
    allergens: new PhraseIndex(
      ALLERGENS.flatMap((a) => a.words.map((word) => [word, a.code] as const)),
    ),
    areas: new PhraseIndex(AREA_WORDS),
    goals: new PhraseIndex(GOALS.flatMap(([goal, list]) => list.map((w) => [w, goal] as const))),
  };
  return vocabulary;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ClinicalExclusion {
  /** pt-BR label ('laser', 'toxina botulínica', 'roxo'). */
  label: string;
  techniques: Technique[];
  ingredients: Ingredient[];
  /** Folded words that exclude a procedure by its name. */
  names: string[];
  effect: ClinicalEffect | null;
}

export interface RecognizedCondition {
  code: ConditionCode;
  /** Where the text puts it ('pino na perna'); null: not said, the condition's default applies. */
  areas: ClinicalArea[] | null;
}

export interface ClinicalReading {
  exclusions: ClinicalExclusion[];
  conditions: RecognizedCondition[];
  /** Conditions the text denies ('não estou grávida', 'parei o Roacutan há 1 ano'). */
  denied: ConditionCode[];
  allergies: AllergenCode[];
  /** Allergies in a record's list that name nothing the portal knows, kept as typed. */
  unknown_allergies: string[];
  /** Days from `today` to an event ('casamento daqui a 3 semanas'), the nearest one. */
  event_in_days: number | null;
  /** Days from `today` to sun exposure ('vou à praia em 10 dias'). */
  sun_in_days: number | null;
  areas: ClinicalArea[];
  goals: ClinicalGoal[];
  /** Budget ceiling in centavos ('até R$ 3.000'). */
  budget_centavos: number | null;
  /** Techniques asked for, outside any refusal ('quero botox'). */
  wanted: Technique[];
}

export function emptyReading(): ClinicalReading {
  return {
    exclusions: [],
    conditions: [],
    denied: [],
    allergies: [],
    unknown_allergies: [],
    event_in_days: null,
    sun_in_days: null,
    areas: [],
    goals: [],
    budget_centavos: null,
    wanted: [],
  };
}

function isBreak(token: Token | undefined): boolean {
  return !token || (token.punct && CLAUSE_PUNCT.has(token.text)) || SCOPE_BREAKS.has(token.text);
}

/** Start and end (exclusive) of the clause around `index`. */
function clauseAround(tokens: readonly Token[], index: number): [number, number] {
  let start = index;
  while (start > 0 && !isClauseEnd(tokens[start - 1])) start -= 1;
  let end = index;
  while (end < tokens.length && !isClauseEnd(tokens[end])) end += 1;
  return [start, end];
}

function isClauseEnd(token: Token | undefined): boolean {
  return (
    !token ||
    (token.punct && CLAUSE_PUNCT.has(token.text)) ||
    token.text === 'mas' ||
    token.text === 'porem'
  );
}

function addExclusion(reading: ClinicalReading, refusal: RefusalTerm): void {
  if (reading.exclusions.some((e) => e.label === refusal.label)) return;
  reading.exclusions.push({
    label: refusal.label,
    techniques: [...refusal.techniques],
    ingredients: [...(refusal.ingredients ?? [])],
    names: [...(refusal.names ?? [])],
    effect: refusal.effect ?? null,
  });
}

function addCondition(reading: ClinicalReading, found: RecognizedCondition): void {
  const existing = reading.conditions.find((c) => c.code === found.code);
  if (!existing) {
    reading.conditions.push(found);
    return;
  }
  // Said twice, once without a place: the worst reading (anywhere) wins.
  if (existing.areas === null || found.areas === null) existing.areas = null;
  else existing.areas = [...new Set([...existing.areas, ...found.areas])];
}

function numberAt(tokens: readonly Token[], index: number): number | null {
  const token = tokens[index];
  if (!token || token.punct) return null;
  if (/^\d{1,4}$/.test(token.text)) return Number(token.text);
  return NUMBER_WORDS[token.text] ?? null;
}

/** Parses 'YYYY-MM-DD' into a UTC day number. */
function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`today must be YYYY-MM-DD, got "${isoDate}"`);
  return Math.floor(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000,
  );
}

function partsOf(day: number): { year: number; month: number; date: number } {
  const at = new Date(day * 86_400_000);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth(), date: at.getUTCDate() };
}

function utcDay(year: number, month: number, date: number): number {
  return Math.floor(Date.UTC(year, month, date) / 86_400_000);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

interface TimeMention {
  index: number;
  /** Days from today; negative for the past ('há 2 meses'). */
  days: number;
}

/** Time expressions relative to `today` (a 'YYYY-MM-DD' day in São Paulo). */
function timeMentions(tokens: readonly Token[], today: number): TimeMention[] {
  const found: TimeMention[] = [];
  const { year, month } = partsOf(today);
  const text = (i: number) => tokens[i]?.text;
  for (let i = 0; i < tokens.length; i += 1) {
    const word = text(i);
    if (!word) continue;
    // 'daqui a 3 semanas', 'em 10 dias', 'dentro de 2 meses', 'há 2 meses', 'faz 1 ano'.
    const amount = numberAt(tokens, i);
    if (amount !== null) {
      let unitIndex = i + 1;
      // '3 a 4 semanas': the smaller bound is the worst reading.
      if (text(unitIndex) === 'a' && numberAt(tokens, unitIndex + 1) !== null) unitIndex += 2;
      const unit = UNIT_DAYS[text(unitIndex) ?? ''];
      if (unit !== undefined) {
        const before = text(i - 1);
        const before2 = text(i - 2);
        const past = before === 'ha' || before === 'faz' || text(unitIndex + 1) === 'atra';
        const ahead =
          before === 'daqui' ||
          (before === 'a' && before2 === 'daqui') ||
          before === 'em' ||
          before === 'de' ||
          before === 'proximo' ||
          before === 'proxima';
        if (past) found.push({ index: i, days: -amount * unit });
        else if (ahead) found.push({ index: i, days: amount * unit });
        continue;
      }
      // 'dia 20' or 'dia 20/12'.
      if (previousWord(tokens, i) === 'dia' && amount >= 1 && amount <= 31) {
        found.push({ index: i, days: dayOfMonthDays(tokens, i, amount, today) });
        continue;
      }
    }
    if (word === 'amanha') found.push({ index: i, days: text(i - 1) === 'de' ? 2 : 1 });
    else if (word === 'hoje') found.push({ index: i, days: 0 });
    else if (
      (word === 'semana' && (text(i + 1) === 'que' || text(i - 1) === 'proxima')) ||
      (word === 'semana' && text(i + 1) === 'seguinte')
    ) {
      found.push({ index: i, days: 7 });
    } else if (
      (word === 'mes' && text(i + 1) === 'que' && text(i + 2) === 'vem') ||
      (word === 'mes' && text(i - 1) === 'proximo')
    ) {
      // The nearest day of next month: its first.
      found.push({ index: i, days: utcDay(year, month + 1, 1) - today });
    } else if (word === 'fim' && text(i + 1) === 'do' && text(i + 2) === 'mes') {
      found.push({ index: i, days: utcDay(year, month, daysInMonth(year, month)) - today });
    } else {
      const monthIndex = MONTHS.indexOf(word);
      if (monthIndex >= 0 && (text(i - 1) === 'em' || text(i - 1) === 'de')) {
        const target =
          monthIndex === month
            ? today
            : utcDay(monthIndex > month ? year : year + 1, monthIndex, 1);
        found.push({ index: i, days: target - today });
      }
    }
  }
  return found;
}

function previousWord(tokens: readonly Token[], index: number): string | undefined {
  return tokens[index - 1]?.text;
}

/** 'dia 20' is the next 20th (this month if not past); 'dia 20/12' that date. */
function dayOfMonthDays(
  tokens: readonly Token[],
  index: number,
  day: number,
  today: number,
): number {
  const { year, month, date } = partsOf(today);
  const monthNumber = tokens[index + 1]?.text === '/' ? numberAt(tokens, index + 2) : null;
  if (monthNumber !== null && monthNumber >= 1 && monthNumber <= 12) {
    const thisYear = utcDay(year, monthNumber - 1, day);
    return (thisYear >= today ? thisYear : utcDay(year + 1, monthNumber - 1, day)) - today;
  }
  if (day >= date) return utcDay(year, month, Math.min(day, daysInMonth(year, month))) - today;
  return utcDay(year, month + 1, day) - today;
}

const BUDGET_PATTERNS: readonly RegExp[] = [
  /r\$\s*(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?(\s*mil\b|\s*k\b)?/,
  /\b(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?(\s*mil\b|\s*k\b)\s*(?:reais)?/,
  /\b(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?()\s*reais\b/,
];

/** A budget ceiling in centavos: 'até R$ 3.000', 'R$ 1.500,00', '3 mil reais', 'R$ 2,5 mil'. */
export function readBudgetCentavos(text: string): number | null {
  const folded = normalizeForComparison(text);
  for (const pattern of BUDGET_PATTERNS) {
    const match = pattern.exec(folded);
    if (!match?.[1]) continue;
    const whole = Number(match[1].replace(/\./g, ''));
    const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
    const thousand = match[3]?.trim() ? 1000 : 1;
    const centavos = Math.round((whole * 100 + cents) * thousand);
    if (centavos > 0) return centavos;
  }
  return null;
}

function collect<T>(target: T[], value: T): void {
  if (!target.includes(value)) target.push(value);
}

/**
 * Reads a text. `mode: 'allergy_list'` reads one entry of a record's allergy list, where
 * 'lidocaína' alone is an allergy; otherwise an allergy needs its cue.
 */
export function readClinicalText(
  text: string,
  today: string,
  options: { mode?: 'text' | 'allergy_list' } = {},
): ClinicalReading {
  const reading = emptyReading();
  const tokens = tokenize(text);
  if (tokens.length === 0) return reading;
  const v = words();
  const todayNumber = dayNumber(today);

  // Allergies: after a cue (or anywhere in an allergy-list entry), and 'tive reação' anywhere in
  // the clause of a technique ('Botox nunca mais, tive reação').
  const allergenMatches = v.allergens.scan(tokens);
  const allergySpans: [number, number][] = [];
  if (options.mode === 'allergy_list') {
    for (const match of allergenMatches) collect(reading.allergies, match.value);
    if (allergenMatches.length === 0) reading.unknown_allergies.push(text.trim());
    allergySpans.push([0, tokens.length]);
  } else {
    for (let i = 0; i < tokens.length; i += 1) {
      const cue = v.allergyCues.at(tokens, i);
      if (!cue) continue;
      const [, clauseEnd] = clauseAround(tokens, i);
      const [clauseStart] = clauseAround(tokens, i);
      const reactionAnywhere = tokens[i]?.text === 'tive' || tokens[i]?.text === 'reacao';
      const from = reactionAnywhere ? clauseStart : i + cue.tokens.length;
      allergySpans.push([from, clauseEnd]);
      for (const match of allergenMatches) {
        if (match.start >= from && match.start < clauseEnd) collect(reading.allergies, match.value);
      }
      i += cue.tokens.length - 1;
    }
  }
  const inAllergySpan = (index: number) => allergySpans.some(([s, e]) => index >= s && index < e);

  // Refusals: a cue before (its reach runs over lists and fillers up to a break) or after.
  const refusals = v.refusals.scan(tokens);
  const refused = new Set<number>();
  for (let i = 0; i < tokens.length; i += 1) {
    const cue = v.preCues.at(tokens, i);
    if (!cue) continue;
    let j = i + cue.tokens.length;
    let gap = 0;
    while (j < tokens.length && gap <= 3) {
      const match = refusals.find((r) => r.start === j);
      if (match) {
        refused.add(j);
        j = match.end;
        gap = 0;
        continue;
      }
      const token = tokens[j];
      if (isBreak(token)) break;
      const nextCue = v.preCues.at(tokens, j);
      if (nextCue) j += nextCue.tokens.length;
      else {
        if (!token || !SCOPE_FILLERS.has(token.text)) gap += 1;
        j += 1;
      }
    }
  }
  for (const match of refusals) {
    // 'Botox nem pensar', 'laser? não!', 'agulha, jamais'.
    let j = match.end;
    while (
      tokens[j] &&
      (tokens[j]?.text === '?' || tokens[j]?.text === ',' || tokens[j]?.text === '!')
    )
      j += 1;
    const post = v.postCues.at(tokens, j);
    if (post) {
      const isBareNao = post.tokens.length === 1 && post.tokens[0] === 'nao';
      const next = tokens[j + 1];
      if (!isBareNao || !next || next.punct) refused.add(match.start);
    }
  }
  for (const match of refusals) {
    if (inAllergySpan(match.start)) continue;
    if (refused.has(match.start)) addExclusion(reading, match.value);
    else for (const technique of match.value.techniques) collect(reading.wanted, technique);
  }

  // Areas, goals.
  const areaMatches = v.areas.scan(tokens);
  for (const match of areaMatches) collect(reading.areas, match.value);
  for (const match of v.goals.scan(tokens)) {
    if (refused.has(match.start)) continue;
    if (!reading.goals.some((g) => g.key === match.value.key)) reading.goals.push(match.value);
  }

  // Time: past mentions date a stop ('parei há 8 meses'); a future one is the sun when the
  // clause names it ('praia em 10 dias'), else an event, named or not (the worst reading).
  const times = timeMentions(tokens, todayNumber);
  for (const time of times) {
    if (time.days < 0) continue;
    const [start, end] = clauseAround(tokens, time.index);
    let sun = false;
    // Near the date only: 'formatura em 10 dias, praia em 5 dias' is one of each.
    const from = Math.max(start, time.index - 6);
    const to = Math.min(end, time.index + 3);
    for (let k = from; k < to; k += 1) if (SUN_WORDS.has(tokens[k]?.text ?? '')) sun = true;
    if (sun) reading.sun_in_days = Math.min(reading.sun_in_days ?? Infinity, time.days);
    else reading.event_in_days = Math.min(reading.event_in_days ?? Infinity, time.days);
  }

  // Conditions.
  for (const match of v.conditions.scan(tokens)) {
    if (inAllergySpan(match.start)) continue;
    const [start, end] = clauseAround(tokens, match.start);
    let negated = false;
    for (let k = Math.max(start, match.start - 3); k < match.start; k += 1) {
      // 'não sei se estou grávida' is no denial: the worst reading keeps the condition.
      if (NEGATION_BEFORE_CONDITION.has(tokens[k]?.text ?? '') && tokens[k + 1]?.text !== 'sei')
        negated = true;
    }
    if (match.value === 'ISOTRETINOINA' && !negated) {
      negated = isotretinoinStopped(tokens, start, end, times);
    }
    if (negated) {
      collect(reading.denied, match.value);
      continue;
    }
    const areas = areaMatches.filter((a) => a.start >= start && a.start < end).map((a) => a.value);
    addCondition(reading, { code: match.value, areas: areas.length > 0 ? areas : null });
  }
  // 'tenho 16 anos'.
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const age = numberAt(tokens, i);
    if (
      age !== null &&
      tokens[i + 1]?.text === 'ano' &&
      age < 18 &&
      tokens[i - 1]?.text === 'tenho'
    ) {
      addCondition(reading, { code: 'MENOR18', areas: null });
    }
  }
  reading.conditions = reading.conditions.filter((c) => !reading.denied.includes(c.code));
  reading.budget_centavos = readBudgetCentavos(text);
  return reading;
}

/** 'parei o Roacutan há 8 meses': stopped longer ago than the window (a bare 'parei' is not). */
function isotretinoinStopped(
  tokens: readonly Token[],
  start: number,
  end: number,
  times: readonly TimeMention[],
): boolean {
  const v = words();
  let stopped = false;
  for (let k = start; k < end; k += 1) if (v.stopCues.at(tokens, k)) stopped = true;
  if (!stopped) return false;
  const past = times.filter((t) => t.index >= start && t.index < end && t.days < 0);
  if (past.length === 0) return false;
  // The most recent stop date is the worst reading.
  const latest = Math.max(...past.map((t) => t.days));
  return -latest > ISOTRETINOIN_WINDOW_DAYS;
}

/** Two readings as one (the record and the request): the worst of each. */
export function mergeReadings(a: ClinicalReading, b: ClinicalReading): ClinicalReading {
  const merged = emptyReading();
  for (const reading of [a, b]) {
    for (const exclusion of reading.exclusions) {
      if (!merged.exclusions.some((e) => e.label === exclusion.label))
        merged.exclusions.push(exclusion);
    }
    for (const found of reading.conditions)
      addCondition(merged, { ...found, areas: found.areas && [...found.areas] });
    for (const code of reading.denied) collect(merged.denied, code);
    for (const code of reading.allergies) collect(merged.allergies, code);
    for (const entry of reading.unknown_allergies) collect(merged.unknown_allergies, entry);
    for (const area of reading.areas) collect(merged.areas, area);
    for (const goal of reading.goals) {
      if (!merged.goals.some((g) => g.key === goal.key)) merged.goals.push(goal);
    }
    for (const technique of reading.wanted) collect(merged.wanted, technique);
    merged.event_in_days = minOrNull(merged.event_in_days, reading.event_in_days);
    merged.sun_in_days = minOrNull(merged.sun_in_days, reading.sun_in_days);
    merged.budget_centavos ??= reading.budget_centavos;
  }
  // A condition stated anywhere outweighs a denial elsewhere (worst reading), except a denial
  // in the same text, already applied by readClinicalText.
  merged.denied = merged.denied.filter((code) => !merged.conditions.some((c) => c.code === code));
  return merged;
}

function minOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

// ---------------------------------------------------------------------------------------------
// What was understood, in pt-BR

/** 'R$ 3.000,00' without Intl (the first screen loads no ICU data; see text.ts). */
function reaisText(centavos: number): string {
  const whole = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, '0');
  return `R$ ${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

function daysText(days: number): string {
  if (days === 0) return 'hoje';
  return days === 1 ? 'em 1 dia' : `em ${days} dias`;
}

/**
 * The "Entendi: …" sentence: refusals, conditions, allergies, dates, goals, areas, budget, e.g.
 * 'Entendi: sem laser, sem peeling; gestante; evento em 21 dias'.
 */
export function understoodSentence(
  reading: ClinicalReading,
  labels: {
    condition: (code: ConditionCode) => string;
    allergy: (code: AllergenCode) => string;
    area: (area: ClinicalArea) => string;
  },
): string {
  const parts: string[] = [];
  if (reading.exclusions.length > 0) {
    parts.push(
      reading.exclusions
        .map((e) => (e.effect ? CLINICAL_EFFECT_LABELS[e.effect] : `sem ${e.label}`))
        .join(', '),
    );
  }
  const said = [
    ...reading.conditions.map((c) => labels.condition(c.code)),
    ...reading.allergies.map((code) => labels.allergy(code)),
    ...reading.unknown_allergies.map((entry) => `alergia a ${entry}`),
  ];
  if (said.length > 0) parts.push(said.join(', '));
  if (reading.event_in_days !== null) parts.push(`evento ${daysText(reading.event_in_days)}`);
  if (reading.sun_in_days !== null) parts.push(`sol/praia ${daysText(reading.sun_in_days)}`);
  if (reading.goals.length > 0)
    parts.push(`objetivo: ${reading.goals.map((g) => g.label).join(', ')}`);
  if (reading.areas.length > 0)
    parts.push(`área: ${reading.areas.map((a) => labels.area(a)).join(', ')}`);
  if (reading.budget_centavos !== null) parts.push(`até ${reaisText(reading.budget_centavos)}`);
  return parts.length > 0
    ? `Entendi: ${parts.join('; ')}`
    : 'Entendi: nenhuma restrição ou preferência clínica no texto';
}

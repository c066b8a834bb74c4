import {
  AREA_WORDS,
  BODY_AREAS,
  BODY_SPOT_AREAS,
  PROCEDURE_TRAITS,
  SPOT_WORDS,
  TRAIT_IMPLICATIONS,
  TRAIT_NEGATIONS,
  TRAIT_PHRASES,
  WHOLE_AREA_WORDS,
  type BodyArea,
  type BodySpot,
  type ProcedureTrait,
} from './aesthetic-lexicon.ts';
import {
  contentStems,
  foldLower,
  isExcludedBy,
  prepareProcedureText,
  tokenizePt,
  type ExclusionReading,
  type PreparedProcedureText,
  type ProcedureText,
  type Token,
} from './goal-text.ts';

/**
 * What a procedure is, read from all of its text (DESIGN section 8): the techniques and
 * ingredients it uses (injectables, fillers, toxin, enzymes, threads, laser, acids, …), the area
 * it treats (face, body), and the care words of a request (pregnancy, needle fear, sensitive
 * skin, sun). An exclusion holds against these traits, not only against the procedure's name:
 * 'sem injetáveis' rules out 'Lipo de Papada Enzimática' ('Enzimas injetáveis…').
 */

/** A procedure as the reader sees it; `traits` are the ones an admin listed (keys or words). */
export interface TraitedProcedure extends ProcedureText {
  traits?: readonly string[] | null;
}

interface PhraseEntry {
  stems: string[];
  traits: readonly ProcedureTrait[];
}

let phraseCache: PhraseEntry[] | null = null;

/** The trait phrases as stem sequences, longest first (so the longest one wins). */
function traitPhrases(): PhraseEntry[] {
  if (!phraseCache) {
    phraseCache = TRAIT_PHRASES.map(([phrase, traits]) => ({
      stems: contentStems(phrase),
      traits,
    }))
      .filter((entry) => entry.stems.length > 0)
      .sort((a, b) => b.stems.length - a.stems.length);
  }
  return phraseCache;
}

const NEGATIONS = new Set(TRAIT_NEGATIONS.map(foldLower));

/** Whether a negation ('sem', 'não') precedes token `index`, with only stop words between. */
function negatedAt(tokens: readonly Token[], index: number): boolean {
  for (let k = index - 1; k >= 0; k--) {
    const token = tokens[k]!;
    if (token.isBreak) return false;
    if (NEGATIONS.has(token.folded)) return true;
    if (!token.isStop) return false;
  }
  return false;
}

/** Adds every trait the given ones imply (a toxin is an injectable, an injectable a needle). */
export function closeTraits(traits: Iterable<ProcedureTrait>): Set<ProcedureTrait> {
  const closed = new Set<ProcedureTrait>();
  const pending = [...traits];
  while (pending.length > 0) {
    const trait = pending.pop()!;
    if (closed.has(trait)) continue;
    closed.add(trait);
    pending.push(...(TRAIT_IMPLICATIONS[trait] ?? []));
  }
  return closed;
}

/**
 * The traits a text names, leftmost-longest phrase first. With `skipNegated` (a procedure's own
 * text), a phrase after 'sem'/'não' does not count ('Sem cortes' is not surgery).
 */
export function traitsInText(
  text: string,
  options: { skipNegated?: boolean } = {},
): Set<ProcedureTrait> {
  const tokens = tokenizePt(text.normalize('NFC'));
  const contentIndexes: number[] = [];
  tokens.forEach((token, index) => {
    if (!token.isBreak && !token.isStop) contentIndexes.push(index);
  });
  const found = new Set<ProcedureTrait>();
  for (let i = 0; i < contentIndexes.length;) {
    const entry = traitPhrases().find((candidate) =>
      candidate.stems.every((stem, k) => {
        const index = contentIndexes[i + k];
        // A phrase does not run across a break ('laser, ácido' is two phrases).
        if (index === undefined || tokens[index]!.stem !== stem) return false;
        return k === 0 || !tokens.slice(contentIndexes[i]!, index).some((t) => t.isBreak);
      }),
    );
    if (!entry) {
      i += 1;
      continue;
    }
    if (!(options.skipNegated && negatedAt(tokens, contentIndexes[i]!))) {
      entry.traits.forEach((trait) => found.add(trait));
    }
    i += entry.stems.length;
  }
  return found;
}

const TRAIT_KEYS = new Set<string>(PROCEDURE_TRAITS);

function isTraitKey(value: string): value is ProcedureTrait {
  return TRAIT_KEYS.has(value);
}

function procedureFullText(procedure: ProcedureText): string {
  const b = procedure.benefits ?? {};
  return [
    procedure.name,
    b.main_function,
    b.benefit1,
    b.benefit2,
    b.benefit3,
    procedure.description,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('.\n');
}

/**
 * Everything a procedure is: the traits its name, main function, benefits and description name,
 * united with the ones an admin listed (trait keys such as 'toxina', or words such as 'Toxina
 * botulínica'), and all they imply.
 */
export function procedureTraits(procedure: TraitedProcedure): Set<ProcedureTrait> {
  const traits = traitsInText(procedureFullText(procedure), { skipNegated: true });
  for (const explicit of procedure.traits ?? []) {
    const key = explicit.trim().toLowerCase();
    if (isTraitKey(key)) traits.add(key);
    else traitsInText(explicit).forEach((trait) => traits.add(trait));
  }
  return closeTraits(traits);
}

// ---------------------------------------------------------------------------------------------
// Areas
// ---------------------------------------------------------------------------------------------

let areaCache: Array<{ area: BodyArea; stems: string[] }> | null = null;

function areaPhrases() {
  if (!areaCache) {
    areaCache = BODY_AREAS.flatMap((area) =>
      AREA_WORDS[area].map((word) => ({ area, stems: contentStems(word) })),
    ).filter((entry) => entry.stems.length > 0);
  }
  return areaCache;
}

/** The areas (face, body) a text names; empty when it names none. */
export function areasInText(text: string): Set<BodyArea> {
  const stems = contentStems(text);
  const areas = new Set<BodyArea>();
  for (const { area, stems: phrase } of areaPhrases()) {
    if (areas.has(area)) continue;
    for (let i = 0; i + phrase.length <= stems.length; i++) {
      if (phrase.every((stem, k) => stems[i + k] === stem)) {
        areas.add(area);
        break;
      }
    }
  }
  return areas;
}

/** The areas a procedure treats, from all of its text; empty = either (a peeling, a laser). */
export function procedureAreas(procedure: ProcedureText): Set<BodyArea> {
  return areasInText(procedureFullText(procedure));
}

// ---------------------------------------------------------------------------------------------
// Spots
// ---------------------------------------------------------------------------------------------

let spotCache: Array<{ spots: readonly BodySpot[]; stems: string[] }> | null = null;
let wholeAreaCache: Array<{ area: BodyArea; stems: string[] }> | null = null;

function containsStems(stems: readonly string[], phrase: readonly string[]): boolean {
  for (let i = 0; i + phrase.length <= stems.length; i++) {
    if (phrase.every((stem, k) => stems[i + k] === stem)) return true;
  }
  return false;
}

/** The spots a text names ('gordura da barriga' → abdomen; 'testa e pés de galinha' → testa, olhos). */
export function spotsInText(text: string): Set<BodySpot> {
  spotCache ??= SPOT_WORDS.map(([word, spots]) => ({ spots, stems: contentStems(word) })).filter(
    (entry) => entry.stems.length > 0,
  );
  const stems = contentStems(text);
  return new Set(
    spotCache.filter((entry) => containsStems(stems, entry.stems)).flatMap((e) => e.spots),
  );
}

/** The areas a text names as a whole ('full face', 'corpo inteiro'). */
export function wholeAreasInText(text: string): Set<BodyArea> {
  wholeAreaCache ??= WHOLE_AREA_WORDS.map(([word, area]) => ({
    area,
    stems: contentStems(word),
  }));
  const stems = contentStems(text);
  return new Set(
    wholeAreaCache.filter((entry) => containsStems(stems, entry.stems)).map((e) => e.area),
  );
}

/** How a procedure stands towards the spots a client named. */
export interface SpotFit {
  /**
   * 'named': aimed at a spot the client named; 'whole': made for the whole area of one ('Toxina
   * Botulínica - Full Face'); 'general': names no spot of that area (a modelling massage);
   * 'elsewhere': aimed only at other spots of an area the client named spots in.
   */
  fit: 'named' | 'whole' | 'general' | 'elsewhere';
  /** The named spots it covers ('named' and 'whole'). */
  covers: BodySpot[];
}

/**
 * Whether a procedure serves the spots a client named: 'barriga' is covered by 'Criolipólise -
 * Abdômen' (named), served but not covered by a modelling massage (general), and neither by
 * 'Criolipólise - Flancos' (elsewhere: the waist is another spot of the body). Spots of another
 * area do not compete: in 'papada e barriga' a body procedure still serves the belly.
 */
export function spotFit(
  requested: ReadonlySet<BodySpot>,
  procedure: Pick<ProcedureProfile, 'spots' | 'wholeAreas'>,
): SpotFit {
  const named = [...requested].filter((spot) => procedure.spots.has(spot));
  const whole = [...requested].filter(
    (spot) => !named.includes(spot) && procedure.wholeAreas.has(BODY_SPOT_AREAS[spot]),
  );
  if (named.length > 0) return { fit: 'named', covers: [...named, ...whole] };
  if (whole.length > 0) return { fit: 'whole', covers: whole };
  const askedAreas = new Set([...requested].map((spot) => BODY_SPOT_AREAS[spot]));
  const elsewhere = [...procedure.spots].some((spot) => askedAreas.has(BODY_SPOT_AREAS[spot]));
  return { fit: elsewhere ? 'elsewhere' : 'general', covers: [] };
}

// ---------------------------------------------------------------------------------------------
// Exclusions against what a procedure is
// ---------------------------------------------------------------------------------------------

/** A procedure read once: its text prepared for matching, its traits, areas and spots. */
export interface ProcedureProfile {
  prepared: PreparedProcedureText;
  traits: ReadonlySet<ProcedureTrait>;
  areas: ReadonlySet<BodyArea>;
  /** The spots it is aimed at ('Criolipólise - Flancos': flancos), none for a general one. */
  spots: ReadonlySet<BodySpot>;
  /** The areas it treats as a whole ('full face'). */
  wholeAreas: ReadonlySet<BodyArea>;
}

export function profileProcedure(procedure: TraitedProcedure): ProcedureProfile {
  return {
    prepared: prepareProcedureText(procedure),
    traits: procedureTraits(procedure),
    areas: procedureAreas(procedure),
    spots: spotsInText(procedureFullText(procedure)),
    wholeAreas: wholeAreasInText(procedureFullText(procedure)),
  };
}

/** The traits an exclusion names ('sem injetáveis' → injetavel; 'sem agulhas' → agulha). */
export function exclusionTraits(exclusion: ExclusionReading): Set<ProcedureTrait> {
  const traits = traitsInText(exclusion.text);
  if (exclusion.needles) traits.add('agulha');
  return traits;
}

/**
 * Whether an exclusion rules a procedure out: its words name the procedure or its main function
 * ('sem drenagem'), or a technique or ingredient the procedure uses, even combined with others
 * ('sem toxina' rules out 'Harmonização Facial', which uses fillers and toxin).
 */
export function rulesOut(exclusion: ExclusionReading, profile: ProcedureProfile): boolean {
  if (isExcludedBy(profile.prepared, exclusion)) return true;
  for (const trait of exclusionTraits(exclusion)) {
    if (profile.traits.has(trait)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Care words
// ---------------------------------------------------------------------------------------------

/** Procedures to leave out in pregnancy or while breastfeeding. */
export const PREGNANCY_CONTRAINDICATED_TRAITS: readonly ProcedureTrait[] = [
  'agulha',
  'laser',
  'luz_pulsada',
  'acidos',
  'criolipolise',
  'radiofrequencia',
  'ultrassom',
];
/** Procedures after which the skin must stay out of the sun. */
export const SUN_SENSITIVE_TRAITS: readonly ProcedureTrait[] = [
  'laser',
  'luz_pulsada',
  'acidos',
  'peeling',
  'microagulhamento',
];
/** Procedures that may irritate a sensitive skin. */
export const SENSITIVE_SKIN_TRAITS: readonly ProcedureTrait[] = [
  'acidos',
  'peeling',
  'laser',
  'luz_pulsada',
  'microagulhamento',
];

export interface CareReading {
  /** 'gestação' or 'amamentação' when the client is pregnant or breastfeeding. */
  pregnancy: 'gestação' | 'amamentação' | null;
  /** Fear or dislike of needles ('não gosto de agulhas', 'medo de agulha'). */
  needleAversion: boolean;
  sensitiveSkin: boolean;
  /** 'nada invasivo', 'não invasivo': no needles and no surgery. */
  nonInvasive: boolean;
  /** The words about sun exposure ('praia em janeiro'), or null. */
  sunExposure: string | null;
}

const NOT_BEFORE = String.raw`(?<!\bnao\s(?:estou|esta|estava|sou|e|fica)\s)(?<!\bnao\s)`;
const PREGNANT = new RegExp(
  String.raw`${NOT_BEFORE}\b(gravida|gestante|gravidez|gestacao|gestando)\b`,
);
const BREASTFEEDING = new RegExp(
  String.raw`${NOT_BEFORE}\b(amamentando|amamentacao|amamenta|lactante|lactacao)\b`,
);
const NEEDLE_AVERSION =
  /\b(medo|pavor|fobia|trauma|panico|nao gost[oa]|odei[oa]|detest[oa]|nao suport[oa])\s+(?:de\s+|das?\s+|dos?\s+|com\s+)?(?:agulh|injec|injet|picad)/;
const SENSITIVE_SKIN =
  /\b(pele\s+(?:muito\s+)?(?:sensivel|sensibilizada|reativa|irritadica)|rosacea|sensibilidade\s+na\s+pele)\b/;
const NON_INVASIVE = /\b(?:nada|nao|nenhum\w*|sem\s+(?:nada|procedimento))\s+(?:de\s+)?invasiv/;
const SUN_EXPOSURE =
  /[^.;,\n]*\b(praia|verao|bronze\w*|tomar\s+sol|pegar\s+sol|exposicao\s+(?:ao\s+sol|solar)|piscina|ferias\s+no\s+sol)\b[^.;,\n]*/;

/** The care words of a request (accents and case ignored). */
export function readCareWords(text: string): CareReading {
  const original = text.normalize('NFC');
  const folded = foldLower(original);
  const sun = SUN_EXPOSURE.exec(folded);
  return {
    pregnancy: PREGNANT.test(folded)
      ? 'gestação'
      : BREASTFEEDING.test(folded)
        ? 'amamentação'
        : null,
    needleAversion: NEEDLE_AVERSION.test(folded),
    sensitiveSkin: SENSITIVE_SKIN.test(folded),
    nonInvasive: NON_INVASIVE.test(folded),
    sunExposure: sun
      ? original.slice(sun.index, sun.index + sun[0].length).trim() || sun[1]!
      : null,
  };
}

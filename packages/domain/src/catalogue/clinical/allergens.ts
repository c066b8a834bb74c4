import type { Ingredient } from './traits.ts';

/**
 * Allergies the clinical check knows (issue 26). In a client's allergy list each entry is read
 * as it stands ('lidocaína'); in free text an allergy needs its cue ('alergia a', 'alérgica a',
 * 'tive reação com'), so 'quero preenchimento' is not an allergy to filler. `ingredients` are
 * what procedures list in their traits (traits.ts): a procedure holding one gets at least a
 * warning even where no technique rule names the allergy.
 */

export const ALLERGEN_CODES = [
  'ALERGIA_ANEST',
  'ALERGIA_OVO',
  'ALERGIA_ALBUMINA_HUM',
  'ALERGIA_LEITE',
  'ALERGIA_LATEX',
  'ALERGIA_AH',
  'ANAFILAXIA',
  'ALERGIA_ABELHA',
  'ALERGIA_METAL',
] as const;
export type AllergenCode = (typeof ALLERGEN_CODES)[number];

export interface AllergenDefinition {
  code: AllergenCode;
  label: string;
  /** Short form for the "Entendi: …" sentence. */
  said: string;
  words: readonly string[];
  ingredients: readonly Ingredient[];
}

export const ALLERGENS: readonly AllergenDefinition[] = [
  {
    code: 'ALERGIA_ANEST',
    label: 'Alergia a anestésico local (lidocaína)',
    said: 'alergia a lidocaína/anestésico',
    words: [
      'lidocaína',
      'xilocaína',
      'prilocaína',
      'emla',
      'anestesia',
      'anestésico',
      'anestésicos',
      'anestésico local',
      'anestésico tópico',
      'anestésico de dentista',
      'pomada anestésica',
      'creme anestésico',
    ],
    ingredients: ['lidocaina'],
  },
  {
    code: 'ALERGIA_OVO',
    label: 'Alergia a ovo',
    said: 'alergia a ovo',
    words: ['ovo', 'ovos', 'clara de ovo', 'albumina'],
    ingredients: [],
  },
  {
    code: 'ALERGIA_ALBUMINA_HUM',
    label: 'Alergia a albumina humana ou reação prévia a toxina',
    said: 'alergia a toxina/albumina humana',
    words: [
      'albumina humana',
      'hemoderivado',
      'botox',
      'toxina',
      'toxina botulínica',
      'dysport',
      'xeomin',
      'botulift',
      'prosigne',
      'botulim',
    ],
    ingredients: ['albumina_humana', 'toxina_botulinica'],
  },
  {
    code: 'ALERGIA_LEITE',
    label: 'Alergia à proteína do leite de vaca (APLV)',
    said: 'alergia à proteína do leite',
    words: ['aplv', 'leite', 'proteína do leite', 'leite de vaca'],
    ingredients: ['proteina_leite'],
  },
  {
    code: 'ALERGIA_LATEX',
    label: 'Alergia a látex',
    said: 'alergia a látex',
    words: ['látex', 'luva', 'luvas', 'borracha'],
    ingredients: ['latex'],
  },
  {
    code: 'ALERGIA_AH',
    label: 'Alergia a ácido hialurônico ou reação prévia a preenchedor',
    said: 'alergia a ácido hialurônico',
    words: [
      'ácido hialurônico',
      'hialurônico',
      'preenchimento',
      'preenchedor',
      'preenchedores',
      'restylane',
      'juvederm',
    ],
    ingredients: ['acido_hialuronico'],
  },
  {
    code: 'ANAFILAXIA',
    label: 'Anafilaxia prévia ou múltiplas alergias graves',
    said: 'anafilaxia prévia',
    words: [
      'anafilaxia',
      'choque anafilático',
      'edema de glote',
      'caneta de adrenalina',
      'muitas alergias graves',
    ],
    ingredients: [],
  },
  {
    code: 'ALERGIA_ABELHA',
    label: 'Alergia grave a picada de abelha ou vespa',
    said: 'alergia a abelha/vespa',
    words: ['abelha', 'picada de abelha', 'vespa', 'marimbondo', 'picada de inseto'],
    ingredients: [],
  },
  {
    code: 'ALERGIA_METAL',
    label: 'Alergia a metal (níquel, ouro)',
    said: 'alergia a metal',
    words: ['níquel', 'metal', 'metais', 'bijuteria', 'ouro'],
    ingredients: ['metal'],
  },
];

export const ALLERGEN_BY_CODE: ReadonlyMap<AllergenCode, AllergenDefinition> = new Map(
  ALLERGENS.map((definition) => [definition.code, definition]),
);

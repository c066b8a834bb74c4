import { z } from 'zod';

/**
 * What the clinical check knows of a procedure (issue 26). Rules are written condition ×
 * technique, not condition × procedure: each procedure lists its techniques and the strongest
 * rule among them wins, so a new catalogue entry needs only its traits (demo-traits.ts holds the
 * demo catalogue's). The codes follow the existing trait words of
 * packages/domain/src/aesthetic-lexicon.ts where one exists, split where the rules differ
 * (ablative CO2 vs thulium laser; electric current, massage and suction had no key).
 */

export const TECHNIQUES = [
  'TOX',
  'AH',
  'BIO',
  'ENZ',
  'FIO',
  'MES',
  'CARB',
  'MAG',
  'RFM',
  'LAB',
  'LNA',
  'LIP',
  'LED',
  'RF',
  'HIFU',
  'CRIO',
  'ELE',
  'ACI',
  'MEC',
  'MAN',
  'MOD',
  'VAC',
  'ANE',
  'HID',
] as const;
export type Technique = (typeof TECHNIQUES)[number];

export const TECHNIQUE_LABELS: Record<Technique, string> = {
  TOX: 'toxina botulínica',
  AH: 'ácido hialurônico injetável',
  BIO: 'bioestimulador de colágeno',
  ENZ: 'enzimas/lipolíticos injetáveis',
  FIO: 'fios de sustentação',
  MES: 'intradermoterapia',
  CARB: 'carboxiterapia',
  MAG: 'microagulhamento',
  RFM: 'radiofrequência microagulhada',
  LAB: 'laser ablativo (CO2)',
  LNA: 'laser não ablativo',
  LIP: 'luz intensa pulsada',
  LED: 'LED',
  RF: 'radiofrequência',
  HIFU: 'ultrassom microfocado',
  CRIO: 'criolipólise',
  ELE: 'corrente elétrica',
  ACI: 'peeling químico (ácidos)',
  MEC: 'esfoliação mecânica',
  MAN: 'drenagem linfática manual',
  MOD: 'massagem modeladora',
  VAC: 'sucção mecânica (endermologia)',
  ANE: 'anestésico local/tópico (lidocaína)',
  HID: 'hidratação tópica',
};

/** Techniques that pierce the skin with a needle or cannula ('tenho pavor de agulha'). */
export const NEEDLE_TECHNIQUES: readonly Technique[] = [
  'TOX',
  'AH',
  'BIO',
  'ENZ',
  'FIO',
  'MES',
  'CARB',
  'MAG',
  'RFM',
];

/** Injected products ('sem injeção'); microneedling is added, conservatively. */
export const INJECTABLE_TECHNIQUES: readonly Technique[] = [
  'TOX',
  'AH',
  'BIO',
  'ENZ',
  'MES',
  'CARB',
  'FIO',
  'MAG',
];

/** Machines ('nada de máquina/aparelho'). */
export const DEVICE_TECHNIQUES: readonly Technique[] = [
  'LAB',
  'LNA',
  'LIP',
  'RF',
  'RFM',
  'HIFU',
  'CRIO',
  'ELE',
  'VAC',
];

/**
 * Where a procedure acts. Rules marked for the area (herpes on the lip, a plate in the knee)
 * apply only when the procedure's zone meets the condition's.
 */
export const CLINICAL_AREAS = [
  'rosto',
  'labios',
  'olhos',
  'nariz',
  'pescoco',
  'corpo',
  'abdome',
  'flancos',
  'coxas',
  'bracos',
  'gluteos',
] as const;
export type ClinicalArea = (typeof CLINICAL_AREAS)[number];

export const CLINICAL_AREA_LABELS: Record<ClinicalArea, string> = {
  rosto: 'rosto',
  labios: 'lábios',
  olhos: 'olhos',
  nariz: 'nariz',
  pescoco: 'pescoço',
  corpo: 'corpo',
  abdome: 'abdome',
  flancos: 'flancos',
  coxas: 'coxas',
  bracos: 'braços',
  gluteos: 'glúteos',
};

export type ClinicalZone = 'face' | 'corpo';

export const CLINICAL_AREA_ZONES: Record<ClinicalArea, ClinicalZone> = {
  rosto: 'face',
  labios: 'face',
  olhos: 'face',
  nariz: 'face',
  pescoco: 'face',
  corpo: 'corpo',
  abdome: 'corpo',
  flancos: 'corpo',
  coxas: 'corpo',
  bracos: 'corpo',
  gluteos: 'corpo',
};

/** Ingredients an allergy can name (allergens.ts) and a refusal can exclude ('nada de ácido'). */
export const INGREDIENTS = [
  'toxina_botulinica',
  'albumina_humana',
  'proteina_leite',
  'acido_hialuronico',
  'lidocaina',
  'plla',
  'caha',
  'desoxicolato',
  'acidos',
  'acido_glicolico',
  'vitamina_c',
  'latex',
  'metal',
  'polidioxanona',
  'co2_medicinal',
  'oxido_aluminio',
] as const;
export type Ingredient = (typeof INGREDIENTS)[number];

export const INGREDIENT_LABELS: Record<Ingredient, string> = {
  toxina_botulinica: 'toxina botulínica',
  albumina_humana: 'albumina humana',
  proteina_leite: 'proteína do leite',
  acido_hialuronico: 'ácido hialurônico',
  lidocaina: 'lidocaína',
  plla: 'ácido polilático',
  caha: 'hidroxiapatita de cálcio',
  desoxicolato: 'desoxicolato',
  acidos: 'ácidos',
  acido_glicolico: 'ácido glicólico',
  vitamina_c: 'vitamina C',
  latex: 'látex',
  metal: 'metal (agulhas/ponteiras)',
  polidioxanona: 'polidioxanona',
  co2_medicinal: 'gás carbônico medicinal',
  oxido_aluminio: 'óxido de alumínio',
};

export const ENERGIES = [
  'radiofrequencia',
  'laser_ablativo',
  'laser_nao_ablativo',
  'luz_pulsada',
  'led',
  'ultrassom',
  'frio',
  'corrente',
  'succao',
] as const;
export type Energy = (typeof ENERGIES)[number];

export const ANESTHESIA = ['nenhuma', 'creme_topico', 'no_produto', 'local_injetavel'] as const;
export type Anesthesia = (typeof ANESTHESIA)[number];

/**
 * A procedure's clinical traits. Days are whole days, the conservative end of the ranges the
 * sources give; `event_lead_days` is the least time a careful clinic leaves before a wedding
 * or photos; `sun_after_days` how long the sun is to be avoided after a session.
 */
export const clinicalTraitsSchema = z
  .object({
    techniques: z.array(z.enum(TECHNIQUES)).min(1),
    areas: z.array(z.enum(CLINICAL_AREAS)).min(1),
    ingredients: z.array(z.enum(INGREDIENTS)),
    energy: z.array(z.enum(ENERGIES)),
    anesthesia: z.enum(ANESTHESIA),
    /** Known brand when the product decides a rule (Dysport and milk protein); else null. */
    brand: z.string().min(1).nullable(),
    /** Depth of a chemical peel (ACI): the isotretinoin and pregnancy rules differ by it. */
    peel_depth: z.enum(['superficial', 'medio']).nullable(),
    downtime_days: z.number().int().min(0),
    bruising_days: z.number().int().min(0),
    swelling_days: z.number().int().min(0),
    sun_after_days: z.number().int().min(0),
    min_interval_days: z.number().int().min(0),
    event_lead_days: z.number().int().min(0),
  })
  .strict();
export type ClinicalTraits = z.infer<typeof clinicalTraitsSchema>;

/** The zones a set of areas covers. */
export function zonesOf(areas: readonly ClinicalArea[]): Set<ClinicalZone> {
  return new Set(areas.map((area) => CLINICAL_AREA_ZONES[area]));
}

/**
 * Days a procedure needs before an event: the stated lead time, never less than its downtime,
 * bruising or swelling (the rule: nothing that still shows on the day).
 */
export function eventLeadDays(traits: ClinicalTraits): number {
  return Math.max(
    traits.event_lead_days,
    traits.downtime_days,
    traits.bruising_days,
    traits.swelling_days,
  );
}

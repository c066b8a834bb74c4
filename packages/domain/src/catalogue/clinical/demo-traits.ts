import type { ClinicalSourceId } from './sources.ts';
import type { ClinicalTraits } from './traits.ts';

/**
 * Clinical traits of the demo catalogue (apps/api/src/db/seed/demo-catalogue.ts, by procedure
 * name), for the seed to store and the tests to check against (issue 26). Day counts take the
 * conservative end of the ranges in the sources; `sources` says where each procedure's days
 * and techniques come from. "Protocolo Glow Premium" is what its description says (Lavieen,
 * Skinbooster and LED); anaesthetic cream is listed wherever it is commonly used, so a lidocaine
 * allergy flags it.
 */

export interface DemoClinicalTraits {
  traits: ClinicalTraits;
  sources: readonly ClinicalSourceId[];
}

type Days = Pick<
  ClinicalTraits,
  | 'downtime_days'
  | 'bruising_days'
  | 'swelling_days'
  | 'sun_after_days'
  | 'min_interval_days'
  | 'event_lead_days'
>;

const days = (
  downtime: number,
  bruising: number,
  swelling: number,
  sunAfter: number,
  minInterval: number,
  eventLead: number,
): Days => ({
  downtime_days: downtime,
  bruising_days: bruising,
  swelling_days: swelling,
  sun_after_days: sunAfter,
  min_interval_days: minInterval,
  event_lead_days: eventLead,
});

const traits = (
  base: Pick<ClinicalTraits, 'techniques' | 'areas'> & Partial<ClinicalTraits>,
  timing: Days,
): ClinicalTraits => ({
  ingredients: [],
  energy: [],
  anesthesia: 'nenhuma',
  brand: null,
  peel_depth: null,
  ...base,
  ...timing,
});

const entry = (
  value: ClinicalTraits,
  sources: readonly ClinicalSourceId[],
): DemoClinicalTraits => ({
  traits: value,
  sources,
});

const TOXIN_BASE: Pick<ClinicalTraits, 'techniques' | 'ingredients'> = {
  techniques: ['TOX'],
  ingredients: ['toxina_botulinica', 'albumina_humana'],
};
const TOXIN_DAYS = days(0, 2, 1, 0, 90, 14);
const TOXIN_SOURCES: readonly ClinicalSourceId[] = ['L-BOTOXC', 'L-XEOMIN', 'S-TOXBR', 'S-EVENT'];
const CRYO_DAYS = days(0, 7, 3, 0, 60, 60);
const CRYO_SOURCES: readonly ClinicalSourceId[] = ['D-CS', 'S-CS-INT'];
const THREADS: Pick<ClinicalTraits, 'ingredients' | 'anesthesia'> = {
  ingredients: ['polidioxanona', 'lidocaina'],
  anesthesia: 'local_injetavel',
};
const THREAD_DAYS = days(7, 6, 7, 14, 120, 60);
const MECHANICAL_DAYS = days(1, 0, 0, 14, 14, 14);

export const DEMO_CLINICAL_TRAITS: Readonly<Record<string, DemoClinicalTraits>> = {
  'Limpeza de Pele Profunda': entry(
    traits({ techniques: ['MEC'], areas: ['rosto'] }, days(1, 0, 1, 7, 28, 14)),
    ['S-EVENT'],
  ),
  'Peeling de Diamante': entry(
    traits({ techniques: ['MEC'], areas: ['rosto'], ingredients: ['metal'] }, MECHANICAL_DAYS),
    ['S-MICRODERM', 'S-EVENT'],
  ),
  'Peeling Químico': entry(
    traits(
      {
        techniques: ['ACI'],
        areas: ['rosto'],
        ingredients: ['acidos', 'acido_glicolico'],
        peel_depth: 'superficial',
      },
      days(1, 0, 1, 14, 14, 14),
    ),
    ['S-PEEL', 'S-EVENT', 'C-TRIVEDI'],
  ),
  'Peeling de Cristal': entry(
    traits(
      { techniques: ['MEC'], areas: ['rosto'], ingredients: ['oxido_aluminio'] },
      MECHANICAL_DAYS,
    ),
    ['S-MICRODERM', 'S-EVENT'],
  ),
  'Drenagem Linfática': entry(
    traits({ techniques: ['MAN'], areas: ['corpo'] }, days(0, 0, 0, 0, 1, 0)),
    ['C-FOLDI', 'S-MLD'],
  ),
  'Hidratação Facial Profunda': entry(
    traits(
      { techniques: ['HID'], areas: ['rosto'], ingredients: ['acido_hialuronico'] },
      days(0, 0, 0, 0, 7, 0),
    ),
    ['POLICY'],
  ),
  'Massagem Modeladora': entry(
    traits({ techniques: ['MOD'], areas: ['corpo'] }, days(0, 2, 0, 0, 2, 3)),
    ['POLICY'],
  ),
  Microagulhamento: entry(
    traits(
      {
        techniques: ['MAG', 'ANE'],
        areas: ['rosto'],
        ingredients: ['lidocaina', 'metal', 'latex'],
        anesthesia: 'creme_topico',
      },
      days(1, 1, 1, 7, 28, 14),
    ),
    ['C-CHU-MN', 'S-MN-INT'],
  ),
  'Revitalização com Vitamina C': entry(
    traits(
      {
        techniques: ['HID', 'ACI'],
        areas: ['rosto'],
        ingredients: ['vitamina_c', 'acidos'],
        peel_depth: 'superficial',
      },
      days(0, 0, 0, 7, 7, 3),
    ),
    ['S-PEEL'],
  ),
  'LED Terapia Facial': entry(
    traits({ techniques: ['LED'], areas: ['rosto'], energy: ['led'] }, days(0, 0, 0, 0, 7, 0)),
    ['C-PBM'],
  ),
  Dermaplaning: entry(
    traits({ techniques: ['MEC'], areas: ['rosto'], ingredients: ['metal'] }, MECHANICAL_DAYS),
    ['S-MICRODERM', 'S-EVENT'],
  ),
  'Radiofrequência Facial': entry(
    traits(
      { techniques: ['RF'], areas: ['rosto'], energy: ['radiofrequencia'] },
      days(0, 0, 0, 0, 7, 3),
    ),
    ['D-TEMPSURE', 'POLICY'],
  ),
  'Radiofrequência Corporal': entry(
    traits(
      {
        techniques: ['RF'],
        areas: ['corpo', 'abdome', 'bracos', 'coxas'],
        energy: ['radiofrequencia'],
      },
      days(0, 0, 0, 0, 7, 3),
    ),
    ['D-TEMPSURE', 'POLICY'],
  ),
  'Radiofrequência Microagulhada': entry(
    traits(
      {
        techniques: ['RFM', 'MAG', 'ANE'],
        areas: ['rosto'],
        ingredients: ['lidocaina', 'metal'],
        energy: ['radiofrequencia'],
        anesthesia: 'creme_topico',
      },
      days(3, 7, 3, 14, 28, 28),
    ),
    ['D-INMODE', 'S-M8'],
  ),
  'Criolipólise - Abdômen': entry(
    traits({ techniques: ['CRIO'], areas: ['abdome'], energy: ['frio', 'succao'] }, CRYO_DAYS),
    CRYO_SOURCES,
  ),
  'Criolipólise - Flancos': entry(
    traits({ techniques: ['CRIO'], areas: ['flancos'], energy: ['frio', 'succao'] }, CRYO_DAYS),
    CRYO_SOURCES,
  ),
  'Criolipólise - Culote': entry(
    traits({ techniques: ['CRIO'], areas: ['coxas'], energy: ['frio', 'succao'] }, CRYO_DAYS),
    CRYO_SOURCES,
  ),
  'Criolipólise - Papada': entry(
    traits({ techniques: ['CRIO'], areas: ['pescoco'], energy: ['frio', 'succao'] }, CRYO_DAYS),
    CRYO_SOURCES,
  ),
  'Ultrassom Microfocado': entry(
    traits(
      { techniques: ['HIFU'], areas: ['rosto', 'pescoco'], energy: ['ultrassom'] },
      days(0, 2, 1, 0, 365, 14),
    ),
    ['D-ULTH', 'S-ULTH-SE', 'S-EVENT'],
  ),
  'Laser Lavieen': entry(
    traits(
      {
        techniques: ['LNA', 'ANE'],
        areas: ['rosto'],
        ingredients: ['lidocaina'],
        energy: ['laser_nao_ablativo'],
        anesthesia: 'creme_topico',
      },
      days(1, 0, 1, 14, 28, 14),
    ),
    ['C-1927', 'S-LASERSEQ'],
  ),
  'Luz Intensa Pulsada': entry(
    traits(
      { techniques: ['LIP'], areas: ['rosto'], energy: ['luz_pulsada'] },
      days(1, 0, 0, 7, 21, 21),
    ),
    ['S-IPL-CLINIC', 'S-IPL-TRAIN'],
  ),
  Endermologia: entry(
    traits({ techniques: ['VAC'], areas: ['corpo'], energy: ['succao'] }, days(0, 3, 0, 0, 2, 3)),
    ['S-ENDERMO'],
  ),
  Carboxiterapia: entry(
    traits(
      { techniques: ['CARB'], areas: ['olhos', 'corpo'], ingredients: ['co2_medicinal'] },
      days(1, 10, 2, 0, 7, 14),
    ),
    ['S-CARB'],
  ),
  'Toxina Botulínica - Terço Superior': entry(
    traits({ ...TOXIN_BASE, areas: ['rosto'] }, TOXIN_DAYS),
    TOXIN_SOURCES,
  ),
  'Toxina Botulínica - Full Face': entry(
    traits({ ...TOXIN_BASE, areas: ['rosto', 'pescoco'] }, TOXIN_DAYS),
    TOXIN_SOURCES,
  ),
  'Toxina Botulínica - Bruxismo': entry(
    traits({ ...TOXIN_BASE, areas: ['rosto'] }, TOXIN_DAYS),
    TOXIN_SOURCES,
  ),
  'Preenchimento Labial': entry(
    traits(
      {
        techniques: ['AH', 'ANE'],
        areas: ['labios'],
        ingredients: ['acido_hialuronico', 'lidocaina'],
        anesthesia: 'no_produto',
      },
      days(7, 10, 14, 1, 30, 28),
    ),
    ['L-RESTY', 'L-JUV', 'S-EVENT'],
  ),
  'Preenchimento de Olheiras': entry(
    traits(
      {
        techniques: ['AH', 'ANE'],
        areas: ['olhos'],
        ingredients: ['acido_hialuronico', 'lidocaina'],
        anesthesia: 'no_produto',
      },
      days(7, 7, 7, 1, 30, 28),
    ),
    ['L-RESTY', 'S-EVENT'],
  ),
  'Preenchimento de Mandíbula': entry(
    traits(
      {
        techniques: ['AH', 'ANE'],
        areas: ['rosto'],
        ingredients: ['acido_hialuronico', 'lidocaina'],
        anesthesia: 'no_produto',
      },
      days(3, 3, 3, 1, 30, 28),
    ),
    ['L-RESTY', 'S-EVENT'],
  ),
  'Bioestimulador de Colágeno': entry(
    traits(
      {
        techniques: ['BIO', 'ANE'],
        areas: ['rosto'],
        ingredients: ['plla', 'lidocaina'],
        anesthesia: 'no_produto',
      },
      days(3, 2, 1, 1, 21, 28),
    ),
    ['L-SCULP', 'L-RAD'],
  ),
  Skinbooster: entry(
    traits(
      { techniques: ['AH'], areas: ['rosto'], ingredients: ['acido_hialuronico'] },
      days(3, 14, 3, 1, 28, 28),
    ),
    ['S-SKB', 'L-RESTY'],
  ),
  'Intradermoterapia Corporal': entry(
    traits({ techniques: ['MES'], areas: ['corpo', 'abdome'] }, days(1, 2, 1, 0, 7, 7)),
    ['POLICY'],
  ),
  'Aplicação de Enzimas - Abdômen': entry(
    traits(
      { techniques: ['ENZ'], areas: ['abdome'], ingredients: ['desoxicolato'] },
      days(7, 7, 4, 0, 30, 42),
    ),
    ['L-KYB', 'S-KYB-SWELL', 'BR-UOL-2024'],
  ),
  'Fios de PDO - Lisos': entry(
    traits({ techniques: ['FIO', 'ANE'], areas: ['rosto', 'pescoco'], ...THREADS }, THREAD_DAYS),
    ['S-PDO'],
  ),
  'Fios de PDO - Espiculados': entry(
    traits({ techniques: ['FIO', 'ANE'], areas: ['rosto'], ...THREADS }, THREAD_DAYS),
    ['S-PDO'],
  ),
  'Fios de PDO - Sobrancelha': entry(
    traits({ techniques: ['FIO', 'ANE'], areas: ['rosto', 'olhos'], ...THREADS }, THREAD_DAYS),
    ['S-PDO'],
  ),
  'Lipo de Papada Enzimática': entry(
    traits(
      { techniques: ['ENZ'], areas: ['pescoco'], ingredients: ['desoxicolato'] },
      days(7, 7, 7, 0, 30, 42),
    ),
    ['L-KYB', 'S-KYB-SWELL', 'BR-UOL-2024'],
  ),
  'Harmonização Facial': entry(
    traits(
      {
        techniques: ['TOX', 'AH', 'ANE'],
        areas: ['rosto', 'labios', 'nariz'],
        ingredients: [
          'toxina_botulinica',
          'albumina_humana',
          'acido_hialuronico',
          'lidocaina',
          'latex',
        ],
        anesthesia: 'no_produto',
      },
      days(7, 10, 14, 1, 90, 28),
    ),
    ['L-BOTOXC', 'L-RESTY', 'L-JUV', 'S-EVENT'],
  ),
  Rinomodelação: entry(
    traits(
      {
        techniques: ['AH', 'ANE'],
        areas: ['nariz'],
        ingredients: ['acido_hialuronico', 'lidocaina'],
        anesthesia: 'no_produto',
      },
      days(3, 3, 7, 1, 30, 28),
    ),
    ['L-RESTY', 'S-EVENT'],
  ),
  'Protocolo Glow Premium': entry(
    traits(
      {
        techniques: ['LNA', 'AH', 'LED', 'ANE'],
        areas: ['rosto'],
        ingredients: ['acido_hialuronico', 'lidocaina'],
        energy: ['laser_nao_ablativo', 'led'],
        anesthesia: 'creme_topico',
      },
      days(3, 14, 3, 14, 28, 28),
    ),
    ['C-1927', 'S-SKB', 'C-PBM'],
  ),
  'Laser CO2 Fracionado': entry(
    traits(
      {
        techniques: ['LAB', 'ANE'],
        areas: ['rosto'],
        ingredients: ['lidocaina'],
        energy: ['laser_ablativo'],
        anesthesia: 'creme_topico',
      },
      days(7, 0, 7, 56, 56, 42),
    ),
    ['S-CO2', 'D-LUMENIS', 'S-EVENT'],
  ),
};

/** The demo procedures' clinical traits by name, or null for a name the table lacks. */
export function demoClinicalTraits(name: string): ClinicalTraits | null {
  return DEMO_CLINICAL_TRAITS[name]?.traits ?? null;
}

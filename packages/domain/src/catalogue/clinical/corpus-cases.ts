import type { ClinicalProcedure } from './check.ts';
import { DEMO_CLINICAL_TRAITS } from './demo-traits.ts';

/**
 * The generated corpus of pt-BR requests (issue 26): refusal cues (before and after the term) ×
 * terms × conditions (in the record or in the text) × word orders, goals and budgets rotating.
 * What must never pass and what must be warned is written by hand from the demo catalogue
 * (apps/api/src/db/seed/demo-catalogue.ts), not derived from rules.ts, so the corpus checks the
 * rules as well as the reading. Used by corpus.test.ts (the check) and by the API's
 * clinical-corpus test (every HTTP engine); not exported from the package index.
 */

export const CORPUS_TODAY = '2026-12-01';
export const CORPUS_DEMO: ClinicalProcedure[] = Object.entries(DEMO_CLINICAL_TRAITS).map(
  ([name, entry], index) => ({ id: index + 1, name, traits: entry.traits }),
);

const TOXINS = [
  'Toxina Botulínica - Terço Superior',
  'Toxina Botulínica - Full Face',
  'Toxina Botulínica - Bruxismo',
];
const CRYO = [
  'Criolipólise - Abdômen',
  'Criolipólise - Flancos',
  'Criolipólise - Culote',
  'Criolipólise - Papada',
];
const THREADS = ['Fios de PDO - Lisos', 'Fios de PDO - Espiculados', 'Fios de PDO - Sobrancelha'];
const HYALURONIC = [
  'Preenchimento Labial',
  'Preenchimento de Olheiras',
  'Preenchimento de Mandíbula',
  'Skinbooster',
  'Harmonização Facial',
  'Rinomodelação',
  'Protocolo Glow Premium',
];
const NEEDLES = [
  ...TOXINS,
  ...HYALURONIC,
  ...THREADS,
  'Bioestimulador de Colágeno',
  'Intradermoterapia Corporal',
  'Aplicação de Enzimas - Abdômen',
  'Lipo de Papada Enzimática',
  'Carboxiterapia',
  'Microagulhamento',
  'Radiofrequência Microagulhada',
];
const WITH_ANAESTHETIC = [
  'Microagulhamento',
  'Radiofrequência Microagulhada',
  'Laser Lavieen',
  'Laser CO2 Fracionado',
  'Preenchimento Labial',
  'Preenchimento de Olheiras',
  'Preenchimento de Mandíbula',
  'Bioestimulador de Colágeno',
  'Harmonização Facial',
  'Rinomodelação',
  'Protocolo Glow Premium',
  ...THREADS,
];

const PRE_CUES = [
  'sem {t}',
  'nada de {t}',
  'zero {t}',
  'dispenso {t}',
  'tenho pavor de {t}',
  'não quero {t}',
  'longe de {t}',
  'evitar {t}',
];
const POST_CUES = ['{t} nem pensar', '{t} jamais', '{t}? não!', '{t} de jeito nenhum'];
const CUES = [...PRE_CUES, ...POST_CUES];

const TERMS: ReadonlyArray<{ text: string; never: readonly string[] }> = [
  { text: 'botox', never: [...TOXINS, 'Harmonização Facial'] },
  {
    text: 'laser',
    never: [
      'Laser Lavieen',
      'Laser CO2 Fracionado',
      'Luz Intensa Pulsada',
      'Protocolo Glow Premium',
    ],
  },
  { text: 'agulha', never: NEEDLES },
  { text: 'ácido hialurônico', never: [...HYALURONIC, 'Hidratação Facial Profunda'] },
  { text: 'peeling', never: ['Peeling Químico', 'Peeling de Diamante', 'Peeling de Cristal'] },
  { text: 'criolipólise', never: CRYO },
  {
    text: 'radiofrequência',
    never: ['Radiofrequência Facial', 'Radiofrequência Corporal', 'Radiofrequência Microagulhada'],
  },
];

interface CorpusCondition {
  text: string;
  /** Goes in the allergy list when kept in the record. */
  allergy?: boolean;
  never: readonly string[];
  warned: readonly string[];
}

const CONDITIONS: readonly CorpusCondition[] = [
  { text: '', never: [], warned: [] },
  {
    text: 'estou grávida',
    never: [
      ...TOXINS,
      'Harmonização Facial',
      'Ultrassom Microfocado',
      ...CRYO,
      ...HYALURONIC,
      'Bioestimulador de Colágeno',
      ...THREADS,
      'Aplicação de Enzimas - Abdômen',
      'Lipo de Papada Enzimática',
      'Radiofrequência Facial',
      'Radiofrequência Corporal',
      'Radiofrequência Microagulhada',
      'Laser Lavieen',
      'Laser CO2 Fracionado',
      'Luz Intensa Pulsada',
      'Microagulhamento',
      'Carboxiterapia',
      'Endermologia',
      'Massagem Modeladora',
      'Intradermoterapia Corporal',
    ],
    warned: [
      'Drenagem Linfática',
      'LED Terapia Facial',
      'Limpeza de Pele Profunda',
      'Dermaplaning',
    ],
  },
  {
    text: 'tenho marcapasso',
    never: [
      'Radiofrequência Facial',
      'Radiofrequência Corporal',
      'Radiofrequência Microagulhada',
      'Ultrassom Microfocado',
    ],
    warned: ['Luz Intensa Pulsada', ...CRYO, 'Endermologia', 'Drenagem Linfática'],
  },
  {
    text: 'uso Roacutan',
    never: ['Laser CO2 Fracionado', 'Radiofrequência Microagulhada'],
    warned: [
      'Microagulhamento',
      'Laser Lavieen',
      'Luz Intensa Pulsada',
      'Radiofrequência Facial',
      'Peeling de Diamante',
    ],
  },
  {
    text: 'tenho queloide',
    never: ['Bioestimulador de Colágeno', 'Laser CO2 Fracionado', 'Radiofrequência Microagulhada'],
    warned: ['Microagulhamento', 'Luz Intensa Pulsada', 'Laser Lavieen', 'Ultrassom Microfocado'],
  },
  {
    text: 'tomo Marevan',
    never: [],
    warned: ['Preenchimento Labial', 'Bioestimulador de Colágeno', 'Microagulhamento', ...TOXINS],
  },
  {
    text: 'sou alérgica a lidocaína',
    allergy: true,
    never: WITH_ANAESTHETIC,
    warned: ['Ultrassom Microfocado'],
  },
];

const GOALS = [
  'quero tratar a flacidez do rosto',
  'quero clarear manchas',
  'quero reduzir a gordura da barriga',
  'quero suavizar rugas',
  'foco em celulite',
];
const BUDGETS = ['', 'até R$ 3.000', 'orçamento de R$ 1.500,00', 'uns 2 mil reais'];

export interface CorpusCase {
  text: string;
  record: { conditions: string[]; allergies: string[] };
  never: Set<string>;
  warned: Set<string>;
}

export function clinicalCorpus(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  let n = 0;
  for (const cue of CUES) {
    for (const t of TERMS) {
      for (const condition of CONDITIONS) {
        for (const order of [0, 1, 2] as const) {
          n += 1;
          const refusal = cue.replace('{t}', t.text);
          const goal = GOALS[n % GOALS.length] ?? '';
          const budget = BUDGETS[n % BUDGETS.length] ?? '';
          // Half the conditions come from the record, half from the request's own words.
          const inRecord = condition.text !== '' && n % 2 === 0;
          const said = inRecord ? '' : condition.text;
          const parts =
            order === 0
              ? [said, refusal, goal, budget]
              : order === 1
                ? [goal, budget, refusal, said]
                : [refusal, said, budget, goal];
          const text = parts.filter(Boolean).join('. ');
          const record = {
            conditions: inRecord && !condition.allergy ? [condition.text] : [],
            allergies: inRecord && condition.allergy ? ['lidocaína'] : [],
          };
          const never = new Set([...t.never, ...condition.never]);
          cases.push({
            text,
            record,
            never,
            warned: new Set(condition.warned.filter((name) => !never.has(name))),
          });
        }
      }
    }
  }
  return cases;
}

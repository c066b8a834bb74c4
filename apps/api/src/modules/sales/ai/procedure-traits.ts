import { contentStems, goalsInText, NEEDLE_PROCEDURE_TERMS, stemPt } from '@portal/domain';

/**
 * What the local engine knows about a procedure family from its name and benefits: the goals it
 * serves and the technique (needles, light, acids, cold, heat), which decide contraindications,
 * intervals and aftercare. Deterministic text, written for a clinic's staff.
 */

export interface ProcedureFacts {
  name: string;
  mainFunction?: string | null;
  benefit1?: string | null;
  benefit2?: string | null;
  benefit3?: string | null;
  description?: string | null;
}

export type Technique = 'needles' | 'light' | 'acids' | 'cold' | 'heat';

const TECHNIQUE_WORDS: Record<Technique, readonly string[]> = {
  needles: NEEDLE_PROCEDURE_TERMS,
  light: ['laser', 'luz pulsada', 'lip', 'led', 'fotona', 'fototerapia', 'ipl'],
  acids: ['peeling', 'ácido', 'ácidos', 'retinoico', 'glicólico'],
  cold: ['criolipólise', 'crioterapia', 'criofrequência'],
  heat: ['radiofrequência', 'ultrassom', 'hifu', 'ultraformer', 'endermoterapia'],
};

const TECHNIQUE_STEMS = Object.fromEntries(
  Object.entries(TECHNIQUE_WORDS).map(([technique, words]) => [
    technique,
    new Set(words.flatMap((w) => contentStems(w))),
  ]),
) as Record<Technique, Set<string>>;

export function techniquesOf(procedure: ProcedureFacts): Technique[] {
  const stems = new Set(contentStems(`${procedure.name} ${procedure.mainFunction ?? ''}`));
  return (Object.keys(TECHNIQUE_STEMS) as Technique[]).filter((technique) =>
    [...TECHNIQUE_STEMS[technique]].some((stem) => stems.has(stem)),
  );
}

export function goalKeysOf(procedure: ProcedureFacts): string[] {
  const text = [
    procedure.name,
    procedure.mainFunction,
    procedure.benefit1,
    procedure.benefit2,
    procedure.benefit3,
  ]
    .filter(Boolean)
    .join('. ');
  return goalsInText(text).map((goal) => goal.key);
}

/** How each goal is reached, for the "mechanism" of a combination. */
export const GOAL_MECHANISMS: Record<string, string> = {
  gordura_localizada: 'reduz as células de gordura e melhora o contorno',
  flacidez: 'estimula colágeno e devolve firmeza à pele',
  manchas: 'controla a melanina e renova a camada superficial da pele',
  rugas: 'suaviza as linhas e estimula a produção de colágeno',
  celulite: 'melhora a circulação e a estrutura do tecido sob a pele',
  acne: 'controla a oleosidade e a inflamação dos poros',
  olheiras: 'clareia e melhora a circulação da região dos olhos',
  hidratacao: 'repõe água e lipídios e devolve o viço à pele',
  contorno_facial: 'define e sustenta as estruturas do rosto',
};

export const TECHNIQUE_CONTRAINDICATIONS: Record<Technique, readonly string[]> = {
  needles: [
    'Alergia a componentes dos produtos injetáveis',
    'Uso de anticoagulantes sem liberação médica',
  ],
  light: [
    'Pele bronzeada ou exposição solar intensa nas últimas 4 semanas',
    'Uso recente de isotretinoína ou de medicamentos fotossensibilizantes',
  ],
  acids: ['Sensibilidade ou alergia a ácidos', 'Pele com irritação ou descamação ativa'],
  cold: ['Crioglobulinemia, urticária ao frio ou fenômeno de Raynaud'],
  heat: ['Marca-passo, implantes metálicos ou próteses na região tratada'],
};

export const TECHNIQUE_AFTERCARE: Record<Technique, { dos: string[]; donts: string[] }> = {
  needles: {
    dos: ['Aplicar compressa fria e manter a cabeça elevada nas primeiras horas após injetáveis'],
    donts: ['Não massagear a região nem fazer atividade física intensa nas 24 h após injetáveis'],
  },
  light: {
    dos: ['Reforçar o protetor solar FPS 50 todos os dias durante o tratamento com laser ou luz'],
    donts: ['Não agendar laser ou luz logo após exposição solar intensa'],
  },
  acids: {
    dos: ['Indicar hidratação intensa e fotoproteção nos dias seguintes ao peeling'],
    donts: ['Não usar ácidos em casa nos 5 dias anteriores e posteriores ao peeling'],
  },
  cold: {
    dos: ['Estimular hidratação e drenagem nas semanas seguintes à criolipólise'],
    donts: ['Não repetir a mesma área antes de 60 dias'],
  },
  heat: {
    dos: ['Orientar hidratação abundante no dia da sessão'],
    donts: ['Não aplicar calor sobre áreas com inflamação ativa'],
  },
};

/** Typical days between sessions of a technique, for scheduling tips. */
export const TECHNIQUE_INTERVALS: Record<Technique, string> = {
  needles: '15 a 30 dias entre aplicações na mesma região',
  light: '21 a 30 dias entre sessões',
  acids: '15 a 21 dias entre peelings',
  cold: '45 a 60 dias entre sessões na mesma área',
  heat: '7 a 15 dias entre sessões',
};

export const TECHNIQUE_LABELS: Record<Technique, string> = {
  needles: 'injetáveis',
  light: 'laser ou luz',
  acids: 'peelings',
  cold: 'criolipólise',
  heat: 'tecnologias de calor',
};

/** Same stem as a name word: 'peelings' and 'Peeling químico' meet. */
export function mentions(text: string, word: string): boolean {
  const target = stemPt(word);
  return contentStems(text).includes(target);
}

import { describe, expect, it } from 'vitest';
import { matchProcedure, parseBudgetInput, readBudget, readGoalText, stemPt } from './goal-text.ts';

interface Case {
  text: string;
  goals: string[];
  /** Annual budget in reais, and whether it was given per month. */
  budget?: { reais: number; monthly: boolean };
  /** Exclusion texts; 'agulhas' marks a needle exclusion. */
  excludes?: string[];
}

const PROCEDURE_NAMES = [
  'Criolipólise',
  'Peeling químico',
  'Laser CO2 fracionado',
  'Toxina botulínica',
  'Bioestimulador de colágeno',
  'Drenagem linfática',
  'Radiofrequência',
];

// 34 phrases as professionals type or dictate them.
const CASES: Case[] = [
  {
    text: 'Quero reduzir gordura localizada na barriga, até R$ 1.500,00',
    goals: ['gordura_localizada'],
    budget: { reais: 1500, monthly: false },
  },
  {
    text: 'Cliente com flacidez no rosto e manchas de melasma, orçamento 2 mil',
    goals: ['flacidez', 'manchas'],
    budget: { reais: 2000, monthly: false },
  },
  {
    text: 'sem agulhas, quero tratar rugas e pés de galinha',
    goals: ['rugas'],
    excludes: ['agulhas'],
  },
  {
    text: 'Tenho medo de agulha. Gostaria de clarear manchas',
    goals: ['manchas'],
    excludes: ['agulhas'],
  },
  {
    text: 'não quero laser; foco em celulite e furinhos no bumbum, até 800 por mês',
    goals: ['celulite'],
    budget: { reais: 9600, monthly: true },
    excludes: ['laser'],
  },
  {
    text: 'Quero emagrecer e diminuir culote e pochete, 1,5 mil',
    goals: ['gordura_localizada'],
    budget: { reais: 1500, monthly: false },
  },
  {
    text: 'acne e cravos, pele oleosa, 1500 reais',
    goals: ['acne'],
    budget: { reais: 1500, monthly: false },
  },
  { text: 'olheiras profundas e olhar cansado', goals: ['olheiras'] },
  { text: 'Pele ressecada, sem viço, quero hidratação', goals: ['hidratacao'] },
  { text: 'contorno facial e definição da mandíbula', goals: ['contorno_facial'] },
  { text: 'REJUVENESCER, bigode chinês e linhas de expressão', goals: ['rugas'] },
  {
    text: 'evitar laser e peeling, tratar manchas',
    goals: ['manchas'],
    excludes: ['laser peeling'],
  },
  {
    text: 'nada de injeções! quero firmeza e sustentação',
    goals: ['flacidez'],
    excludes: ['agulhas'],
  },
  {
    text: 'papada e flancos, R$ 3.000 por ano',
    goals: ['gordura_localizada'],
    budget: { reais: 3000, monthly: false },
  },
  // 'sem' before a goal is what the client wants to be rid of, not an exclusion.
  { text: 'quero ficar sem manchas e sem rugas', goals: ['manchas', 'rugas'] },
  {
    text: 'casca de laranja nas coxas, R$500/mês',
    goals: ['celulite'],
    budget: { reais: 6000, monthly: true },
  },
  // A count of sessions is not money.
  { text: 'Pele flácida, até 3 sessões por mês', goals: ['flacidez'] },
  { text: 'criolipólise no abdômen', goals: ['gordura_localizada'] },
  { text: 'quero clareamento e uniformizar o tom de pele', goals: ['manchas'] },
  {
    text: 'espinhas e oleosidade, mensalidade de 300',
    goals: ['acne'],
    budget: { reais: 3600, monthly: true },
  },
  {
    text: 'firmeza, colágeno e melhora da flacidez, R$ 2 mil',
    goals: ['flacidez'],
    budget: { reais: 2000, monthly: false },
  },
  { text: 'orçamento de 10.000', goals: [], budget: { reais: 10000, monthly: false } },
  { text: 'flácido e com rugas, sem botox', goals: ['flacidez', 'rugas'], excludes: ['botox'] },
  {
    text: 'Quero algo natural para olheiras, alergia a ácido',
    goals: ['olheiras'],
    excludes: ['ácido'],
  },
  {
    text: 'Bioestimulador de colágeno para flacidez',
    goals: ['flacidez', 'termo:bioestimulador'],
  },
  {
    text: 'Gostaria de radiofrequência para a papada, 2.500 reais por mês',
    goals: ['gordura_localizada', 'termo:radiofrequenci'],
    budget: { reais: 30000, monthly: true },
  },
  { text: 'MANCHAS, MELASMA e sardas', goals: ['manchas'] },
  {
    text: 'quero drenagem para medidas, 3k',
    goals: ['gordura_localizada', 'termo:drenagem'],
    budget: { reais: 3000, monthly: false },
  },
  { text: 'ruga na testa; sem agulha nenhuma', goals: ['rugas'], excludes: ['agulhas'] },
  { text: 'tratar celulite e flacidez nas pernas', goals: ['celulite', 'flacidez'] },
  {
    text: 'Cliente quer harmonização facial sem preenchimento',
    goals: ['contorno_facial'],
    excludes: ['preenchimento'],
  },
  {
    text: 'gastar no máximo R$ 900 mensais com hidratação e luminosidade',
    goals: ['hidratacao'],
    budget: { reais: 10800, monthly: true },
  },
  { text: 'pele oleosa com poros dilatados', goals: ['acne'] },
  { text: 'pescoço com linhas e pele caída', goals: ['rugas', 'flacidez'] },
];

describe('goal text reader (pt-BR)', () => {
  it.each(CASES)('reads "$text"', ({ text, goals, budget, excludes }) => {
    const reading = readGoalText(text, { vocabulary: PROCEDURE_NAMES });
    expect(reading.goals.map((g) => g.key).sort()).toEqual([...goals].sort());
    if (budget) {
      expect(reading.budget?.annualCentavos).toBe(budget.reais * 100);
      expect(reading.budget?.period).toBe(budget.monthly ? 'monthly' : 'annual');
    } else {
      expect(reading.budget).toBeNull();
    }
    const exclusions = reading.exclusions.map((e) => (e.needles ? 'agulhas' : e.text));
    expect(exclusions).toEqual(excludes ?? []);
  });

  it('stems plural, gender and verb forms to the same root', () => {
    expect(stemPt('manchas')).toBe(stemPt('mancha'));
    expect(stemPt('flácida')).toBe(stemPt('flacidez'));
    expect(stemPt('hidratação')).toBe(stemPt('hidratar'));
    expect(stemPt('clareamento')).toBe(stemPt('clarear'));
    expect(stemPt('rejuvenescimento')).toBe(stemPt('rejuvenescer'));
    expect(stemPt('lesões')).toBe(stemPt('lesão'));
    expect(stemPt('firmeza')).toBe(stemPt('firme'));
    expect(stemPt('oleosidade')).toBe(stemPt('oleosa'));
    expect(stemPt('laser')).toBe('laser');
  });

  it('reads budget fields written the Brazilian way', () => {
    expect(parseBudgetInput('1.500,00')?.annualCentavos).toBe(150_000);
    expect(parseBudgetInput('R$ 2 mil')?.annualCentavos).toBe(200_000);
    expect(parseBudgetInput('800 por mês')).toMatchObject({
      annualCentavos: 960_000,
      period: 'monthly',
      monthlyCentavos: 80_000,
    });
    expect(parseBudgetInput(1234.5)?.annualCentavos).toBe(123_450);
    expect(parseBudgetInput('1,5 mil')?.annualCentavos).toBe(150_000);
    expect(parseBudgetInput('')).toBeUndefined();
    expect(parseBudgetInput(null)).toBeUndefined();
    expect(parseBudgetInput('muito')).toBeNull();
    expect(parseBudgetInput(-5)).toBeNull();
    expect(readBudget('sem orçamento definido')).toBeNull();
  });

  it('scores a procedure by the strongest field naming each goal, and applies exclusions', () => {
    const reading = readGoalText('flacidez e manchas, sem agulhas');
    const bio = matchProcedure(reading, {
      name: 'Bioestimulador de colágeno',
      description: 'Estimula colágeno e melhora manchas leves.',
      benefits: { main_function: 'Flacidez', benefit1: null, benefit2: null, benefit3: null },
    });
    // flacidez: name says colágeno (4); manchas: description only (1).
    expect(bio.goalKeys).toEqual(['flacidez', 'manchas']);
    expect(bio.score).toBe(5);
    expect(bio.excludedBy?.needles).toBe(true);

    const peeling = matchProcedure(reading, {
      name: 'Peeling de diamante',
      description: '',
      benefits: {
        main_function: 'Clareamento',
        benefit1: 'Uniformiza o tom',
        benefit2: null,
        benefit3: null,
      },
    });
    expect(peeling.goalKeys).toEqual(['manchas']);
    expect(peeling.score).toBe(3);
    expect(peeling.excludedBy).toBeNull();
  });
});

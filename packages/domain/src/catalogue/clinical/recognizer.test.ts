import { describe, expect, it } from 'vitest';
import { readBudgetCentavos, readClinicalText } from './recognizer.ts';

const TODAY = '2026-12-01';
const read = (text: string) => readClinicalText(text, TODAY);
const excluded = (text: string) => read(text).exclusions.map((e) => e.label);

describe('refusals, whatever the cue and its place', () => {
  it.each([
    ['sem laser', 'laser'],
    ['nada de botox', 'toxina botulínica'],
    ['zero peeling', 'peeling'],
    ['nem pensar em fios', 'fios'],
    ['não posso fazer criolipólise', 'criolipólise'],
    ['não quero preenchimento', 'preenchimento'],
    ['dispenso radiofrequência', 'radiofrequência'],
    ['tenho pavor de agulha', 'agulha'],
    ['longe de ácido', 'ácidos'],
    ['evitar carboxi', 'carboxiterapia'],
    ['Botox nem pensar', 'toxina botulínica'],
    ['Dysport jamais', 'toxina botulínica'],
    ['laser? não!', 'laser'],
    ['agulha, de jeito nenhum', 'agulha'],
    ['microagulhamento tá fora', 'microagulhamento'],
    ['nada invasivo', 'procedimento invasivo'],
    ['Restylane nunca mais', 'ácido hialurônico'],
  ])('%s', (text, label) => {
    expect(excluded(text)).toContain(label);
  });

  it('reads a list after one cue and stops at what is wanted', () => {
    expect(excluded('sem laser, peeling ou ácido, mas quero botox')).toEqual([
      'laser',
      'peeling',
      'ácidos',
    ]);
    expect(read('sem laser, mas quero botox').wanted).toContain('TOX');
  });

  it('reads effects: nada que deixe roxo, nada que inche, sem dor', () => {
    const reading = read('nada que deixe roxo, nada que inche e sem dor');
    expect(reading.exclusions.map((e) => e.effect)).toEqual(['roxo', 'inchaco', 'dor']);
  });

  it('does not read "nunca fiz botox" or "quero botox" as refusals', () => {
    expect(excluded('nunca fiz botox')).toEqual([]);
    expect(excluded('quero botox não sei se dói')).toEqual([]);
    expect(read('quero botox').wanted).toEqual(['TOX']);
  });

  it('keeps "ácido hialurônico" apart from acids', () => {
    expect(excluded('nada de ácido hialurônico')).toEqual(['ácido hialurônico']);
    expect(excluded('sem ácido')).toEqual(['ácidos']);
  });
});

describe('conditions and allergies', () => {
  it.each([
    ['Tô grávida de 3 meses', 'GESTACAO'],
    ['gestante', 'GESTACAO'],
    ['estou amamentando', 'LACTACAO'],
    ['uso marca-passo', 'CIED'],
    ['tenho marcapasso', 'CIED'],
    ['tomo Marevan', 'ANTICOAG'],
    ['tomo AAS infantil', 'ANTIAGREGANTE'],
    ['Uso isotretinoína há 2 meses', 'ISOTRETINOINA'],
    ['tô no Roacutan', 'ISOTRETINOINA'],
    ['faço quelóide', 'QUELOIDE'],
    ['sou diabética tipo 1', 'DIABETES'],
    ['tenho herpes labial', 'HERPES_ATIVO'],
    ['tenho lúpus', 'LUPUS'],
    ['tenho epilepsia', 'EPILEPSIA'],
    ['tenho placa e parafuso no braço', 'IMPLANTE_METAL'],
    ['peguei sol no fds', 'BRONZEADO'],
    ['tomo doxiciclina', 'FOTOSSENSIBILIZANTE'],
    ['tenho 16 anos', 'MENOR18'],
  ])('%s', (text, code) => {
    expect(read(text).conditions.map((c) => c.code)).toContain(code);
  });

  it('denies a condition only with a cue right before it', () => {
    expect(read('não estou grávida').conditions).toEqual([]);
    expect(read('não estou grávida').denied).toEqual(['GESTACAO']);
    expect(read('nega gestação').denied).toEqual(['GESTACAO']);
    expect(read('não sei se estou grávida').conditions.map((c) => c.code)).toEqual(['GESTACAO']);
    expect(read('não amamento mais').conditions).toEqual([]);
  });

  it('keeps isotretinoin active within 6 months of the last dose', () => {
    expect(read('parei o Roacutan há 1 ano').conditions).toEqual([]);
    expect(read('parei o Roacutan há 2 meses').conditions.map((c) => c.code)).toEqual([
      'ISOTRETINOINA',
    ]);
    expect(read('parei o Roacutan').conditions.map((c) => c.code)).toEqual(['ISOTRETINOINA']);
  });

  it('places a condition where the text says', () => {
    expect(read('tenho pino na perna').conditions).toEqual([
      { code: 'IMPLANTE_METAL', areas: ['coxas'] },
    ]);
    expect(read('tenho implante metálico').conditions).toEqual([
      { code: 'IMPLANTE_METAL', areas: null },
    ]);
  });

  it('needs a cue for an allergy in free text, not in an allergy list', () => {
    expect(read('sou alérgica a lidocaína e látex').allergies).toEqual([
      'ALERGIA_ANEST',
      'ALERGIA_LATEX',
    ]);
    expect(read('quero preenchimento').allergies).toEqual([]);
    expect(readClinicalText('xilocaína', TODAY, { mode: 'allergy_list' }).allergies).toEqual([
      'ALERGIA_ANEST',
    ]);
    expect(read('Botox nunca mais, tive reação').allergies).toContain('ALERGIA_ALBUMINA_HUM');
    expect(readClinicalText('dipirona', TODAY, { mode: 'allergy_list' }).unknown_allergies).toEqual(
      ['dipirona'],
    );
  });
});

describe('dates from today (2026-12-01, São Paulo)', () => {
  it.each([
    ['casamento daqui a 3 semanas', 21],
    ['formatura em 10 dias', 10],
    ['casamento dia 20', 19],
    ['festa dia 5/1', 35],
    ['evento mês que vem', 31],
    ['viajo amanhã', 1],
    ['casamento em janeiro', 31],
    ['aniversário no fim do mês', 30],
    ['casamento daqui a dois meses', 60],
    ['evento daqui a 3 a 4 semanas', 21],
  ])('%s → %i days', (text, days) => {
    expect(read(text).event_in_days).toBe(days);
  });

  it('reads a beach trip as sun, not as an event', () => {
    const reading = read('vou para a praia em 10 dias');
    expect(reading.sun_in_days).toBe(10);
    expect(reading.event_in_days).toBeNull();
  });

  it('does not read the past as an event', () => {
    expect(read('fiz botox há 2 meses').event_in_days).toBeNull();
  });
});

describe('areas, goals, budgets', () => {
  it('reads areas and goals', () => {
    const reading = read('quero melhorar a flacidez da barriga e as manchas do rosto');
    expect(reading.areas).toEqual(['abdome', 'rosto']);
    expect(reading.goals.map((g) => g.key)).toEqual(['flacidez', 'manchas']);
  });

  it.each([
    ['até R$ 3.000', 300_000],
    ['R$ 1.500,00', 150_000],
    ['orçamento de 3 mil reais', 300_000],
    ['R$ 2,5 mil', 250_000],
    ['uns 800 reais', 80_000],
    ['R$3k', 300_000],
  ])('%s', (text, centavos) => {
    expect(readBudgetCentavos(text)).toBe(centavos);
  });

  it('reads no budget in a count of sessions or weeks', () => {
    expect(readBudgetCentavos('3 sessões em 2 semanas')).toBeNull();
  });
});

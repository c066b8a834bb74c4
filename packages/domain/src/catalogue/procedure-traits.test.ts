import { describe, expect, it } from 'vitest';
import { readBudget, readGoalText } from './goal-text.ts';
import {
  areasInText,
  procedureAreas,
  procedureTraits,
  profileProcedure,
  readCareWords,
  rulesOut,
  spotFit,
  spotsInText,
  type TraitedProcedure,
} from './procedure-traits.ts';

const LIPO_PAPADA: TraitedProcedure = {
  name: 'Lipo de Papada Enzimática',
  description: 'Enzimas injetáveis e tecnologia para eliminar a gordura submentoniana.',
  benefits: {
    main_function: 'Contorno facial',
    benefit1: 'Elimina a papada',
    benefit2: 'Define o pescoço',
    benefit3: 'Sem cortes',
  },
};
const HARMONIZACAO: TraitedProcedure = {
  name: 'Harmonização Facial',
  description: 'Planejamento completo com preenchedores e toxina para equilibrar o rosto.',
  benefits: { main_function: 'Contorno facial' },
};
const ULTRASSOM: TraitedProcedure = {
  name: 'Ultrassom Microfocado',
  description: 'Energia ultrassônica focada que promove efeito lifting sem cirurgia.',
  benefits: { main_function: 'Flacidez', benefit1: 'Efeito lifting' },
};
const HIDRATACAO: TraitedProcedure = {
  name: 'Hidratação Facial Profunda',
  description: 'Protocolo com ácido hialurônico de uso tópico e máscara de alta hidratação.',
};
const LED: TraitedProcedure = {
  name: 'LED Terapia Facial',
  description: 'Fototerapia com LEDs azul e vermelho.',
};
const RADIO_CORPORAL: TraitedProcedure = {
  name: 'Radiofrequência Corporal',
  description: 'Radiofrequência para abdômen, braços e coxas com foco em firmeza.',
  benefits: { main_function: 'Flacidez' },
};

const traits = (p: TraitedProcedure) => [...procedureTraits(p)].sort();
const excludes = (request: string, p: TraitedProcedure) =>
  readGoalText(request).exclusions.some((e) => rulesOut(e, profileProcedure(p)));

describe('procedureTraits', () => {
  it('reads what a procedure is from its description, not only its name', () => {
    expect(traits(LIPO_PAPADA)).toEqual(['agulha', 'enzima', 'injetavel']);
  });

  it('knows a combination by its name: harmonização is fillers and toxin', () => {
    expect(traits({ name: 'Harmonização Facial' })).toEqual(
      expect.arrayContaining(['preenchedor', 'toxina', 'injetavel', 'agulha']),
    );
  });

  it('does not count what the text denies ("sem cirurgia", "Sem cortes")', () => {
    expect(traits(ULTRASSOM)).toEqual(['ultrassom']);
    expect(traits(LIPO_PAPADA)).not.toContain('cirurgia');
  });

  it('keeps hyaluronic acid apart from peeling acids', () => {
    expect(traits(HIDRATACAO)).toEqual(['acido_hialuronico']);
  });

  it('unites the traits an admin listed (keys or words) with what the text says', () => {
    expect(
      traits({ name: 'Protocolo da Casa', traits: ['laser', 'Toxina botulínica', 'inexistente'] }),
    ).toEqual(['agulha', 'injetavel', 'laser', 'toxina']);
  });
});

describe('rulesOut', () => {
  it.each([
    ['sem injetáveis', LIPO_PAPADA, true],
    ['Não quero toxina botulínica nem preenchimento', HARMONIZACAO, true],
    ['sem toxina', HARMONIZACAO, true],
    ['sem agulhas', HARMONIZACAO, true],
    ['não quero cirurgia', ULTRASSOM, false],
    ['sem laser', LED, false],
    ['sem ácidos', HIDRATACAO, false],
    ['é alérgica a ácido hialurônico', HIDRATACAO, true],
    ['sem radiofrequência', RADIO_CORPORAL, true],
    ['sem enzimas', HARMONIZACAO, false],
  ] as const)('"%s" on %s → %s', (request, procedure, expected) => {
    expect(excludes(request, procedure)).toBe(expected);
  });
});

describe('areas', () => {
  it('reads face and body from a request', () => {
    expect([...areasInText('flacidez no rosto')]).toEqual(['face']);
    expect([...areasInText('gordura localizada na barriga')]).toEqual(['body']);
    expect([...areasInText('papada e barriga')].sort()).toEqual(['body', 'face']);
    expect([...areasInText('quero clarear manchas')]).toEqual([]);
  });

  it('reads the area a procedure treats', () => {
    expect([...procedureAreas(RADIO_CORPORAL)]).toEqual(['body']);
    expect([...procedureAreas(LIPO_PAPADA)]).toEqual(['face']);
  });
});

const CRIO_ABDOMEN: TraitedProcedure = {
  name: 'Criolipólise - Abdômen',
  description: 'Resfriamento controlado que elimina células de gordura do abdômen.',
  benefits: { main_function: 'Gordura localizada' },
};
const CRIO_FLANCOS: TraitedProcedure = {
  name: 'Criolipólise - Flancos',
  description: 'Aplicação de criolipólise nos flancos para afinar a cintura.',
  benefits: { main_function: 'Gordura localizada', benefit1: 'Cintura mais definida' },
};
const MASSAGEM: TraitedProcedure = {
  name: 'Massagem Modeladora',
  description: 'Manobras vigorosas que ativam a circulação e ajudam a modelar a silhueta.',
  benefits: { main_function: 'Gordura localizada', benefit1: 'Modela o contorno corporal' },
};
const TOXINA_FULL_FACE: TraitedProcedure = {
  name: 'Toxina Botulínica - Full Face',
  description: 'Protocolo completo de toxina para o rosto inteiro.',
  benefits: { main_function: 'Rugas e linhas de expressão' },
};

describe('spots', () => {
  it('reads the spots a request names, synonyms meeting at one spot', () => {
    expect([...spotsInText('quero reduzir a papada e a gordura da barriga')].sort()).toEqual([
      'abdomen',
      'papada',
    ]);
    expect([...spotsInText('gordura no abdome')]).toEqual(['abdomen']);
    expect([...spotsInText('afinar a cintura')]).toEqual(['flancos']);
    expect([...spotsInText('rugas na testa e pés de galinha')].sort()).toEqual(['olhos', 'testa']);
    expect([...spotsInText('flacidez no rosto')]).toEqual([]);
    expect([...spotsInText('quero tratar as olheiras')]).toEqual([]);
  });

  it('tells a procedure for the spot from one for another spot of the same area', () => {
    const belly = spotsInText('gordura da barriga');
    expect(spotFit(belly, profileProcedure(CRIO_ABDOMEN))).toEqual({
      fit: 'named',
      covers: ['abdomen'],
    });
    expect(spotFit(belly, profileProcedure(CRIO_FLANCOS)).fit).toBe('elsewhere');
    expect(spotFit(belly, profileProcedure(MASSAGEM))).toEqual({ fit: 'general', covers: [] });
    // A spot of the face does not compete with one of the body.
    expect(spotFit(belly, profileProcedure(LIPO_PAPADA)).fit).toBe('general');
    expect(spotFit(spotsInText('papada'), profileProcedure(LIPO_PAPADA)).fit).toBe('named');
    expect(spotFit(new Set(), profileProcedure(CRIO_FLANCOS)).fit).toBe('general');
  });

  it('counts a procedure for the whole face as covering a spot of the face', () => {
    expect(spotFit(spotsInText('rugas na testa'), profileProcedure(TOXINA_FULL_FACE))).toEqual({
      fit: 'whole',
      covers: ['testa'],
    });
    expect(spotFit(spotsInText('braços e abdômen'), profileProcedure(RADIO_CORPORAL))).toEqual({
      fit: 'named',
      covers: ['abdomen', 'bracos'],
    });
  });
});

describe('readCareWords', () => {
  it('reads pregnancy and breastfeeding, and a denial', () => {
    expect(readCareWords('estou grávida e quero hidratar').pregnancy).toBe('gestação');
    expect(readCareWords('Gestante, quer drenagem').pregnancy).toBe('gestação');
    expect(readCareWords('amamentando, quer tratar a barriga').pregnancy).toBe('amamentação');
    expect(readCareWords('não estou grávida').pregnancy).toBeNull();
  });

  it('reads needle fear, sensitive skin and sun exposure', () => {
    expect(readCareWords('não gosto de agulhas').needleAversion).toBe(true);
    expect(readCareWords('tenho pavor de injeção').needleAversion).toBe(true);
    expect(readCareWords('sem agulhas').needleAversion).toBe(false);
    expect(readCareWords('tem pele sensível').sensitiveSkin).toBe(true);
    expect(readCareWords('nada invasivo, por favor').nonInvasive).toBe(true);
    expect(readCareWords('quer algo invasivo').nonInvasive).toBe(false);
    expect(readCareWords('vou à praia em janeiro, quero manchas').sunExposure).toBe(
      'vou à praia em janeiro',
    );
    expect(readCareWords('quer tirar manchas de sol').sunExposure).toBeNull();
  });
});

describe('goal text', () => {
  it('reads a bare monthly amount, but not a count of sessions', () => {
    expect(readBudget('uns 1.200 mensais')).toMatchObject({
      period: 'monthly',
      monthlyCentavos: 120_000,
      annualCentavos: 1_440_000,
    });
    expect(readBudget('posso 900/mês')).toMatchObject({ monthlyCentavos: 90_000 });
    expect(readBudget('2 por mês')).toBeNull();
  });

  it('reads a place after another goal as where, not as a goal of its own', () => {
    const keys = (text: string) => readGoalText(text).goals.map((g) => g.key);
    expect(keys('flacidez da barriga')).toEqual(['flacidez']);
    expect(keys('flacidez no corpo, braços e abdômen')).toEqual(['flacidez']);
    expect(keys('quero perder barriga')).toEqual(['gordura_localizada']);
    expect(keys('flacidez e papada').sort()).toEqual(['flacidez', 'gordura_localizada']);
  });

  it('reads a technique after "sem" as an exclusion, a condition as a goal', () => {
    const reading = readGoalText('sem criolipólise, quero ficar sem manchas');
    expect(reading.exclusions.map((e) => e.text)).toEqual(['criolipólise']);
    expect(reading.goals.map((g) => g.key)).toEqual(['manchas']);
  });
});

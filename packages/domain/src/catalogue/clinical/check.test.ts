import { describe, expect, it } from 'vitest';
import {
  clinicalCheck,
  clinicalIssueSchema,
  todayInSaoPaulo,
  unresolvedBlocks,
  type ClinicalCheckResult,
  type ClinicalProcedure,
} from './check.ts';
import { DEMO_CLINICAL_TRAITS } from './demo-traits.ts';
import type { ClinicalTraits } from './traits.ts';

const TODAY = '2026-12-01';
const DEMO: ClinicalProcedure[] = Object.entries(DEMO_CLINICAL_TRAITS).map(
  ([name, entry], index) => ({ id: index + 1, name, traits: entry.traits }),
);
const idOf = (name: string): number => {
  const found = DEMO.find((p) => p.name === name);
  if (!found) throw new Error(`no demo procedure ${name}`);
  return found.id;
};
const blocked = (result: ClinicalCheckResult) =>
  DEMO.filter((p) => result.blocked_ids.includes(p.id)).map((p) => p.name);
const warned = (result: ClinicalCheckResult) =>
  DEMO.filter((p) => result.warned_ids.includes(p.id)).map((p) => p.name);
const check = (request: string, conditions: string[] = [], allergies: string[] = []) =>
  clinicalCheck({ conditions, allergies }, request, DEMO, TODAY);

const TOXINS = [
  'Toxina Botulínica - Terço Superior',
  'Toxina Botulínica - Full Face',
  'Toxina Botulínica - Bruxismo',
];

describe('the ten requests of issue 26', () => {
  it('1. a "gestante" client never gets toxin', () => {
    const result = check('quero suavizar as rugas da testa', ['gestante']);
    expect(blocked(result)).toEqual(expect.arrayContaining([...TOXINS, 'Harmonização Facial']));
    expect(result.understood).toContain('gestante');
  });

  it('2. marca-passo and belly flaccidity: no body radiofrequency', () => {
    const result = check('Tenho marcapasso; quero melhorar a flacidez da barriga');
    expect(blocked(result)).toEqual(
      expect.arrayContaining([
        'Radiofrequência Corporal',
        'Radiofrequência Facial',
        'Radiofrequência Microagulhada',
      ]),
    );
    expect(warned(result)).toEqual(
      expect.arrayContaining(['Endermologia', 'Criolipólise - Abdômen']),
    );
  });

  it('3. isotretinoin for 2 months: CO2 and RF microneedling out, the rest warned', () => {
    const result = check('Uso isotretinoína há 2 meses, quero tratar as cicatrizes de acne');
    expect(blocked(result)).toEqual(
      expect.arrayContaining(['Laser CO2 Fracionado', 'Radiofrequência Microagulhada']),
    );
    expect(warned(result)).toEqual(
      expect.arrayContaining([
        'Microagulhamento',
        'Peeling Químico',
        'Laser Lavieen',
        'Luz Intensa Pulsada',
      ]),
    );
  });

  it('4. keloid and diabetes, stretch marks: no collagen stimulator, threads warned', () => {
    const result = check('Tenho queloide e sou diabética; quero tratar estrias');
    expect(blocked(result)).toEqual(
      expect.arrayContaining([
        'Bioestimulador de Colágeno',
        'Laser CO2 Fracionado',
        'Radiofrequência Microagulhada',
      ]),
    );
    expect(warned(result)).toEqual(
      expect.arrayContaining([
        'Fios de PDO - Lisos',
        'Fios de PDO - Espiculados',
        'Microagulhamento',
        'Preenchimento Labial',
      ]),
    );
    expect(result.understood).toBe('Entendi: queloide, diabetes; objetivo: estrias');
  });

  it('5. zero laser and zero peeling: none of them', () => {
    const result = check('Zero laser e zero peeling: quero clarear manchas');
    expect(blocked(result)).toEqual(
      expect.arrayContaining([
        'Laser Lavieen',
        'Laser CO2 Fracionado',
        'Luz Intensa Pulsada',
        'Protocolo Glow Premium',
        'Peeling Químico',
        'Peeling de Diamante',
        'Peeling de Cristal',
      ]),
    );
    expect(result.understood).toBe('Entendi: sem laser, sem peeling; objetivo: manchas');
  });

  it('6. wedding in 3 weeks, nothing that bruises: no fillers or threads, toxin warned', () => {
    const result = check('Casamento daqui a 3 semanas… nada que deixe roxo');
    expect(blocked(result)).toEqual(
      expect.arrayContaining([
        'Preenchimento Labial',
        'Preenchimento de Olheiras',
        'Fios de PDO - Lisos',
        'Harmonização Facial',
        'Skinbooster',
        'Carboxiterapia',
      ]),
    );
    for (const toxin of TOXINS) expect(warned(result)).toContain(toxin);
    expect(result.understood).toBe('Entendi: nada que deixe roxo; evento em 21 dias');
  });

  it('7. no hyaluronic acid yet more volume in the lips: every hyaluronic procedure out', () => {
    const result = check('Nada de ácido hialurônico, mas quero mais volume nos lábios');
    expect(blocked(result)).toEqual(
      expect.arrayContaining([
        'Preenchimento Labial',
        'Skinbooster',
        'Rinomodelação',
        'Harmonização Facial',
        'Protocolo Glow Premium',
      ]),
    );
    expect(result.reading.goals.map((g) => g.key)).toEqual(['volume']);
    expect(result.reading.areas).toEqual(['labios']);
  });

  it('8. a lidocaine allergy flags what is done under anaesthetic cream', () => {
    const result = check('quero rejuvenescer', [], ['lidocaína']);
    expect(blocked(result)).toEqual(
      expect.arrayContaining([
        'Microagulhamento',
        'Radiofrequência Microagulhada',
        'Laser Lavieen',
        'Laser CO2 Fracionado',
        'Preenchimento Labial',
        'Fios de PDO - Lisos',
      ]),
    );
    expect(blocked(result)).not.toContain('Toxina Botulínica - Terço Superior');
  });

  it('9. (handled before, still) needle phobia keeps the needle-free ones', () => {
    const result = check('Tenho pavor de agulha, quero firmeza no rosto');
    expect(blocked(result)).toEqual(
      expect.arrayContaining([...TOXINS, 'Microagulhamento', 'Fios de PDO - Lisos']),
    );
    expect(blocked(result)).not.toContain('Ultrassom Microfocado');
    expect(blocked(result)).not.toContain('Radiofrequência Facial');
  });

  it('10. (handled before, still) "não estou grávida" blocks nothing', () => {
    const result = check('Não estou grávida, quero botox até R$ 1.500,00');
    expect(result.blocked_ids).toEqual([]);
    expect(result.understood).toBe('Entendi: até R$ 1.500,00');
  });
});

describe('rules and their exceptions', () => {
  const solo = (traits: Partial<ClinicalTraits>): ClinicalProcedure[] => [
    {
      id: 1,
      name: 'Teste',
      traits: { ...DEMO_CLINICAL_TRAITS['Peeling Químico']!.traits, ...traits },
    },
  ];
  const severityOf = (
    procedures: ClinicalProcedure[],
    conditions: string[],
    allergies: string[] = [],
  ) =>
    clinicalCheck({ conditions, allergies }, '', procedures, TODAY).issues.map((i) => i.severity);

  it('pregnancy: a superficial glycolic peel is a warning, any other peel a block', () => {
    expect(severityOf(solo({}), ['GESTACAO'])).toEqual(['relative']);
    expect(severityOf(solo({ ingredients: ['acidos'] }), ['GESTACAO'])).toEqual(['absolute']);
    expect(severityOf(solo({ peel_depth: 'medio' }), ['GESTACAO'])).toEqual(['absolute']);
  });

  it('isotretinoin: a medium peel is a block, a superficial one a warning', () => {
    expect(severityOf(solo({ peel_depth: 'medio' }), ['ISOTRETINOINA'])).toEqual(['absolute']);
    expect(severityOf(solo({}), ['ISOTRETINOINA'])).toEqual(['relative']);
  });

  it('milk protein blocks only Dysport; an egg allergy only warns on toxin', () => {
    const toxin = DEMO_CLINICAL_TRAITS['Toxina Botulínica - Terço Superior']!.traits;
    const one = (brand: string | null) => [{ id: 1, name: 'Toxina', traits: { ...toxin, brand } }];
    expect(severityOf(one('Dysport'), [], ['APLV'])).toEqual(['absolute']);
    expect(severityOf(one('Botox'), [], ['APLV'])).toEqual([]);
    expect(severityOf(one(null), [], ['APLV'])).toEqual(['relative']);
    expect(severityOf(one(null), [], ['ovo'])).toEqual(['relative']);
  });

  it('applies area rules only where the condition is', () => {
    const body = check('', ['tenho pino na perna']);
    expect(blocked(body)).toContain('Radiofrequência Corporal');
    expect(blocked(body)).not.toContain('Radiofrequência Facial');
    const herpes = check('', ['herpes labial']);
    expect(blocked(herpes)).toContain('Preenchimento Labial');
    expect(blocked(herpes)).not.toContain('Criolipólise - Abdômen');
  });

  it('blocks by time: recovery longer than the days to the event; sun warns', () => {
    const result = check('formatura em 10 dias, vou à praia em 5 dias');
    expect(blocked(result)).toContain('Laser CO2 Fracionado');
    expect(blocked(result)).not.toContain('LED Terapia Facial');
    expect(
      result.issues.some(
        (i) => i.code === 'sun_timing' && i.service_id === idOf('Luz Intensa Pulsada'),
      ),
    ).toBe(true);
  });

  it('warns, never guesses, on a procedure without traits', () => {
    const result = clinicalCheck(
      { conditions: ['gestante'], allergies: [] },
      '',
      [{ id: 9, name: 'Novo', traits: null }],
      TODAY,
    );
    expect(result.issues).toEqual([
      expect.objectContaining({ code: 'unknown_traits', severity: 'relative' }),
    ]);
  });

  it('still excludes by name what the request refuses, on a procedure without traits', () => {
    const result = clinicalCheck(
      { conditions: [], allergies: [] },
      'Zero laser e zero peeling: quero clarear manchas',
      [
        { id: 9, name: 'Peeling Fotos Novo', traits: null },
        { id: 10, name: 'Hidratação Nova', traits: null },
      ],
      TODAY,
    );
    expect(result.blocked_ids).toEqual([9]);
    expect(result.issues).toContainEqual(
      expect.objectContaining({ code: 'exclusion', service_id: 9, severity: 'absolute' }),
    );
    expect(result.issues).toContainEqual(
      expect.objectContaining({ code: 'unknown_traits', service_id: 10, severity: 'relative' }),
    );
  });

  it('holds an allergy the portal does not know against ingredient names', () => {
    const result = check('', [], ['vitamina C']);
    expect(blocked(result)).toEqual(['Revitalização com Vitamina C']);
  });
});

describe('the answer', () => {
  it('has the API shape and never suggests stopping a medication', () => {
    const result = check(
      'tomo Marevan e AAS, uso isotretinoína, tomo doxiciclina, sou gestante e diabética',
      ['varfarina', 'epilepsia'],
      ['lidocaína', 'látex'],
    );
    expect(result.issues.length).toBeGreaterThan(0);
    for (const issue of result.issues) {
      expect(() => clinicalIssueSchema.parse(issue)).not.toThrow();
      expect(issue.message).not.toMatch(/suspend|interromp|\bpar(e|ar)\b|deixe de tomar/i);
    }
  });

  it('keeps a blocked procedure only with a recorded reason', () => {
    const result = check('', ['gestante']);
    const id = idOf('Toxina Botulínica - Terço Superior');
    const own = result.issues.filter((i) => i.service_id === id);
    expect(unresolvedBlocks(own, [])).toHaveLength(1);
    expect(
      unresolvedBlocks(own, [{ service_id: id, condition: 'GESTACAO', reason: 'curto' }]),
    ).toHaveLength(1);
    expect(
      unresolvedBlocks(own, [
        { service_id: id, condition: 'GESTACAO', reason: 'Liberação escrita do obstetra anexada.' },
      ]),
    ).toEqual([]);
  });

  it('gives today in São Paulo', () => {
    expect(todayInSaoPaulo(new Date('2026-12-01T02:30:00Z'))).toBe('2026-11-30');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseAiItemsText,
  type AiTextResponse,
  type Package,
  type RecommendationResponse,
  type Service,
} from '@portal/domain';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import {
  BODY_FAT,
  FILLERS,
  LASERS,
  NEEDLES,
  NOT_IN_PREGNANCY,
  SPOTS,
  THREADS,
  TOXINS,
  WRINKLES,
} from './helpers/demo-procedure-groups.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Realistic pt-BR requests, in a professional's own words, against the demo catalogue: what each
 * answer must include, must leave out and must warn about. A case is "fully right" when both the
 * recommendation (POST /recommendations/) and the chat (POST /ai/ai/text, with the procedures the
 * builder sends for that package) keep every expectation.
 *
 * Package names are the demo ones; prices are read from the API, so a budget warning is checked
 * against whatever the packages cost.
 */

type PackageKey = 'essencial' | 'bemEstar' | 'contorno' | 'rejuvenescimento';

const PACKAGE_NAMES: Record<PackageKey, string> = {
  essencial: 'Pacote Essencial 1',
  bemEstar: 'Pacote Bem-Estar 2',
  contorno: 'Pacote Contorno Corporal 3',
  rejuvenescimento: 'Pacote Rejuvenescimento 4',
};

interface RequestCase {
  text: string;
  pkg: PackageKey;
  /** All of these are recommended (POST /recommendations/). */
  include?: string[];
  /** At least one of these is recommended. */
  includeAny?: string[];
  /** None of these appear in either answer. */
  exclude?: string[];
  /**
   * Exactly these warning codes, in both answers (any order), plus 'budget_below_package' —
   * first — when `annualBudget` is below the package's price as the API reports it.
   */
  warnings?: string[];
  /** The client's annual budget in reais, when the request states one. */
  annualBudget?: number;
  /** The request names no goal: the "fill up the package" reason is then allowed. */
  noGoal?: boolean;
}

const REQUEST_CASES: RequestCase[] = [
  {
    text: 'quero reduzir gordura localizada na barriga e melhorar flacidez, orçamento R$ 1.500 por mês, sem injetáveis',
    pkg: 'contorno',
    include: ['Criolipólise - Abdômen', 'Radiofrequência Corporal'],
    exclude: [
      'Lipo de Papada Enzimática',
      'Aplicação de Enzimas - Abdômen',
      'Intradermoterapia Corporal',
      'Criolipólise - Papada',
      'Limpeza de Pele Profunda',
    ],
    warnings: [],
    annualBudget: 18_000,
  },
  {
    text: 'Não quero toxina botulínica nem preenchimento, quero rejuvenescer o rosto',
    pkg: 'rejuvenescimento',
    includeAny: ['Laser CO2 Fracionado', 'Radiofrequência Microagulhada'],
    exclude: [...TOXINS, ...FILLERS, 'Harmonização Facial', 'Rinomodelação'],
    warnings: [],
  },
  {
    text: 'até R$ 1.000,00 por mês, quero tratar flacidez no rosto',
    pkg: 'rejuvenescimento',
    includeAny: ['Radiofrequência Facial', 'Ultrassom Microfocado'],
    exclude: ['Radiofrequência Corporal', ...BODY_FAT],
    warnings: [],
    annualBudget: 12_000,
  },
  {
    text: 'uns 900 reais por mês para tratar manchas',
    pkg: 'rejuvenescimento',
    includeAny: SPOTS,
    exclude: [...FILLERS, ...TOXINS, ...BODY_FAT],
    warnings: [],
    annualBudget: 10_800,
  },
  {
    text: '1,2 mil mensais, foco em rugas',
    pkg: 'rejuvenescimento',
    includeAny: WRINKLES,
    exclude: BODY_FAT,
    warnings: [],
    annualBudget: 14_400,
  },
  {
    text: '10 mil por ano, quero tratar celulite e gordura localizada',
    pkg: 'rejuvenescimento',
    includeAny: ['Endermologia', 'Drenagem Linfática', 'Criolipólise - Abdômen'],
    exclude: ['Radiofrequência Facial', 'Limpeza de Pele Profunda', ...FILLERS],
    warnings: [],
    annualBudget: 10_000,
  },
  {
    text: 'nada de agulha, quero melhorar a flacidez do rosto',
    pkg: 'rejuvenescimento',
    include: ['Radiofrequência Facial'],
    exclude: [...NEEDLES, 'Radiofrequência Corporal'],
    warnings: [],
  },
  {
    text: 'não gosto de agulhas, quero tratar rugas e linhas de expressão',
    pkg: 'rejuvenescimento',
    include: ['Laser CO2 Fracionado'],
    exclude: NEEDLES,
    warnings: ['needle_aversion'],
  },
  {
    text: 'pele sensível, quero clarear manchas',
    pkg: 'rejuvenescimento',
    includeAny: SPOTS,
    exclude: [...FILLERS, ...BODY_FAT],
    warnings: ['sensitive_skin'],
  },
  {
    text: 'vou à praia em janeiro, quero tratar melasma',
    pkg: 'rejuvenescimento',
    includeAny: SPOTS,
    exclude: [...FILLERS, ...TOXINS, 'Harmonização Facial', ...BODY_FAT],
    warnings: ['sun_exposure'],
  },
  {
    text: 'estou grávida e quero cuidar da pele do rosto, hidratação',
    pkg: 'bemEstar',
    include: ['Hidratação Facial Profunda'],
    exclude: NOT_IN_PREGNANCY,
    warnings: ['contraindication'],
  },
  {
    text: 'amamentando, quero reduzir a gordura da barriga',
    pkg: 'contorno',
    include: ['Massagem Modeladora'],
    exclude: NOT_IN_PREGNANCY,
    warnings: ['contraindication'],
  },
  {
    text: 'sem laser, quero tratar manchas no rosto',
    pkg: 'rejuvenescimento',
    include: ['Peeling Químico'],
    exclude: [...LASERS, ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'sem ácidos, quero clarear manchas',
    pkg: 'rejuvenescimento',
    includeAny: ['Laser Lavieen', 'Luz Intensa Pulsada'],
    exclude: ['Peeling Químico', ...FILLERS],
    warnings: [],
  },
  {
    text: 'sem enzimas, quero tirar a papada',
    pkg: 'contorno',
    include: ['Criolipólise - Papada'],
    exclude: ['Lipo de Papada Enzimática', 'Aplicação de Enzimas - Abdômen', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'quero lipo de papada, sem agulhas',
    pkg: 'contorno',
    include: ['Criolipólise - Papada'],
    exclude: ['Lipo de Papada Enzimática', 'Aplicação de Enzimas - Abdômen', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'sem fios, quero tratar flacidez do rosto',
    pkg: 'rejuvenescimento',
    include: ['Radiofrequência Facial'],
    exclude: [...THREADS, 'Radiofrequência Corporal'],
    warnings: [],
  },
  {
    text: 'não quero cirurgia, quero um efeito lifting no rosto',
    pkg: 'rejuvenescimento',
    include: ['Ultrassom Microfocado'],
    exclude: ['Radiofrequência Corporal', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'evitar injetáveis; quero preenchimento labial',
    pkg: 'rejuvenescimento',
    exclude: [...NEEDLES],
    warnings: ['exclusion_removed_all'],
  },
  {
    text: 'Harmonização facial sem toxina',
    pkg: 'rejuvenescimento',
    includeAny: ['Preenchimento de Mandíbula', 'Rinomodelação', 'Criolipólise - Papada'],
    exclude: [...TOXINS, 'Harmonização Facial', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'quero melhorar as olheiras, sem preenchimento',
    pkg: 'rejuvenescimento',
    include: ['Carboxiterapia'],
    exclude: [...FILLERS, 'Harmonização Facial', 'Rinomodelação'],
    warnings: [],
  },
  {
    text: 'tenho medo de agulha, quero tratar as olheiras',
    pkg: 'rejuvenescimento',
    exclude: NEEDLES,
    warnings: ['needle_aversion', 'exclusion_removed_all'],
  },
  {
    text: 'acne no rosto, nada de ácido',
    pkg: 'bemEstar',
    includeAny: ['Limpeza de Pele Profunda', 'LED Terapia Facial'],
    exclude: ['Peeling Químico', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'quero tratar acne, pele sensível',
    pkg: 'bemEstar',
    includeAny: ['Limpeza de Pele Profunda', 'LED Terapia Facial'],
    exclude: BODY_FAT,
    warnings: ['sensitive_skin'],
  },
  {
    text: 'criolipólise no abdômen, orçamento de 800 por mês',
    pkg: 'contorno',
    include: ['Criolipólise - Abdômen'],
    exclude: ['Criolipólise - Papada', 'Lipo de Papada Enzimática', 'Limpeza de Pele Profunda'],
    warnings: [],
    annualBudget: 9_600,
  },
  {
    text: 'quero drenagem e massagem modeladora, até 300 por mês',
    pkg: 'essencial',
    include: ['Drenagem Linfática', 'Massagem Modeladora'],
    warnings: [],
    annualBudget: 3_600,
  },
  {
    text: 'gordura localizada nos flancos e culote',
    pkg: 'contorno',
    include: ['Criolipólise - Flancos', 'Criolipólise - Culote'],
    exclude: ['Criolipólise - Papada', 'Lipo de Papada Enzimática', 'Limpeza de Pele Profunda'],
    warnings: [],
  },
  {
    text: 'celulite nas coxas',
    pkg: 'contorno',
    include: ['Endermologia'],
    exclude: ['Limpeza de Pele Profunda', 'Criolipólise - Papada', 'Lipo de Papada Enzimática'],
    warnings: [],
  },
  {
    text: 'quero rejuvenescer o rosto, orçamento de 15 mil no ano',
    pkg: 'rejuvenescimento',
    includeAny: WRINKLES,
    exclude: ['Radiofrequência Corporal', ...BODY_FAT, 'Drenagem Linfática'],
    warnings: [],
    annualBudget: 15_000,
  },
  {
    text: 'quero tratar rugas, orçamento 12 mil por ano',
    pkg: 'rejuvenescimento',
    includeAny: WRINKLES,
    exclude: BODY_FAT,
    warnings: [],
    annualBudget: 12_000,
  },
  {
    text: 'melasma',
    pkg: 'rejuvenescimento',
    includeAny: SPOTS,
    exclude: [...FILLERS, ...TOXINS, 'Harmonização Facial', ...THREADS, ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'flacidez no rosto',
    pkg: 'rejuvenescimento',
    include: ['Radiofrequência Facial'],
    exclude: ['Radiofrequência Corporal', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'flacidez no corpo, braços e abdômen',
    pkg: 'rejuvenescimento',
    include: ['Radiofrequência Corporal'],
    exclude: ['Radiofrequência Facial', 'Fios de PDO - Sobrancelha', 'Criolipólise - Papada'],
    warnings: [],
  },
  {
    text: 'hidratação e viço para a pele do rosto, sem injetáveis',
    pkg: 'bemEstar',
    include: ['Hidratação Facial Profunda'],
    exclude: ['Skinbooster', 'Bioestimulador de Colágeno', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'Cliente de 45 anos quer tratar rugas e flacidez no rosto, sem toxina, orçamento R$ 2 mil por mês',
    pkg: 'rejuvenescimento',
    includeAny: ['Laser CO2 Fracionado', 'Radiofrequência Facial', 'Ultrassom Microfocado'],
    exclude: [...TOXINS, 'Harmonização Facial', 'Radiofrequência Corporal'],
    warnings: [],
    annualBudget: 24_000,
  },
  {
    text: 'vou viajar para a praia no verão e quero tratar manchas com laser',
    pkg: 'rejuvenescimento',
    include: ['Laser Lavieen'],
    exclude: BODY_FAT,
    warnings: ['sun_exposure'],
  },
  {
    text: 'gestante, quer drenagem para o inchaço nas pernas',
    pkg: 'contorno',
    include: ['Drenagem Linfática'],
    exclude: NOT_IN_PREGNANCY,
    warnings: ['contraindication'],
  },
  {
    text: 'quer tirar manchas de sol, vai à praia em janeiro e tem pele sensível',
    pkg: 'rejuvenescimento',
    includeAny: SPOTS,
    exclude: [...FILLERS, ...BODY_FAT],
    warnings: ['sensitive_skin', 'sun_exposure'],
  },
  {
    text: 'sem laser nem luz pulsada, quero clarear manchas',
    pkg: 'rejuvenescimento',
    include: ['Peeling Químico'],
    exclude: [...LASERS, 'Luz Intensa Pulsada'],
    warnings: [],
  },
  {
    text: 'sem peeling, quero melhorar a acne',
    pkg: 'bemEstar',
    include: ['Limpeza de Pele Profunda'],
    exclude: ['Peeling Químico', 'Peeling de Diamante', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'quero um pacote de R$ 500 por mês',
    pkg: 'rejuvenescimento',
    warnings: [],
    annualBudget: 6_000,
    noGoal: true,
  },
  {
    text: 'orçamento 6 mil no ano, quero flacidez e gordura localizada na barriga',
    pkg: 'bemEstar',
    includeAny: ['Radiofrequência Corporal', 'Massagem Modeladora'],
    exclude: ['Radiofrequência Facial', 'Limpeza de Pele Profunda', 'Criolipólise - Papada'],
    warnings: [],
    annualBudget: 6_000,
  },
  {
    text: 'quero tratar gordura localizada no abdômen com criolipólise e nada de enzimas',
    pkg: 'contorno',
    include: ['Criolipólise - Abdômen'],
    exclude: ['Aplicação de Enzimas - Abdômen', 'Lipo de Papada Enzimática'],
    warnings: [],
  },
  {
    text: 'diminuir poros e oleosidade sem microagulhamento',
    pkg: 'bemEstar',
    include: ['Limpeza de Pele Profunda'],
    exclude: ['Microagulhamento', 'Radiofrequência Microagulhada', ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'é alérgica a ácido hialurônico, quer hidratar a pele',
    pkg: 'rejuvenescimento',
    includeAny: ['Revitalização com Vitamina C', 'Dermaplaning'],
    exclude: [
      'Skinbooster',
      'Hidratação Facial Profunda',
      ...FILLERS,
      'Rinomodelação',
      'Protocolo Glow Premium',
    ],
    warnings: [],
  },
  {
    text: 'quero reduzir a papada e a gordura da barriga',
    pkg: 'contorno',
    include: ['Criolipólise - Abdômen'],
    includeAny: ['Criolipólise - Papada', 'Lipo de Papada Enzimática'],
    exclude: ['Limpeza de Pele Profunda'],
    warnings: [],
  },
  {
    text: 'quero tirar o culote',
    pkg: 'contorno',
    include: ['Criolipólise - Culote'],
    exclude: [
      'Criolipólise - Abdômen',
      'Criolipólise - Flancos',
      'Aplicação de Enzimas - Abdômen',
      'Criolipólise - Papada',
      'Lipo de Papada Enzimática',
    ],
    warnings: [],
  },
  {
    text: 'gordura nos flancos, quer afinar a cintura',
    pkg: 'contorno',
    include: ['Criolipólise - Flancos'],
    exclude: [
      'Criolipólise - Abdômen',
      'Criolipólise - Culote',
      'Aplicação de Enzimas - Abdômen',
      'Criolipólise - Papada',
      'Lipo de Papada Enzimática',
    ],
    warnings: [],
  },
  {
    text: 'quero reduzir só a papada',
    pkg: 'contorno',
    include: ['Criolipólise - Papada', 'Lipo de Papada Enzimática'],
    exclude: [
      'Criolipólise - Abdômen',
      'Criolipólise - Flancos',
      'Criolipólise - Culote',
      'Aplicação de Enzimas - Abdômen',
      'Intradermoterapia Corporal',
      'Massagem Modeladora',
    ],
    warnings: [],
  },
  {
    text: 'gordura localizada na barriga, sem agulhas',
    pkg: 'contorno',
    include: ['Criolipólise - Abdômen'],
    exclude: [
      'Criolipólise - Flancos',
      'Criolipólise - Culote',
      'Criolipólise - Papada',
      ...NEEDLES,
    ],
    warnings: [],
  },
  {
    text: 'papada e culote',
    pkg: 'contorno',
    include: ['Criolipólise - Culote'],
    includeAny: ['Criolipólise - Papada', 'Lipo de Papada Enzimática'],
    exclude: ['Criolipólise - Abdômen', 'Criolipólise - Flancos', 'Aplicação de Enzimas - Abdômen'],
    warnings: [],
  },
  {
    text: 'rugas na testa e pés de galinha',
    pkg: 'rejuvenescimento',
    include: ['Toxina Botulínica - Terço Superior'],
    exclude: [...BODY_FAT, 'Radiofrequência Corporal', 'Drenagem Linfática'],
    warnings: [],
  },
  {
    text: 'nada invasivo, quer rejuvenescer o rosto',
    pkg: 'rejuvenescimento',
    include: ['Laser CO2 Fracionado'],
    exclude: [...NEEDLES, ...BODY_FAT],
    warnings: [],
  },
  {
    text: 'quero botox na testa',
    pkg: 'rejuvenescimento',
    include: ['Toxina Botulínica - Terço Superior'],
    exclude: [...BODY_FAT, ...FILLERS, 'Laser CO2 Fracionado'],
    warnings: [],
  },
  {
    text: 'quer tratar o bruxismo',
    pkg: 'rejuvenescimento',
    include: ['Toxina Botulínica - Bruxismo'],
    exclude: BODY_FAT,
    warnings: [],
  },
];

interface Answer {
  names: string[];
  reasons: string[];
  warnings: Array<{ code: string; message: string }>;
}

describe('the assistant keeps what the client said (demo catalogue)', () => {
  let t: TestApp;
  let token: string;
  let services: Service[];
  let packages: Package[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.transaction((tx) => seedDemoCatalogue(tx));
    token = (await t.as('professional')).token;
    services = (await t.request('GET', '/api/v1/services/', { token })).json() as Service[];
    packages = (await t.request('GET', '/api/v1/packages/', { token })).json() as Package[];
  });
  afterAll(() => t.close());

  const packageOf = (key: PackageKey): Package => {
    const found = packages.find((p) => p.name === PACKAGE_NAMES[key]);
    if (!found) throw new Error(`demo package ${PACKAGE_NAMES[key]} missing`);
    return found;
  };
  const allowedServices = (pkg: Package) =>
    services.filter(
      (s) =>
        s.status === 'active' &&
        !pkg.restricted_procedures.includes(s.id) &&
        (pkg.allow_all_procedures || pkg.procedures.includes(s.id)),
    );

  const recommend = async (text: string, pkg: Package): Promise<Answer> => {
    // A professional of its own per request: the per-user AI limit
    // (apps/api/src/http/rate-limits.ts) is not what this table is about.
    const { token } = await t.createUser('professional');
    const res = await t.request('POST', '/api/v1/recommendations/', {
      token,
      body: { goal_text: text, include_synergies: true, max_items: 12, package_id: pkg.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Issue 26: the assistant's notices moved from `warnings` (now the clinical issues).
    const body = res.json() as RecommendationResponse;
    return {
      names: body.items.map((item) => item.name),
      reasons: body.items.map((item) => item.reason),
      warnings: body.notices,
    };
  };

  const chat = async (text: string, pkg: Package): Promise<Answer> => {
    // A professional of its own per request: the per-user AI limit
    // (apps/api/src/http/rate-limits.ts) is not what this table is about.
    const { token } = await t.createUser('professional');
    const res = await t.request('POST', '/api/v1/ai/ai/text', {
      token,
      body: {
        text,
        procedures: allowedServices(pkg),
        max_recommendations: 6,
        context: { source: 'assistente', history: [], selected_package: pkg },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AiTextResponse;
    const parsed = parseAiItemsText(body.text);
    const items = parsed.ok ? parsed.items : [];
    const byId = new Map(services.map((s) => [s.id, s.name]));
    return {
      names: items.map((item) => byId.get(item.service_id) ?? item.name),
      reasons: items.map((item) => item.reason),
      warnings: body.notices,
    };
  };

  /** What is wrong with one answer, in words (empty when fully right). */
  const belowPackage = (c: RequestCase) =>
    c.annualBudget !== undefined && c.annualBudget < packageOf(c.pkg).annual_value;

  const problemsOf = (c: RequestCase, answer: Answer, which: 'recommend' | 'chat'): string[] => {
    const problems: string[] = [];
    if (which === 'recommend') {
      for (const name of c.include ?? []) {
        if (!answer.names.includes(name)) problems.push(`falta ${name}`);
      }
      if (c.includeAny && !c.includeAny.some((name) => answer.names.includes(name))) {
        problems.push(`nenhum de ${c.includeAny.join(', ')}`);
      }
    }
    for (const name of c.exclude ?? []) {
      if (answer.names.includes(name)) problems.push(`inclui ${name}`);
    }
    if (!c.noGoal && answer.reasons.some((reason) => reason.includes('Completa o pacote'))) {
      problems.push('completa o pacote com item fora do objetivo');
    }
    const codes = answer.warnings.map((w) => w.code);
    const expected = [...(c.warnings ?? []), ...(belowPackage(c) ? ['budget_below_package'] : [])];
    if ([...codes].sort().join() !== [...expected].sort().join()) {
      problems.push(`avisos [${codes.join(', ')}] em vez de [${expected.join(', ')}]`);
    }
    if (expected.includes('budget_below_package')) {
      const warning = answer.warnings.find((w) => w.code === 'budget_below_package');
      if (codes[0] !== 'budget_below_package')
        problems.push('o aviso de orçamento não vem primeiro');
      const fitting = packages.filter(
        (p) => p.status === 'active' && p.annual_value <= (c.annualBudget ?? 0),
      );
      for (const p of fitting) {
        if (warning && !warning.message.includes(p.name)) problems.push(`não cita ${p.name}`);
      }
      for (const p of packages.filter((p) => p.status !== 'active')) {
        if (warning?.message.includes(p.name)) problems.push(`cita o inativo ${p.name}`);
      }
    }
    return problems.map((p) => `${which}: ${p}`);
  };

  it('documents the warnings of both answers in the OpenAPI', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of ['/api/v1/recommendations/', '/api/v1/ai/ai/text']) {
      const ok = JSON.stringify(doc.paths[path]!.post!.responses['200']);
      expect(ok).toContain('"warnings"');
      expect(ok).toContain('"notices"');
      for (const code of ['budget_below_package', 'exclusion_removed_all', 'contraindication']) {
        expect(ok).toContain(code);
      }
    }
  });

  it('has at least 40 requests, several with a budget below the package', () => {
    expect(REQUEST_CASES.length).toBeGreaterThanOrEqual(40);
    expect(REQUEST_CASES.filter(belowPackage).length).toBeGreaterThanOrEqual(3);
  });

  it('says when the rules keep out every procedure for a spot the client named', async () => {
    const summaryOf = async (text: string) => {
      const res = await t.request('POST', '/api/v1/recommendations/', {
        token,
        body: { goal_text: text, max_items: 12, package_id: packageOf('contorno').id },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as RecommendationResponse;
      return { names: body.items.map((item) => item.name), summary: body.summary };
    };
    // Breastfeeding rules out both procedures for the abdomen (cold and enzymes).
    const nursing = await summaryOf('amamentando, quero reduzir a gordura da barriga');
    expect(nursing.names).not.toContain('Criolipólise - Abdômen');
    expect(nursing.summary).toContain('Sem procedimento específico para abdômen');
    const covered = await summaryOf('quero reduzir a papada e a gordura da barriga');
    expect(covered.names).toContain('Criolipólise - Abdômen');
    expect(covered.summary).not.toContain('Sem procedimento específico');
  });

  it('answers every request fully right', async () => {
    const report: string[] = [];
    let fullyRight = 0;
    for (const c of REQUEST_CASES) {
      const pkg = packageOf(c.pkg);
      const problems = [
        ...problemsOf(c, await recommend(c.text, pkg), 'recommend'),
        ...problemsOf(c, await chat(c.text, pkg), 'chat'),
      ];
      if (problems.length === 0) fullyRight += 1;
      else report.push(`"${c.text}" (${c.pkg}): ${problems.join('; ')}`);
    }
    console.info(`assistant table: ${fullyRight}/${REQUEST_CASES.length} fully right`);
    expect(report).toEqual([]);
    // Two optimizer runs per case of the table: past the 30 s default on a loaded 2-core machine.
  }, 120_000);
});

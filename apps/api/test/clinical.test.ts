import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  PROPOSAL_MESSAGES,
  parseAiItemsText,
  type AccessLogEntry,
  type AiTextResponse,
  type Client,
  type ClinicalCheckResponse,
  type ClinicalIssue,
  type Package,
  type Proposal,
  type RecommendationResponse,
  type Service,
  type SynergyGenerateResponse,
} from '@portal/domain';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import { FILLERS, THREADS, TOXINS } from './helpers/demo-procedure-groups.ts';
import { HEALTH_CONSENT, userOfUnit } from './helpers/crm-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Issue 26 through the real server and database: the client's record as codes, the procedures'
 * clinical traits, the ten requests of the issue answered as a careful professional would, the
 * proposal's 422 CLINICAL_BLOCK and its recorded override, the builder's pre-check and the
 * synergies. The demo catalogue carries the traits of packages/domain/src/catalogue/clinical/
 * demo-traits.ts.
 */

const LASERS = ['Laser Lavieen', 'Laser CO2 Fracionado', 'Luz Intensa Pulsada'];
const PEELINGS = ['Peeling Químico', 'Peeling de Diamante', 'Peeling de Cristal'];
const RF = ['Radiofrequência Facial', 'Radiofrequência Corporal', 'Radiofrequência Microagulhada'];

describe('the clinical check at every server path (issue 26)', () => {
  let t: TestApp;
  let admin: TestUser;
  let professional: TestUser;
  let manager: TestUser;
  let outsider: TestUser;
  let services: Service[];
  let rejuvenescimento: Package;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.transaction((tx) => seedDemoCatalogue(tx));
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Geral');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Profissional');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    outsider = await userOfUnit(t, 'professional', 'MORUMBI', 'Mara Morumbi');
    services = (
      await t.request('GET', '/api/v1/services/', { token: professional.token })
    ).json() as Service[];
    const packages = (
      await t.request('GET', '/api/v1/packages/', { token: professional.token })
    ).json() as Package[];
    rejuvenescimento = packages.find((p) => p.name === 'Pacote Rejuvenescimento 4')!;
  }, 300_000);
  afterAll(() => t.close());

  const idOf = (name: string) => {
    const found = services.find((s) => s.name === name);
    if (!found) throw new Error(`demo procedure ${name} missing`);
    return found.id;
  };
  const nameOf = (id: number) => services.find((s) => s.id === id)?.name ?? `#${id}`;
  const blocksOf = (names: string[]) => {
    const blocks: Record<'A' | 'B' | 'C' | 'D', number[]> = { A: [], B: [], C: [], D: [] };
    for (const name of names) blocks[services.find((s) => s.name === name)!.block].push(idOf(name));
    return blocks;
  };

  const newClient = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: { consents: [HEALTH_CONSENT], ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Client;
  };
  const accessLog = async (clientId: number) =>
    (
      await t.request('GET', `/api/v1/clients/${clientId}/access-log`, { token: manager.token })
    ).json() as AccessLogEntry[];

  /** Both engines of the assistant on one request; a professional of its own per call. */
  const ask = async (text: string, clientId?: number) => {
    const { token } = await t.createUser('professional');
    const rec = await t.request('POST', '/api/v1/recommendations/', {
      token,
      body: {
        goal_text: text,
        max_items: 12,
        package_id: rejuvenescimento.id,
        ...(clientId ? { client_id: clientId } : {}),
      },
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const chatRes = await t.request('POST', '/api/v1/ai/ai/text', {
      token,
      body: {
        text,
        procedures: services.filter((s) => s.status === 'active'),
        max_recommendations: 6,
        context: { source: 'assistente', history: [], selected_package: rejuvenescimento },
        ...(clientId ? { client_id: clientId } : {}),
      },
    });
    expect(chatRes.statusCode, chatRes.body).toBe(200);
    const recommendation = rec.json() as RecommendationResponse;
    const chat = chatRes.json() as AiTextResponse;
    const parsed = parseAiItemsText(chat.text);
    return {
      recommendation,
      chat,
      recNames: recommendation.items.map((item) => item.name),
      chatNames: (parsed.ok ? parsed.items : []).map((item) => nameOf(item.service_id)),
    };
  };
  type Answer = Awaited<ReturnType<typeof ask>>;
  const expectNone = (answer: Answer, names: readonly string[]) => {
    for (const name of names) {
      expect(answer.recNames, `recomendação: ${name}`).not.toContain(name);
      expect(answer.chatNames, `chat: ${name}`).not.toContain(name);
    }
  };
  const onlyRelative = (answer: Answer) => {
    for (const warnings of [answer.recommendation.warnings, answer.chat.warnings]) {
      expect(warnings.every((w) => w.severity === 'relative')).toBe(true);
    }
  };
  const save = (clientId: number, names: string[], extra: Record<string, unknown> = {}) =>
    t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: {
        client_id: clientId,
        package_id: rejuvenescimento.id,
        blocks: blocksOf(names),
        ...extra,
      },
    });

  describe('the client record', () => {
    it('keeps condition codes with a note, and refuses an unknown code in pt-BR', async () => {
      const client = await newClient({
        full_name: 'Gabriela Gestante',
        health_conditions: [{ code: 'GESTACAO', note: '20 semanas' }],
        allergies: ['ALERGIA_ANEST', 'dipirona'],
      });
      expect(client.health_conditions).toEqual([{ code: 'GESTACAO', note: '20 semanas' }]);
      const wrong = await t.request('PATCH', `/api/v1/clients/${client.id}`, {
        token: professional.token,
        body: { health_conditions: [{ code: 'GRAVIDA' }] },
      });
      expect(wrong.statusCode).toBe(422);
      expect(JSON.stringify(wrong.json())).toContain(CLIENT_MESSAGES.conditionInvalid);
    });

    it('refuses conditions without the health-data consent, and clears them when revoked', async () => {
      const refused = await t.request('POST', '/api/v1/clients/', {
        token: professional.token,
        body: { full_name: 'Sem Consentimento', health_conditions: [{ code: 'CIED' }] },
      });
      expect(refused.statusCode).toBe(422);
      expect(JSON.stringify(refused.json())).toContain('health_conditions');

      const client = await newClient({
        full_name: 'Clara Revoga',
        health_conditions: [{ code: 'CIED', note: null }],
      });
      const before = (await accessLog(client.id)).length;
      const revoked = await t.request('POST', `/api/v1/clients/${client.id}/consents`, {
        token: professional.token,
        body: { ...HEALTH_CONSENT, granted: false },
      });
      expect(revoked.statusCode, revoked.body).toBe(201);
      const after = await t.request('GET', `/api/v1/clients/${client.id}`, {
        token: professional.token,
      });
      expect((after.json() as Client).health_conditions).toEqual([]);
      // The consent answer and the read both carry the record: two logged reads.
      expect((await accessLog(client.id)).length).toBeGreaterThanOrEqual(before + 2);
    });

    it('logs the read when a PATCH answers the health data', async () => {
      const client = await newClient({ full_name: 'Paula Patch' });
      const before = (await accessLog(client.id)).length;
      const res = await t.request('PATCH', `/api/v1/clients/${client.id}`, {
        token: professional.token,
        body: { health_conditions: [{ code: 'QUELOIDE' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Client).health_conditions).toEqual([{ code: 'QUELOIDE', note: null }]);
      const log = await accessLog(client.id);
      expect(log).toHaveLength(before + 1);
      expect(log[0]).toMatchObject({ action: 'read_sensitive', user: { id: professional.id } });
    });

    it('exports the conditions and blanks them on anonymization', async () => {
      const client = await newClient({
        full_name: 'Ester Exporta',
        health_conditions: [{ code: 'ISOTRETINOINA', note: 'desde setembro' }],
      });
      const exported = await t.request('GET', `/api/v1/clients/${client.id}/export`, {
        token: manager.token,
      });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(JSON.stringify(exported.json())).toContain('ISOTRETINOINA');
      const anonymized = await t.request('POST', `/api/v1/clients/${client.id}/anonymize`, {
        token: manager.token,
      });
      expect(anonymized.statusCode, anonymized.body).toBe(200);
      expect((anonymized.json() as Client).health_conditions).toEqual([]);
    });
  });

  describe('procedures', () => {
    it('every demo procedure carries traits; one saved without them is flagged and warned', async () => {
      expect(services.filter((s) => s.traits_missing)).toEqual([]);
      const created = await t.request('POST', '/api/v1/services/', {
        token: admin.token,
        body: { name: 'Procedimento Novo Sem Traços', block: 'A', value: 100, cost: 10 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Service;
      expect(row).toMatchObject({ clinical_traits: null, traits_missing: true });
      const check = await t.request('POST', '/api/v1/clinical/check', {
        token: professional.token,
        body: { service_ids: [row.id] },
      });
      expect((check.json() as ClinicalCheckResponse).warnings).toEqual([
        expect.objectContaining({
          code: 'unknown_traits',
          service_id: row.id,
          severity: 'relative',
        }),
      ]);
    });

    it('validates traits with the domain schema', async () => {
      const bad = await t.request('POST', '/api/v1/services/', {
        token: admin.token,
        body: {
          name: 'Traços Inválidos',
          clinical_traits: { techniques: ['MAGIA'], areas: ['rosto'] },
        },
      });
      expect(bad.statusCode).toBe(422);
      expect(JSON.stringify(bad.json())).toContain('clinical_traits');
      const id = idOf('Drenagem Linfática');
      const patched = await t.request('PATCH', `/api/v1/services/${id}`, {
        token: admin.token,
        body: { clinical_traits: null },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ traits_missing: true });
    });
  });

  describe('the ten requests of the issue', () => {
    it('1. a pregnant client gets no toxin saved silently: 422 CLINICAL_BLOCK', async () => {
      const client = await newClient({
        full_name: 'Gisele Gestante',
        health_conditions: [{ code: 'GESTACAO', note: null }],
      });
      const res = await save(client.id, ['Toxina Botulínica - Full Face', 'Drenagem Linfática']);
      expect(res.statusCode).toBe(422);
      const body = res.json() as { code: string; message: string; warnings: ClinicalIssue[] };
      expect(body.code).toBe('CLINICAL_BLOCK');
      expect(body.message).toBe(PROPOSAL_MESSAGES.clinicalBlock);
      expect(body.warnings).toEqual([
        expect.objectContaining({
          service_id: idOf('Toxina Botulínica - Full Face'),
          condition: 'GESTACAO',
          severity: 'absolute',
        }),
      ]);
    });

    it('2. asked for lips and forehead lines for her: no toxin, no laser', async () => {
      const client = await newClient({
        full_name: 'Gilda Gestante',
        health_flags: ['gestante'],
      });
      const answer = await ask('quero melhorar os lábios e as linhas da testa', client.id);
      expectNone(answer, [...TOXINS, ...LASERS, ...FILLERS, 'Harmonização Facial']);
      onlyRelative(answer);
      expect(answer.recommendation.understood).toContain('gestante');
      expect(answer.recommendation.blocked.map((b) => b.name)).toContain(
        'Toxina Botulínica - Terço Superior',
      );
    });

    it('3. "Tenho marcapasso; quero melhorar a flacidez da barriga": no radiofrequency', async () => {
      const answer = await ask('Tenho marcapasso; quero melhorar a flacidez da barriga.');
      expectNone(answer, [...RF, 'Ultrassom Microfocado']);
      onlyRelative(answer);
      expect(answer.recommendation.understood).toMatch(/marca-?passo/i);
    });

    it('4. a pacemaker on record: no radiofrequency, and a proposal with it is blocked', async () => {
      const client = await newClient({
        full_name: 'Marta Marcapasso',
        health_flags: ['marcapasso'],
      });
      const answer = await ask('quero melhorar a flacidez da barriga', client.id);
      expectNone(answer, RF);
      const res = await save(client.id, ['Radiofrequência Corporal']);
      expect(res.statusCode).toBe(422);
      expect((res.json() as { code: string }).code).toBe('CLINICAL_BLOCK');
    });

    it('5. isotretinoin two months ago: no CO2 nor microneedled RF, the rest warned', async () => {
      const answer = await ask(
        'Uso isotretinoína há 2 meses e quero melhorar as manchas e a textura do rosto',
      );
      expectNone(answer, ['Laser CO2 Fracionado', 'Radiofrequência Microagulhada']);
      onlyRelative(answer);
      expect(answer.recommendation.understood).toMatch(/isotretino/i);
    });

    it('6. keloid and diabetes, stretch marks: only what treats them, never padding', async () => {
      const answer = await ask('Tenho queloide e sou diabética; quero tratar estrias.');
      expectNone(answer, [
        'Bioestimulador de Colágeno',
        'Laser CO2 Fracionado',
        'Radiofrequência Microagulhada',
        ...THREADS,
        ...FILLERS,
        ...TOXINS,
      ]);
      for (const item of answer.recommendation.items) {
        expect(item.reason).not.toContain('Completa o pacote');
      }
      if (answer.recommendation.items.length === 0) {
        expect(answer.recommendation.no_answer).toContain('Não encontrei procedimentos');
      }
    });

    it('7. "Zero laser e zero peeling: quero clarear manchas"', async () => {
      const answer = await ask('Zero laser e zero peeling: quero clarear manchas.');
      expectNone(answer, [...LASERS, ...PEELINGS, 'Protocolo Glow Premium']);
      expect(answer.recommendation.understood).toContain('sem laser');
      expect(answer.recommendation.understood).toContain('sem peeling');
      expect(answer.recommendation.summary).not.toContain('laser e laser');
      // A refused technique is never read as a goal: no warning names it as one.
      for (const notice of answer.recommendation.notices) {
        const goals = /Nenhum procedimento para (.*?) respeita/.exec(notice.message)?.[1] ?? '';
        expect(goals).not.toMatch(/laser|peeling/);
      }
      // And it says why in the request's own terms.
      expect(answer.recommendation.notices.map((notice) => notice.message).join(' ')).toContain(
        'respeita "sem laser" e "sem peeling"',
      );
    });

    it('8. a wedding in 3 weeks, nothing that bruises: no fillers, threads or toxin', async () => {
      const answer = await ask(
        'Casamento daqui a 3 semanas, quero rejuvenescer o rosto, nada que deixe roxo.',
      );
      expectNone(answer, [
        ...FILLERS,
        ...THREADS,
        'Bioestimulador de Colágeno',
        'Laser CO2 Fracionado',
      ]);
      expect(answer.recommendation.understood).toContain('evento em 21 dias');
      onlyRelative(answer);
    });

    it('9. "Nada de ácido hialurônico, mas quero mais volume nos lábios": honest, no padding', async () => {
      const answer = await ask('Nada de ácido hialurônico, mas quero mais volume nos lábios');
      expectNone(answer, [...FILLERS, 'Harmonização Facial', 'Skinbooster', 'Rinomodelação']);
      expect(answer.recommendation.items.length).toBeLessThanOrEqual(2);
      for (const item of answer.recommendation.items) {
        expect(item.reason).not.toContain('Completa o pacote');
      }
      if (answer.recommendation.items.length === 0) {
        expect(answer.recommendation.no_answer).toMatch(/Não encontrei|Não entendi/);
      }
    });

    it('10. a lidocaine allergy flags procedures done under anaesthetic cream, revising too', async () => {
      const client = await newClient({ full_name: 'Lia Lidocaína', allergies: ['lidocaína'] });
      const blocked = await save(client.id, ['Microagulhamento']);
      expect(blocked.statusCode).toBe(422);
      const res = await save(client.id, ['Microagulhamento', 'Drenagem Linfática'], {
        override_reason: 'Aplicação sem anestésico, combinado com a cliente.',
      });
      expect(res.statusCode, res.body).toBe(201);
      const proposal = res.json() as Proposal;
      expect(proposal.clinical_overrides).toEqual([
        expect.objectContaining({
          service_id: idOf('Microagulhamento'),
          condition: 'ALERGIA_ANEST',
          reason: 'Aplicação sem anestésico, combinado com a cliente.',
          by: { id: professional.id, name: 'Paula Profissional' },
        }),
      ]);
      expect(proposal.warnings.some((w) => w.condition === 'ALERGIA_ANEST')).toBe(true);
      // Revising keeps the client, so the check runs again: without a reason it is refused.
      const revise = (extra: Record<string, unknown>) =>
        t.request('POST', `/api/v1/proposals/${proposal.id}/revise`, {
          token: professional.token,
          body: { blocks: blocksOf(['Microagulhamento']), ...extra },
        });
      const refused = await revise({});
      expect(refused.statusCode).toBe(422);
      expect((refused.json() as { code: string }).code).toBe('CLINICAL_BLOCK');
      const short = await revise({ override_reason: 'curto' });
      expect(short.statusCode).toBe(422);
      const revised = await revise({ override_reason: 'Sem anestésico, conforme avaliação.' });
      expect(revised.statusCode, revised.body).toBe(201);
      // The override is in the audit trail with the version it belongs to.
      const trail = await t.request('GET', '/api/v1/audit/', {
        token: admin.token,
        query: { entity: 'proposal', entity_id: String((revised.json() as Proposal).id) },
      });
      expect(JSON.stringify(trail.json())).toContain('clinical_override');
      expect(JSON.stringify(trail.json())).toContain('Sem anestésico, conforme avaliação.');
    });
  });

  describe('POST /clinical/check', () => {
    it('answers every issue of the cart for the client, logged; 404 out of reach', async () => {
      const client = await newClient({
        full_name: 'Carla Carrinho',
        health_conditions: [{ code: 'GESTACAO', note: null }],
      });
      const before = (await accessLog(client.id)).length;
      const body = {
        client_id: client.id,
        request: 'evento em 10 dias',
        service_ids: [idOf('Toxina Botulínica - Full Face'), idOf('Drenagem Linfática')],
      };
      const res = await t.request('POST', '/api/v1/clinical/check', {
        token: professional.token,
        body,
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as ClinicalCheckResponse;
      expect(answer.understood).toContain('gestante');
      expect(answer.warnings).toContainEqual(
        expect.objectContaining({
          service_id: idOf('Toxina Botulínica - Full Face'),
          severity: 'absolute',
        }),
      );
      expect(answer.warnings).toContainEqual(
        expect.objectContaining({ service_id: idOf('Drenagem Linfática'), severity: 'relative' }),
      );
      expect(await accessLog(client.id)).toHaveLength(before + 1);

      const out = await t.request('POST', '/api/v1/clinical/check', {
        token: outsider.token,
        body,
      });
      expect(out.statusCode).toBe(404);
      expect(await accessLog(client.id)).toHaveLength(before + 1);
      const unknown = await t.request('POST', '/api/v1/clinical/check', {
        token: professional.token,
        body: { service_ids: [999_999] },
      });
      expect(unknown.statusCode).toBe(422);
    });
  });

  describe('synergies', () => {
    it('never pairs a contraindicated procedure, and invents no gain', async () => {
      const client = await newClient({ full_name: 'Sofia Sinergia', health_flags: ['grávida'] });
      const generate = (body: Record<string, unknown>) =>
        t.request('POST', '/api/v1/synergies/synergies/generate', {
          token: professional.token,
          body,
        });
      const procedures = [
        'Lipo de Papada Enzimática',
        'Harmonização Facial',
        'Drenagem Linfática',
        'Limpeza de Pele Profunda',
      ].map((name) => ({ id: idOf(name), name }));
      const free = (await generate({ procedures })).json() as SynergyGenerateResponse;
      const stored = free.items.find((item) => item.procedure1 === 'Lipo de Papada Enzimática');
      expect(stored?.expected_gain_percent_range).toMatch(/%$/);
      for (const item of free.items.filter((i) => i !== stored)) {
        expect(item.expected_gain_percent_range).toBeNull();
      }
      const forHer = (
        await generate({ procedures, client_id: client.id })
      ).json() as SynergyGenerateResponse;
      for (const item of forHer.items) {
        for (const name of ['Lipo de Papada Enzimática', 'Harmonização Facial']) {
          expect([item.procedure1, item.procedure2]).not.toContain(name);
        }
      }
      const outside = await t.request('POST', '/api/v1/synergies/synergies/generate', {
        token: outsider.token,
        body: { procedures, client_id: client.id },
      });
      expect(outside.statusCode).toBe(404);
    });
  });
});

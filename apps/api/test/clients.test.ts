import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  CONSENT_TEXTS,
  cpfFromBase,
  MESSAGES,
  type AccessLogEntry,
  type Client,
  type ClientExport,
  type ClientSummary,
  type ConsentEntry,
} from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { HEALTH_CONSENT, pdfText, userOfUnit } from './helpers/crm-fixtures.ts';

describe('clients API', () => {
  let t: TestApp;
  let admin: TestUser;
  let professional: TestUser;
  let manager: TestUser;
  let otherProfessional: TestUser;
  let otherManager: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Geral');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Paula Profissional');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerson Gerente');
    otherProfessional = await userOfUnit(t, 'professional', 'MORUMBI', 'Mara Morumbi');
    otherManager = await userOfUnit(t, 'manager', 'MORUMBI', 'Marcos Morumbi');
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/clients/', { token, body });
  const createOk = async (token: string, body: Record<string, unknown>) => {
    const res = await create(token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Client;
  };
  const detail = (res: { json(): unknown }) =>
    (res.json() as { detail: { loc: unknown[]; msg: string }[] }).detail;

  it('creates a client in the author’s unit with every field of the contract', async () => {
    const cpf = cpfFromBase('123456780');
    const client = await createOk(professional.token, {
      full_name: '  Joana D’Arc Conceição ',
      preferred_name: 'Jô',
      salutation: 'Sra.',
      phone: '(11) 98765-4321',
      email: 'Joana@Exemplo.com.br',
      cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      birth_date: '1990-05-17',
      preferences: ['chá verde', ''],
      important_dates: ['aniversário 17/05'],
      channels: ['whatsapp'],
      notes: 'Prefere manhãs.',
      password_hash: 'ignorado',
    });
    expect(client).toMatchObject({
      full_name: 'Joana D’Arc Conceição',
      preferred_name: 'Jô',
      salutation: 'Sra.',
      phone: '(11) 98765-4321',
      email: 'joana@exemplo.com.br',
      cpf,
      birth_date: '1990-05-17',
      unit: 'PAULISTA',
      preferences: ['chá verde'],
      important_dates: ['aniversário 17/05'],
      channels: ['whatsapp'],
      notes: 'Prefere manhãs.',
      allergies: [],
      health_flags: [],
      contraindications: [],
      consents: { health_data: false, marketing: false, photos: false },
      anonymized_at: null,
      created_by: { id: professional.id, name: 'Paula Profissional' },
    });
  });

  it('refuses a CPF with wrong check digits (422) and a CPF already used (409)', async () => {
    const bad = await create(professional.token, { full_name: 'Ana', cpf: '529.982.247-24' });
    expect(bad.statusCode).toBe(422);
    expect(detail(bad)[0]).toMatchObject({ loc: ['body', 'cpf'], msg: CLIENT_MESSAGES.cpfInvalid });
    const cpf = cpfFromBase('222333444');
    await createOk(professional.token, { full_name: 'Ana Um', cpf });
    const dup = await create(admin.token, { full_name: 'Ana Dois', cpf, unit: 'MORUMBI' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: CLIENT_MESSAGES.cpfTaken });
    const bornTomorrow = await create(professional.token, {
      full_name: 'Bebê',
      birth_date: '2999-01-01',
    });
    expect(bornTomorrow.statusCode).toBe(422);
  });

  it('refuses sensitive fields without a granted health-data consent, in pt-BR', async () => {
    const res = await create(professional.token, {
      full_name: 'Sem Consentimento',
      allergies: ['látex'],
    });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([
      {
        loc: ['body', 'allergies'],
        msg: CLIENT_MESSAGES.sensitiveWithoutConsent,
        type: 'consent_required',
      },
    ]);
    const list = await t.request('GET', '/api/v1/clients/', {
      token: admin.token,
      query: { q: 'sem consentimento' },
    });
    expect(list.json()).toEqual([]);

    const created = await createOk(professional.token, { full_name: 'Depois Consente' });
    const patch = await t.request('PATCH', `/api/v1/clients/${created.id}`, {
      token: professional.token,
      body: { contraindications: ['gestante'] },
    });
    expect(patch.statusCode).toBe(422);
    expect(detail(patch)[0]?.loc).toEqual(['body', 'contraindications']);
  });

  it('stores sensitive fields with the consent given in the same request, and the ledger keeps it', async () => {
    const client = await createOk(professional.token, {
      full_name: 'Clara Alérgica',
      consents: [HEALTH_CONSENT],
      allergies: ['Látex'],
      health_flags: ['hipertensão'],
      contraindications: ['gestante'],
    });
    expect(client).toMatchObject({
      allergies: ['Látex'],
      health_flags: ['hipertensão'],
      contraindications: ['gestante'],
      consents: { health_data: true, marketing: false, photos: false },
    });
    const ledger = await t.request('GET', `/api/v1/clients/${client.id}/consents`, {
      token: professional.token,
    });
    expect(ledger.json()).toEqual([
      expect.objectContaining({
        purpose: 'health_data',
        granted: true,
        text_version: 'v1',
        text: CONSENT_TEXTS.health_data.v1,
        channel: 'presencial',
        collected_by: { id: professional.id, name: 'Paula Profissional' },
      }),
    ]);
  });

  it('revokes a consent as a new ledger entry and clears the fields that rested on it', async () => {
    const client = await createOk(professional.token, {
      full_name: 'Rita Revoga',
      consents: [HEALTH_CONSENT],
      allergies: ['dipirona'],
    });
    const revoke = await t.request('POST', `/api/v1/clients/${client.id}/consents`, {
      token: professional.token,
      body: { purpose: 'health_data', granted: false, text_version: 'v1', channel: 'whatsapp' },
    });
    expect(revoke.statusCode).toBe(201);
    const body = revoke.json() as { consent: ConsentEntry; client: Client };
    expect(body.consent).toMatchObject({
      purpose: 'health_data',
      granted: false,
      channel: 'whatsapp',
    });
    expect(body.client).toMatchObject({
      allergies: [],
      health_flags: [],
      contraindications: [],
      consents: { health_data: false },
    });
    const ledger = (
      await t.request('GET', `/api/v1/clients/${client.id}/consents`, { token: professional.token })
    ).json() as ConsentEntry[];
    expect(ledger.map((entry) => entry.granted)).toEqual([false, true]);
    // The ledger is append-only in the database too.
    await expect(
      t.database.query('UPDATE client_consents SET granted = true WHERE client_id = $1', [
        client.id,
      ]),
    ).rejects.toThrow();

    const unknownVersion = await t.request('POST', `/api/v1/clients/${client.id}/consents`, {
      token: professional.token,
      body: { purpose: 'marketing', granted: true, text_version: 'v7', channel: 'email' },
    });
    expect(unknownVersion.statusCode).toBe(422);
    expect(detail(unknownVersion)[0]?.msg).toBe(CLIENT_MESSAGES.textVersionInvalid);
  });

  it('searches name, phone and CPF accent- and case-insensitively, with paging', async () => {
    const cpf = cpfFromBase('555666777');
    const found = await createOk(professional.token, {
      full_name: 'Íris Gonçalves Busca',
      phone: '+55 (11) 91234-0001',
      cpf,
    });
    const search = async (q: string, token = professional.token) =>
      (
        (
          await t.request('GET', '/api/v1/clients/', { token, query: { q } })
        ).json() as ClientSummary[]
      ).map((c) => c.id);
    expect(await search('iris goncalves')).toEqual([found.id]);
    expect(await search('GONÇALVES')).toEqual([found.id]);
    expect(await search('91234-0001')).toEqual([found.id]);
    expect(await search(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`)).toEqual([found.id]);
    expect(await search('100%_x')).toEqual([]);
    // Another unit's professional does not find it.
    expect(await search('iris goncalves', otherProfessional.token)).toEqual([]);

    const page = await t.request('GET', '/api/v1/clients/', {
      token: admin.token,
      query: { limit: '2', offset: '0' },
    });
    expect(page.statusCode).toBe(200);
    expect((page.json() as unknown[]).length).toBe(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    const list = (await t.request('GET', '/api/v1/clients/', { token: professional.token })).json();
    expect(list[0]).not.toHaveProperty('allergies');
    const badLimit = await t.request('GET', '/api/v1/clients/', {
      token: admin.token,
      query: { limit: '0' },
    });
    expect(badLimit.statusCode).toBe(422);
  });

  it('scopes every client route to the unit: other units get 404, admins reach all', async () => {
    const client = await createOk(professional.token, { full_name: 'Escopo Paulista' });
    for (const user of [otherProfessional, otherManager]) {
      for (const [method, url] of [
        ['GET', `/api/v1/clients/${client.id}`],
        ['PATCH', `/api/v1/clients/${client.id}`],
        ['GET', `/api/v1/clients/${client.id}/consents`],
        ['POST', `/api/v1/clients/${client.id}/consents`],
      ] as const) {
        const res = await t.request(method, url, {
          token: user.token,
          body: method === 'GET' ? undefined : method === 'PATCH' ? { notes: 'x' } : HEALTH_CONSENT,
        });
        expect(res.statusCode, `${user.email} ${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: CLIENT_MESSAGES.notFound });
      }
    }
    for (const user of [professional, manager, admin]) {
      const res = await t.request('GET', `/api/v1/clients/${client.id}`, { token: user.token });
      expect(res.statusCode).toBe(200);
    }
    const other = await t.request('GET', '/api/v1/clients/', {
      token: otherManager.token,
      query: { unit: 'PAULISTA' },
    });
    expect(other.json()).toEqual([]);
    // A professional cannot file a client in another unit; an admin can.
    const elsewhere = await create(professional.token, { full_name: 'Fora', unit: 'MORUMBI' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ detail: CLIENT_MESSAGES.unitOutOfReach });
    const moved = await t.request('PATCH', `/api/v1/clients/${client.id}`, {
      token: professional.token,
      body: { unit: 'MORUMBI' },
    });
    expect(moved.statusCode).toBe(403);
    expect((await createOk(admin.token, { full_name: 'Admin Cria', unit: 'ABC' })).unit).toBe(
      'ABC',
    );
    expect(
      (await t.request('GET', '/api/v1/clients/999999', { token: admin.token })).statusCode,
    ).toBe(404);
  });

  it('logs every read of the sensitive part, export and anonymization; only admins and the unit’s managers see the log', async () => {
    const client = await createOk(professional.token, {
      full_name: 'Lia Logada',
      consents: [HEALTH_CONSENT],
      allergies: ['iodo'],
    });
    await t.request('GET', `/api/v1/clients/${client.id}`, { token: professional.token });
    await t.request('GET', `/api/v1/clients/${client.id}`, { token: manager.token });
    const log = await t.request('GET', `/api/v1/clients/${client.id}/access-log`, {
      token: manager.token,
    });
    expect(log.statusCode).toBe(200);
    expect((log.json() as AccessLogEntry[]).map((e) => [e.action, e.user?.name])).toEqual([
      ['read_sensitive', 'Gerson Gerente'],
      ['read_sensitive', 'Paula Profissional'],
    ]);
    for (const path of ['access-log', 'export']) {
      const forbidden = await t.request('GET', `/api/v1/clients/${client.id}/${path}`, {
        token: professional.token,
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ detail: MESSAGES.forbidden });
      const otherUnit = await t.request('GET', `/api/v1/clients/${client.id}/${path}`, {
        token: otherManager.token,
      });
      expect(otherUnit.statusCode).toBe(404);
    }
    const anonymizeByProfessional = await t.request(
      'POST',
      `/api/v1/clients/${client.id}/anonymize`,
      { token: professional.token },
    );
    expect(anonymizeByProfessional.statusCode).toBe(403);
    const anonymizeOtherUnit = await t.request('POST', `/api/v1/clients/${client.id}/anonymize`, {
      token: otherManager.token,
    });
    expect(anonymizeOtherUnit.statusCode).toBe(404);
  });

  it('exports everything held, field by field, as JSON and as a readable PDF', async () => {
    const cpf = cpfFromBase('987654321');
    const client = await createOk(professional.token, {
      full_name: 'Eva Exporta',
      preferred_name: 'Eva',
      phone: '11 99999-0000',
      email: 'eva@exemplo.com.br',
      cpf,
      birth_date: '1985-01-02',
      preferences: ['música calma'],
      consents: [HEALTH_CONSENT, { ...HEALTH_CONSENT, purpose: 'marketing', channel: 'email' }],
      allergies: ['látex'],
      health_flags: ['diabetes'],
      contraindications: ['anticoagulante'],
    });
    const res = await t.request('GET', `/api/v1/clients/${client.id}/export`, {
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json() as ClientExport;
    const { updated_at: _u, ...stable } = client;
    expect(data.client).toMatchObject(stable);
    expect(data.consents.map((c) => [c.purpose, c.granted])).toEqual([
      ['marketing', true],
      ['health_data', true],
    ]);
    expect(data.proposals).toEqual([]);
    expect(data.access_log.map((e) => e.action)).toEqual(['export']);

    const pdf = await t.request('GET', `/api/v1/clients/${client.id}/export`, {
      token: manager.token,
      query: { format: 'pdf' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    for (const expected of [
      'Eva Exporta',
      'eva@exemplo.com.br',
      'látex',
      'diabetes',
      'anticoagulante',
    ]) {
      expect(text).toContain(expected);
    }
    const log = (
      await t.request('GET', `/api/v1/clients/${client.id}/access-log`, { token: admin.token })
    ).json() as AccessLogEntry[];
    expect(log.map((e) => e.action)).toEqual(['export', 'export']);
  });

  it('anonymizes the record field by field; a second call changes nothing; edits are then refused', async () => {
    const client = await createOk(professional.token, {
      full_name: 'Nina Anônima',
      preferred_name: 'Nina',
      salutation: 'Sra.',
      phone: '11 98888-7777',
      email: 'nina@exemplo.com.br',
      cpf: cpfFromBase('111222333'),
      birth_date: '1970-03-04',
      preferences: ['café'],
      important_dates: ['casamento'],
      channels: ['email'],
      notes: 'Mora perto.',
      consents: [HEALTH_CONSENT],
      allergies: ['látex'],
      health_flags: ['asma'],
      contraindications: ['gestante'],
    });
    const res = await t.request('POST', `/api/v1/clients/${client.id}/anonymize`, {
      token: manager.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const anonymized = res.json() as Client;
    expect(anonymized).toMatchObject({
      id: client.id,
      full_name: `Cliente anonimizado #${client.id}`,
      preferred_name: null,
      salutation: null,
      phone: null,
      email: null,
      cpf: null,
      birth_date: null,
      unit: 'PAULISTA',
      preferences: [],
      important_dates: [],
      channels: [],
      notes: null,
      allergies: [],
      health_flags: [],
      contraindications: [],
    });
    expect(anonymized.anonymized_at).not.toBeNull();
    const [row] = await t.database.query<{ search_text: string }>(
      'SELECT search_text FROM clients WHERE id = $1',
      [client.id],
    );
    expect(row?.search_text).toBe('');
    const again = await t.request('POST', `/api/v1/clients/${client.id}/anonymize`, {
      token: admin.token,
    });
    expect(again.json()).toMatchObject({
      full_name: anonymized.full_name,
      anonymized_at: anonymized.anonymized_at,
    });
    const edit = await t.request('PATCH', `/api/v1/clients/${client.id}`, {
      token: admin.token,
      body: { full_name: 'Nina de Novo' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ detail: CLIENT_MESSAGES.anonymized });
    const log = (
      await t.request('GET', `/api/v1/clients/${client.id}/access-log`, { token: admin.token })
    ).json() as AccessLogEntry[];
    expect(log.filter((e) => e.action === 'anonymize')).toHaveLength(1);
  });
});

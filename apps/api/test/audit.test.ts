import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AuditEntry,
  AuditVerifyResult,
  Package,
  Service,
  ServicePriceHistoryEntry,
  SynergyRelation,
} from '@portal/domain';
import { seedAiConfigs } from '../src/db/seed/ai-configs.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/** Issue 14, audit trail: every change leaves one chained entry with who, what, before, after. */
describe('audit trail', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let professional: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAiConfigs(t.database.db);
    admin = await t.as('admin');
    manager = await t.as('manager');
    professional = await t.as('professional');
  });
  afterAll(() => t.close());

  const entries = async (query: Record<string, string>) => {
    const res = await t.request('GET', '/api/v1/audit/', { token: admin.token, query });
    expect(res.statusCode).toBe(200);
    return { items: res.json() as AuditEntry[], total: Number(res.headers['x-total-count']) };
  };
  /** The entries of one record, oldest first. */
  const historyOf = async (entity: string, id: number | string) =>
    (await entries({ entity, entity_id: String(id), limit: '100' })).items.reverse();
  const verify = async () =>
    (
      await t.request('GET', '/api/v1/audit/verify', { token: admin.token })
    ).json() as AuditVerifyResult;
  const createService = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/api/v1/services/', { token: admin.token, body });
    expect(res.statusCode).toBe(201);
    return res.json() as Service;
  };

  describe('procedures', () => {
    it('records the creation, then only the changed fields of an edit, then the deletion', async () => {
      const service = await createService({
        name: 'Peeling Auditado',
        value: 300,
        cost: 100,
        min_margin_percent: 40,
        session_limit: 4,
      });
      const patch = await t.request('PATCH', `/api/v1/services/${service.id}`, {
        token: admin.token,
        body: { value: 350.5, min_margin_percent: 45, status: 'inactive', cost: 100 },
      });
      expect(patch.statusCode).toBe(200);
      // An edit that changes nothing leaves no entry.
      await t.request('PATCH', `/api/v1/services/${service.id}`, {
        token: admin.token,
        body: { value: 350.5 },
      });
      expect(
        (await t.request('DELETE', `/api/v1/services/${service.id}`, { token: admin.token }))
          .statusCode,
      ).toBe(204);

      const [created, updated, deleted, ...rest] = await historyOf('service', service.id);
      expect(rest).toEqual([]);
      expect(created).toMatchObject({
        action: 'create',
        actor_id: admin.id,
        actor_name: 'Usuário admin',
        entity: 'service',
        entity_id: String(service.id),
        before: null,
      });
      expect(created!.after).toMatchObject({
        name: 'Peeling Auditado',
        value: 300,
        cost: 100,
        min_margin_percent: 40,
        session_limit: 4,
        status: 'active',
      });
      expect(created!.after).not.toHaveProperty('updated_at');
      expect(updated).toMatchObject({ action: 'update', actor_id: admin.id });
      expect(updated!.before).toEqual({ value: 300, min_margin_percent: 40, status: 'active' });
      expect(updated!.after).toEqual({ value: 350.5, min_margin_percent: 45, status: 'inactive' });
      expect(deleted).toMatchObject({ action: 'delete', actor_id: admin.id, after: null });
      expect(deleted!.before).toMatchObject({ name: 'Peeling Auditado', value: 350.5 });
    });

    it('records nested changes field by field (benefits)', async () => {
      const service = await createService({ name: 'Laser Auditado' });
      await t.request('PATCH', `/api/v1/services/${service.id}`, {
        token: admin.token,
        body: { benefits: { benefit1: 'Pele uniforme' } },
      });
      const [, updated] = await historyOf('service', service.id);
      expect(updated!.before).toEqual({ benefits: { benefit1: null } });
      expect(updated!.after).toEqual({ benefits: { benefit1: 'Pele uniforme' } });
    });

    it('leaves neither the change nor its entry when the change is refused', async () => {
      const a = await createService({ name: 'Nome Ocupado Auditoria' });
      const b = await createService({ name: 'Outro Nome Auditoria' });
      const res = await t.request('PATCH', `/api/v1/services/${b.id}`, {
        token: admin.token,
        body: { name: 'Nome Ocupado Auditoria', value: 999 },
      });
      expect(res.statusCode).toBe(409);
      expect((await historyOf('service', b.id)).map((e) => e.action)).toEqual(['create']);
      expect((await historyOf('service', a.id)).map((e) => e.action)).toEqual(['create']);
    });

    it('answers the price history to admins and managers, newest first', async () => {
      const service = await createService({ name: 'Botox Histórico', value: 1000, cost: 400 });
      await t.request('PATCH', `/api/v1/services/${service.id}`, {
        token: admin.token,
        body: { description: 'Sem preço aqui' },
      });
      await t.request('PATCH', `/api/v1/services/${service.id}`, {
        token: admin.token,
        body: { value: 1200, cost: 450 },
      });
      for (const user of [admin, manager]) {
        const res = await t.request('GET', `/api/v1/services/${service.id}/history`, {
          token: user.token,
        });
        expect(res.statusCode).toBe(200);
        const history = res.json() as ServicePriceHistoryEntry[];
        // The description change is not a price change.
        expect(history.map((h) => [h.action, h.before, h.after])).toEqual([
          ['update', { value: 1000, cost: 400 }, { value: 1200, cost: 450 }],
          ['create', null, { value: 1000, cost: 400, min_margin_percent: 0 }],
        ]);
        expect(history[0]!.actor_name).toBe('Usuário admin');
      }
      const forbidden = await t.request('GET', `/api/v1/services/${service.id}/history`, {
        token: professional.token,
      });
      expect(forbidden.statusCode).toBe(403);
      expect((await t.request('GET', `/api/v1/services/${service.id}/history`)).statusCode).toBe(
        401,
      );
      const unknown = await t.request('GET', '/api/v1/services/999999/history', {
        token: admin.token,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  it('records packages: value, discount, limits and procedure lists', async () => {
    const s1 = await createService({ name: 'Pacote Proc 1' });
    const s2 = await createService({ name: 'Pacote Proc 2' });
    const res = await t.request('POST', '/api/v1/packages/', {
      token: admin.token,
      body: { name: 'Pacote Auditado', annual_value: 5000, procedures: [s1.id] },
    });
    expect(res.statusCode).toBe(201);
    const pkg = res.json() as Package;
    await t.request('PATCH', `/api/v1/packages/${pkg.id}`, {
      token: admin.token,
      body: {
        annual_value: 4800,
        discount_percent: 10,
        block_limits: { b: 2 },
        procedures: [s1.id, s2.id],
      },
    });
    expect(
      (await t.request('DELETE', `/api/v1/packages/${pkg.id}`, { token: admin.token })).statusCode,
    ).toBe(204);
    const [created, updated, deleted] = await historyOf('package', pkg.id);
    expect(created).toMatchObject({ action: 'create', actor_id: admin.id, before: null });
    expect(created!.after).toMatchObject({ annual_value: 5000, procedures: [s1.id] });
    expect(updated!.before).toEqual({
      annual_value: 5000,
      discount_percent: 0,
      block_limits: { b: 0 },
      procedures: [s1.id],
    });
    expect(updated!.after).toEqual({
      annual_value: 4800,
      discount_percent: 10,
      block_limits: { b: 2 },
      procedures: [s1.id, s2.id],
    });
    expect(deleted).toMatchObject({ action: 'delete', after: null });
    expect(deleted!.before).toMatchObject({ name: 'Pacote Auditado', annual_value: 4800 });
  });

  it('records synergy relations', async () => {
    const s1 = await createService({ name: 'Sinergia Proc 1' });
    const s2 = await createService({ name: 'Sinergia Proc 2' });
    const res = await t.request('POST', '/api/v1/services-relations/', {
      token: admin.token,
      body: { service_id_1: s1.id, service_id_2: s2.id, category: 'flacidez', boost_percent: 10 },
    });
    expect(res.statusCode).toBe(201);
    const relation = res.json() as SynergyRelation;
    await t.request('PATCH', `/api/v1/services-relations/${relation.id}`, {
      token: admin.token,
      body: { boost_percent: 15 },
    });
    await t.request('DELETE', `/api/v1/services-relations/${relation.id}`, { token: admin.token });
    const [created, updated, deleted] = await historyOf('synergy_relation', relation.id);
    expect(created).toMatchObject({ action: 'create', actor_id: admin.id });
    expect(created!.after).toMatchObject({ service_id_1: s1.id, service_id_2: s2.id });
    expect(updated).toMatchObject({ before: { boost_percent: 10 }, after: { boost_percent: 15 } });
    expect(deleted).toMatchObject({ action: 'delete', after: null });
    expect(deleted!.before).toMatchObject({ boost_percent: 15 });
  });

  it('records AI prompt changes', async () => {
    const base = '/api/v1/ai/prompt-config/ai-configs/sinergias';
    const old = (await t.request('GET', base, { token: admin.token })).json() as {
      id: number;
      prompt: string;
    };
    await t.request('PATCH', base, { token: admin.token, body: { prompt: 'Novo prompt.' } });
    const [updated] = (await historyOf('ai_config', old.id)).slice(-1);
    expect(updated).toMatchObject({
      action: 'update',
      actor_id: admin.id,
      before: { prompt: old.prompt },
      after: { prompt: 'Novo prompt.' },
    });
  });

  describe('users', () => {
    it('records profile, status and unit changes and a password reset, never the hash', async () => {
      const res = await t.request('POST', '/api/v1/users/', {
        token: admin.token,
        body: {
          name: 'Pessoa Auditada',
          email: 'pessoa.auditada@teste.com.br',
          password: 'senha-inicial-1',
          profile: 'professional',
          status: 'active',
          unit: 'ABC',
        },
      });
      expect(res.statusCode).toBe(201);
      const id = (res.json() as { id: number }).id;
      await t.request('PATCH', `/api/v1/users/${id}`, {
        token: admin.token,
        body: { profile: 'manager', unit: 'PAULISTA', status: 'inactive' },
      });
      await t.request('PATCH', `/api/v1/users/${id}`, {
        token: admin.token,
        body: { password: 'outra-senha-123' },
      });
      await t.request('DELETE', `/api/v1/users/${id}`, { token: admin.token });
      const history = await historyOf('user', id);
      expect(history.map((e) => e.action)).toEqual([
        'create',
        'update',
        'password_reset',
        'delete',
      ]);
      expect(history[0]!.after).toMatchObject({ email: 'pessoa.auditada@teste.com.br' });
      expect(history[1]).toMatchObject({
        actor_id: admin.id,
        before: { profile: 'professional', unit: 'ABC', status: 'active' },
        after: { profile: 'manager', unit: 'PAULISTA', status: 'inactive' },
      });
      expect(history[2]).toMatchObject({ actor_id: admin.id, before: null, after: null });
      const stored = JSON.stringify(history);
      expect(stored).not.toMatch(/password_hash|passwordHash|argon|senha-inicial|outra-senha/);
    });

    it('records a reset by emailed link with the person as actor', async () => {
      const user = await t.createUser('professional');
      await t.request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } });
      // The link is mailed after the answer (apps/api/src/http/after-response.ts).
      const toUser = () => t.sentMail.filter((m) => m.to === user.email);
      await vi.waitFor(() => expect(toUser()).toHaveLength(1));
      const token = /token=([\w-]+)/.exec(toUser()[0]!.text)?.[1];
      const reset = await t.request('POST', '/api/v1/auth/reset-password', {
        body: { token, password: 'nova-senha-123' },
      });
      expect(reset.statusCode).toBe(200);
      const [last] = (await historyOf('user', user.id)).slice(-1);
      expect(last).toMatchObject({ action: 'password_reset', actor_id: user.id });
    });
  });

  describe('the list', () => {
    it('is for admins only (401 without a token, 403 for managers and professionals)', async () => {
      expect((await t.request('GET', '/api/v1/audit/')).statusCode).toBe(401);
      expect((await t.request('GET', '/api/v1/audit/verify')).statusCode).toBe(401);
      for (const user of [manager, professional]) {
        expect((await t.request('GET', '/api/v1/audit/', { token: user.token })).statusCode).toBe(
          403,
        );
        expect(
          (await t.request('GET', '/api/v1/audit/verify', { token: user.token })).statusCode,
        ).toBe(403);
      }
    });

    it('filters by person and entity and pages newest first with the total', async () => {
      const other = await t.createUser('admin', 'active', 'Outra Admin');
      const mine: number[] = [];
      for (const name of ['Filtro A', 'Filtro B', 'Filtro C']) {
        const res = await t.request('POST', '/api/v1/services/', {
          token: other.token,
          body: { name },
        });
        mine.push((res.json() as Service).id);
      }
      const first = await entries({ actor_id: String(other.id), limit: '2' });
      expect(first.total).toBe(3);
      expect(first.items.map((e) => Number(e.entity_id))).toEqual([mine[2], mine[1]]);
      expect(first.items.every((e) => e.actor_name === 'Outra Admin')).toBe(true);
      const second = await entries({ actor_id: String(other.id), limit: '2', offset: '2' });
      expect(second.items.map((e) => Number(e.entity_id))).toEqual([mine[0]]);
      expect(second.total).toBe(3);
      const past = await entries({ actor_id: String(other.id), offset: '10' });
      expect(past).toEqual({ items: [], total: 3 });
      expect((await entries({ actor_id: String(other.id), entity: 'package' })).total).toBe(0);
      const all = await entries({ entity: 'service', limit: '100' });
      expect(all.items.every((e) => e.entity === 'service')).toBe(true);
    });

    it('filters by day in São Paulo time', async () => {
      const service = await createService({ name: 'Dia de Hoje' });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
        new Date(),
      );
      const query = (from: string, to: string) =>
        entries({ entity: 'service', entity_id: String(service.id), from, to });
      expect((await query(today, today)).total).toBe(1);
      expect((await query('2000-01-01', '2000-01-02')).total).toBe(0);
    });

    it('verifies the chain of everything recorded above as intact', async () => {
      const [count] = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_log',
      );
      expect(await verify()).toEqual({
        ok: true,
        checked: count!.n,
        first_broken_id: null,
        problem: null,
      });
    });

    it('answers 422 for a bad entity, date or period', async () => {
      for (const query of [
        { entity: 'proposta' },
        { from: '2026-02-30' },
        { to: '01/03/2026' },
        { from: '2026-03-02', to: '2026-03-01' },
        { actor_id: 'x' },
      ] as Record<string, string>[]) {
        const res = await t.request('GET', '/api/v1/audit/', { token: admin.token, query });
        expect(res.statusCode).toBe(422);
      }
    });
  });
});

/** The chain: edits behind the application's back are found; parallel appends stay chained. */
describe('audit chain', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
  });
  afterAll(() => t.close());

  const verify = async () => {
    const res = await t.request('GET', '/api/v1/audit/verify', { token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.json() as AuditVerifyResult;
  };
  const createService = async (name: string) =>
    (
      await t.request('POST', '/api/v1/services/', { token: admin.token, body: { name } })
    ).json() as Service;
  const entryOf = async (serviceId: number) => {
    const res = await t.request('GET', '/api/v1/audit/', {
      token: admin.token,
      query: { entity: 'service', entity_id: String(serviceId) },
    });
    return (res.json() as AuditEntry[])[0]!;
  };

  it('keeps a valid chain under parallel writes', async () => {
    // Users: their edits share no other lock (catalogue writes queue on the catalogue version).
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.createUser('professional', 'active', `Pessoa ${i}`)),
    );
    const edits = await Promise.all(
      people.flatMap((person, i) =>
        ['ABC', 'MORUMBI'].map((unit) =>
          t.request('PATCH', `/api/v1/users/${person.id}`, {
            token: admin.token,
            body: { unit, name: `Pessoa ${i} ${unit}` },
          }),
        ),
      ),
    );
    expect(edits.map((res) => res.statusCode)).toEqual(edits.map(() => 200));
    const result = await verify();
    expect(result).toMatchObject({ ok: true, first_broken_id: null });
    const [total] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log',
    );
    expect(result.checked).toBe(total!.n);
  });

  it('refuses UPDATE and DELETE on the log', async () => {
    await expect(t.database.query('UPDATE audit_log SET action = $1', ['x'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    expect((await verify()).ok).toBe(true);
  });

  it('finds the entry edited behind the application (trigger disabled) and filters by São Paulo day', async () => {
    const service = await createService('Adulterado');
    await createService('Depois do Adulterado');
    const entry = await entryOf(service.id);
    // 01:30 UTC on 2 March is still 1 March in São Paulo (UTC-3).
    await t.database.exec(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
      UPDATE audit_log SET at = '2026-03-02T01:30:00Z' WHERE id = ${entry.id};
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;`);
    const result = await verify();
    expect(result).toEqual({
      ok: false,
      checked: entry.id,
      first_broken_id: entry.id,
      problem: 'altered',
    });

    const count = async (from: string, to: string) => {
      const res = await t.request('GET', '/api/v1/audit/', {
        token: admin.token,
        query: { entity: 'service', entity_id: String(service.id), from, to },
      });
      return Number(res.headers['x-total-count']);
    };
    expect(await count('2026-03-01', '2026-03-01')).toBe(1);
    expect(await count('2026-03-02', '2026-03-31')).toBe(0);
    expect(await count('2026-02-01', '2026-02-28')).toBe(0);
  });
});

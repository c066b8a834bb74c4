import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@portal/domain';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('service traits (techniques and ingredients)', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  const list = async () =>
    (await t.request('GET', '/api/v1/services/', { token: adminToken })).json() as Service[];

  it('are set by an admin on create and edit, and the cached list shows the edit at once', async () => {
    const created = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'Procedimento com Traços', traits: [' Látex ', 'latex', 'agulha', ''] },
    });
    expect(created.statusCode).toBe(201);
    const service = created.json() as Service;
    expect(service.traits).toEqual(['Látex', 'agulha']);
    expect((await list()).find((s) => s.id === service.id)?.traits).toEqual(['Látex', 'agulha']);

    const edited = await t.request('PATCH', `/api/v1/services/${service.id}`, {
      token: adminToken,
      body: { traits: ['laser'] },
    });
    expect((edited.json() as Service).traits).toEqual(['laser']);
    expect((await list()).find((s) => s.id === service.id)?.traits).toEqual(['laser']);
    const untouched = await t.request('PATCH', `/api/v1/services/${service.id}`, {
      token: adminToken,
      body: { value: 10 },
    });
    expect((untouched.json() as Service).traits).toEqual(['laser']);

    const professional = await t.as('professional');
    const refused = await t.request('PATCH', `/api/v1/services/${service.id}`, {
      token: professional.token,
      body: { traits: [] },
    });
    expect(refused.statusCode).toBe(403);
    const tooMany = await t.request('PATCH', `/api/v1/services/${service.id}`, {
      token: adminToken,
      body: { traits: Array.from({ length: 31 }, (_, i) => `t${i}`) },
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it('fill the demo catalogue with techniques and ingredients', async () => {
    await t.database.db.transaction((tx) => seedDemoCatalogue(tx));
    const services = await list();
    const traitsOf = (name: string) => services.find((s) => s.name === name)?.traits ?? [];
    expect(traitsOf('Toxina Botulínica - Full Face')).toEqual(
      expect.arrayContaining(['injetável', 'agulha', 'toxina botulínica']),
    );
    expect(traitsOf('Preenchimento Labial')).toContain('ácido hialurônico');
    expect(traitsOf('Laser CO2 Fracionado')).toContain('laser');
    expect(traitsOf('Microagulhamento')).toContain('látex');
    expect(services.filter((s) => (s.traits ?? []).length > 0).length).toBeGreaterThan(35);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_MESSAGES, type PublicProposal, type UnitFace } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createCatalogue } from './helpers/crm-fixtures.ts';

/**
 * The public page and the WhatsApp text speak for the clinic (issue 27): the unit's name,
 * address and contacts, set by admins at /units/, and the professional who prepared it.
 */
describe('units: the clinic on the client’s link', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every unit with demo names; admins edit them, others may not', async () => {
    const admin = await t.as('admin');
    const manager = await t.as('manager');
    const list = await t.request('GET', '/api/v1/units/', { token: manager.token });
    expect(list.statusCode).toBe(200);
    const units = list.json() as UnitFace[];
    expect(units.find((u) => u.code === 'PAULISTA')).toMatchObject({
      display_name: 'Clínica Paulista',
    });
    const refused = await t.request('PATCH', '/api/v1/units/PAULISTA', {
      token: manager.token,
      body: { address: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request('PATCH', '/api/v1/units/PAULISTA', {
      token: admin.token,
      body: { whatsapp: '123' },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain(UNIT_MESSAGES.phoneInvalid);
    const unknown = await t.request('PATCH', '/api/v1/units/NENHUMA', {
      token: admin.token,
      body: { address: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows the unit and the professional on /p/{token} and in the WhatsApp text', async () => {
    const admin = await t.as('admin');
    const edited = await t.request('PATCH', `/api/v1/units/${encodeURIComponent('PAULISTA')}`, {
      token: admin.token,
      body: {
        display_name: 'Estética Bela Paulista',
        address: 'Av. Paulista, 1000 - Bela Vista, São Paulo',
        phone: '(11) 3333-4444',
        whatsapp: '11 98888-1234',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const professional = await t.createUser('professional', 'active', 'Renata Lopes');
    const catalogue = await createCatalogue(t, admin.token, 'Unidade');
    const client = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: { full_name: 'Teresa Cristina Alves', phone: '11 97777-1111' },
    });
    const proposal = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: {
        client_id: (client.json() as { id: number }).id,
        package_id: catalogue.pkg,
        blocks: { A: [catalogue.peel] },
      },
    });
    const sent = await t.request(
      'POST',
      `/api/v1/proposals/${(proposal.json() as { id: number }).id}/send`,
      { token: professional.token },
    );
    const { public_url: url, whatsapp_url: whatsapp } = sent.json() as {
      public_url: string;
      whatsapp_url: string;
    };
    const text = decodeURIComponent(new URL(whatsapp).searchParams.get('text') ?? '');
    expect(text).toContain('da Estética Bela Paulista, preparada por Renata Lopes');
    expect(text).not.toContain('Portal Estética');

    const token = url.slice(url.lastIndexOf('/p/') + 3);
    const view = (
      await t.request('GET', `/api/v1/public/proposals/${token}`)
    ).json() as PublicProposal;
    expect(view).toMatchObject({
      clinic_name: 'Estética Bela Paulista',
      clinic_address: 'Av. Paulista, 1000 - Bela Vista, São Paulo',
      clinic_phone: '1133334444',
      professional_name: 'Renata Lopes',
    });
    expect(view.clinic_whatsapp_url).toMatch(/^https:\/\/wa\.me\/5511988881234\?text=/);
    const page = await t.app.inject({ method: 'GET', url: `/p/${token}` });
    expect(page.body).toContain('Estética Bela Paulista');
    expect(page.body).toContain('Av. Paulista, 1000 - Bela Vista, São Paulo');
    expect(page.body).toContain('(11) 3333-4444');
    expect(page.body).toContain('Proposta preparada por Renata Lopes.');
    expect(page.body).toContain('href="https://wa.me/5511988881234?text=');
    expect(page.body).toContain('Falar com a clínica no WhatsApp');
    expect(page.body).not.toContain('Portal Estética');
  });
});

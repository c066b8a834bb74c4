import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createCatalogue, HEALTH_CONSENT } from './helpers/crm-fixtures.ts';

/**
 * The audit trail covers a deal from its creation and a client record from its first save to
 * its anonymization (issue 27), and none of its entries holds the client's personal data: the
 * trail cannot be erased, so it must not outlive an anonymization with her name in it.
 */
describe('audit trail coverage of proposals and clients', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records creation, revision, sending, acceptance by link, client edits, consents and anonymization', async () => {
    const admin = await t.as('admin');
    const professional = await t.as('professional');
    const catalogue = await createCatalogue(t, admin.token, 'Trilha');
    const trail = async (entity: string, id: number) =>
      (
        (
          await t.request('GET', '/api/v1/audit/', {
            token: admin.token,
            query: { entity, entity_id: String(id) },
          })
        ).json() as AuditEntry[]
      ).reverse();

    const created = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: {
        full_name: 'Rosângela Trilha Nunes',
        cpf: '529.982.247-25',
        phone: '11 95555-4321',
        consents: [HEALTH_CONSENT],
        allergies: ['dipirona'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const clientId = (created.json() as { id: number }).id;
    const edited = await t.request('PATCH', `/api/v1/clients/${clientId}`, {
      token: professional.token,
      body: { phone: '11 95555-9999', notes: 'Prefere manhãs' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.request('POST', `/api/v1/clients/${clientId}/consents`, {
      token: professional.token,
      body: { ...HEALTH_CONSENT, purpose: 'marketing', channel: 'whatsapp' },
    });

    const proposal = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: { client_id: clientId, package_id: catalogue.pkg, blocks: { A: [catalogue.peel] } },
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const firstId = (proposal.json() as { id: number }).id;
    const revised = await t.request('POST', `/api/v1/proposals/${firstId}/revise`, {
      token: professional.token,
      body: { blocks: { A: [catalogue.peel, catalogue.filler] } },
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const proposalId = (revised.json() as { id: number }).id;
    const sent = await t.request('POST', `/api/v1/proposals/${proposalId}/send`, {
      token: professional.token,
    });
    const url = (sent.json() as { public_url: string }).public_url;
    const accepted = await t.request(
      'POST',
      `/api/v1/public/proposals/${url.slice(url.lastIndexOf('/p/') + 3)}/accept`,
      { body: { full_name: 'Rosângela Trilha Nunes', accept_terms: true } },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    expect(await trail('proposal', firstId)).toMatchObject([
      {
        action: 'create',
        actor_id: professional.id,
        after: { status: 'draft', version: 1, items: ['Peeling Trilha × 1'] },
      },
    ]);
    expect(await trail('proposal', proposalId)).toMatchObject([
      {
        action: 'revise',
        before: { version: 1, status: 'draft' },
        after: { version: 2, items: ['Peeling Trilha × 1', 'Preenchimento Trilha × 1'] },
      },
      { action: 'send', before: { status: 'draft' }, after: { status: 'sent', link: 'active' } },
      {
        action: 'accept',
        actor_id: null,
        actor_name: 'Cliente, pelo link',
        before: { status: 'sent' },
        after: { status: 'accepted', channel: 'link' },
      },
    ]);

    const anonymized = await t.request('POST', `/api/v1/clients/${clientId}/anonymize`, {
      token: admin.token,
    });
    expect(anonymized.statusCode).toBe(200);
    const clientTrail = await trail('client', clientId);
    expect(clientTrail).toMatchObject([
      { action: 'consent_grant', after: { purpose: 'health_data', granted: true } },
      { action: 'create', actor_id: professional.id, after: { unit: 'PAULISTA' } },
      { action: 'update', after: { changed_fields: ['phone', 'notes'] } },
      { action: 'consent_grant', after: { purpose: 'marketing', channel: 'whatsapp' } },
      { action: 'anonymize', actor_id: admin.id, after: { anonymized: true } },
    ]);

    const everything = JSON.stringify(
      await t.database.query('SELECT before, after FROM audit_log ORDER BY id'),
    );
    for (const personal of ['Rosângela', 'Nunes', '52998224725', '95555', 'dipirona', 'manhãs']) {
      expect(everything, personal).not.toContain(personal);
    }
    const verify = await t.request('GET', '/api/v1/audit/verify', { token: admin.token });
    expect(verify.json()).toMatchObject({ ok: true, problem: null });
  });
});

import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitBillingSettings } from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.ts';
import { userOfUnit } from '../helpers/crm-fixtures.ts';
import { paymentsService } from '../../src/modules/billing/payments/service.ts';
import { billingFixtures } from './helpers.ts';
import { fixture, startPixStandIn, type StandIn } from './pix-stand-in.ts';

/**
 * The API Pix with an mTLS client certificate per unit (docs/decisions/0045-api-pix-mtls.md):
 * the stand-in serves HTTPS and refuses a connection without a certificate of its CA
 * (fixtures/README.md); the unit's certificate is checked when saved, its key sealed, and
 * neither is ever answered.
 */
describe('API Pix mTLS (issue 29): the unit certificate on every connection', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let standIn: StandIn;
  let certificate: string;
  let privateKey: string;
  let f: Awaited<ReturnType<typeof billingFixtures>>;
  const previousCa = process.env.PIX_API_CA_FILE;

  beforeAll(async () => {
    // The stand-in's server certificate is of the test CA (PIX_API_CA_FILE, README.md).
    process.env.PIX_API_CA_FILE = fileURLToPath(new URL('./fixtures/ca.pem', import.meta.url));
    t = await createTestApp();
    standIn = await startPixStandIn({ mtls: true });
    certificate = await fixture('client.pem');
    privateKey = await fixture('client.key');
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin mTLS');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente mTLS');
    const professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional mTLS');
    f = await billingFixtures(t, admin, professional, 'Mtls', '529.982.247-25');
    const settings = await patch({
      provider: 'api_pix',
      pix_key: '123e4567-e12b-12d1-a456-426655440000',
      pix_merchant_name: 'Clinica Paulista',
      pix_merchant_city: 'Sao Paulo',
      api_base_url: `${standIn.url}/api/v2`,
      api_token_url: `${standIn.url}/oauth/token`,
      api_client_id: standIn.clientId,
      api_client_secret: standIn.clientSecret,
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(async () => {
    if (previousCa === undefined) delete process.env.PIX_API_CA_FILE;
    else process.env.PIX_API_CA_FILE = previousCa;
    await standIn.close();
    await t.close();
  });

  function patch(body: Record<string, unknown>) {
    return t.request('PATCH', '/api/v1/units/PAULISTA/billing', { token: admin.token, body });
  }
  const message = (res: { body: string }) =>
    (JSON.parse(res.body) as { detail: { msg: string; loc: string[] }[] }).detail[0];

  async function contractOnApiPix(): Promise<{ contractId: number; txids: string[] }> {
    const { contractId } = await f.acceptedOnLink();
    const res = await t.request('POST', `/api/v1/contracts/${contractId}/payment-plan`, {
      token: manager.token,
      body: { method: 'api_pix' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.query<{ txid: string }>(
      `SELECT txid FROM installments WHERE contract_id = ${contractId} ORDER BY n`,
    );
    return { contractId, txids: rows.map((row) => row.txid) };
  }

  it('checks the certificate and key when saved, with a pt-BR 422', async () => {
    const alone = await patch({ api_certificate: certificate });
    expect(alone.statusCode).toBe(422);
    expect(message(alone)).toMatchObject({
      loc: ['body', 'api_private_key'],
      msg: 'Envie o certificado e a chave privada juntos.',
    });
    const garbage = await patch({
      api_certificate: 'não é um certificado',
      api_private_key: privateKey,
    });
    expect(garbage.statusCode).toBe(422);
    expect(message(garbage)?.msg).toMatch(
      /^Certificado inválido: cole o certificado em formato PEM/,
    );
    const badKey = await patch({ api_certificate: certificate, api_private_key: 'chave' });
    expect(badKey.statusCode).toBe(422);
    expect(message(badKey)?.msg).toMatch(/^Chave privada inválida/);
    const otherKey = await patch({
      api_certificate: certificate,
      api_private_key: await fixture('other.key'),
    });
    expect(otherKey.statusCode).toBe(422);
    expect(message(otherKey)?.msg).toBe('A chave privada não corresponde ao certificado.');
    const settings = await t.request('GET', '/api/v1/units/PAULISTA/billing', {
      token: admin.token,
    });
    expect((settings.json() as UnitBillingSettings).api_certificate_set).toBe(false);
  });

  it('without the certificate the institution refuses the connection: no charge is sent', async () => {
    const { contractId, txids } = await contractOnApiPix();
    expect(txids.some((txid) => standIn.charges.has(txid))).toBe(false);
    expect(
      (await f.payments(contractId)).installments.every((item) => item.status === 'agendada'),
    ).toBe(true);
  });

  it("with the unit's certificate the charges go through; it is never answered", async () => {
    const saved = await patch({ api_certificate: certificate, api_private_key: privateKey });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ api_certificate_set: true });
    expect(saved.body).not.toContain('BEGIN');
    const read = await t.request('GET', '/api/v1/units/PAULISTA/billing', { token: admin.token });
    expect(read.body).not.toContain('BEGIN');
    const [stored] = await t.database.query<{ key: string }>(
      "SELECT api_private_key_sealed AS key FROM unit_billing_settings WHERE unit = 'PAULISTA'",
    );
    expect(stored?.key).toMatch(/^v1\./);
    expect(stored?.key).not.toContain('PRIVATE KEY');

    const { contractId, txids } = await contractOnApiPix();
    expect(txids.every((txid) => standIn.charges.has(txid))).toBe(true);
    expect(standIn.invalid).toEqual([]);
    expect(
      (await f.payments(contractId)).installments.every((item) => item.status === 'solicitada'),
    ).toBe(true);

    // Cleared: the next charge meets the refusal again.
    const cleared = await patch({ api_certificate: null, api_private_key: null });
    expect(cleared.json()).toMatchObject({ api_certificate_set: false });
    const { contractId: later } = await f.acceptedOnLink();
    expect(await paymentsService.requestCharges(t.database.db, later)).toBe(0);
  });
});

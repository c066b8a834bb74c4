import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@portal/domain';
import { findProposal } from '../src/modules/sales/proposals/repository.ts';
import { renderStoredProposal } from '../src/modules/sales/proposals/service.ts';
import { defaultPdfRenderPool } from '../src/pdf/render-pool.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createCatalogue } from './helpers/crm-fixtures.ts';

/**
 * Anonymization cannot be undone (LGPD art. 12; issue 27): someone holding every stored row (a
 * database superuser, a stolen backup of the database) and a list of candidate names and CPFs
 * cannot tell which candidate was the client. Before anonymization the same attack does confirm
 * the name, which shows the test would notice a stored value that gives the person away.
 */

const NAME = 'Helena Sobral Quintana';
const CPF = '52998224725';
const CANDIDATES = ['Maria da Silva', NAME, 'Ana Paula Souza', 'Helena Sobral'];

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string, data: Buffer) =>
  crypto.createHmac('sha256', Buffer.from(key, 'hex')).update(data).digest('hex');

describe('an anonymized client cannot be re-identified from what is stored', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Every row of every table of the database, as text. */
  async function everythingStored(): Promise<string> {
    const tables = await t.database.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const parts: string[] = [];
    for (const { name } of tables) {
      const rows = await t.database.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM ${name} t`,
      );
      parts.push(...rows.map((r) => `${name}: ${r.row}`));
    }
    return parts.join('\n');
  }

  /**
   * The attack: draw the accepted document for each candidate name and look for its hash, or its
   * HMAC under any 256-bit value found anywhere in the database, among the stored values.
   */
  async function confirmedCandidates(proposalId: number): Promise<string[]> {
    const stored = await everythingStored();
    const row = await findProposal(t.database.db, proposalId);
    if (!row) throw new Error('proposta sumiu');
    const hexValues = new Set(stored.match(/[0-9a-f]{64}/g) ?? []);
    const confirmed: string[] = [];
    for (const candidate of CANDIDATES) {
      const document = await renderStoredProposal(
        defaultPdfRenderPool,
        { ...row, clientName: candidate },
        false,
      );
      const digests = [sha256(document), sha256(candidate), sha256(candidate.toLowerCase())];
      for (const key of hexValues) digests.push(hmac(key, document));
      if (digests.some((digest) => hexValues.has(digest)) || stored.includes(candidate)) {
        confirmed.push(candidate);
      }
    }
    return confirmed;
  }

  it('confirms the name while the client exists, and nothing once she is anonymized', async () => {
    const admin = await t.as('admin');
    const professional = await t.as('professional');
    const catalogue = await createCatalogue(t, admin.token, 'Anon');
    const client = await t.request('POST', '/api/v1/clients/', {
      token: professional.token,
      body: { full_name: NAME, cpf: CPF, phone: '11 96666-1234', email: 'helena@exemplo.com' },
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: number }).id;
    const created = await t.request('POST', '/api/v1/proposals/', {
      token: professional.token,
      body: { client_id: clientId, package_id: catalogue.pkg, blocks: { A: [catalogue.peel] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const proposalId = (created.json() as { id: number }).id;
    const sent = await t.request('POST', `/api/v1/proposals/${proposalId}/send`, {
      token: professional.token,
    });
    const url = (sent.json() as { public_url: string }).public_url;
    const accepted = await t.request(
      'POST',
      `/api/v1/public/proposals/${url.slice(url.lastIndexOf('/p/') + 3)}/accept`,
      { body: { full_name: NAME, accept_terms: true } },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    // While the client exists, her key proves the document: the attack finds her (and only her).
    const before = await confirmedCandidates(proposalId);
    expect(before).toContain(NAME);
    expect(before).not.toContain('Maria da Silva');

    const anonymized = await t.request('POST', `/api/v1/clients/${clientId}/anonymize`, {
      token: admin.token,
    });
    expect(anonymized.statusCode, anonymized.body).toBe(200);

    expect(await confirmedCandidates(proposalId)).toEqual([]);
    const stored = await everythingStored();
    for (const trace of [NAME, 'Sobral', 'Quintana', CPF, '529.982.247-25', '96666', 'helena@']) {
      expect(stored, trace).not.toContain(trace);
    }
    expect(stored).not.toContain(sha256(CPF));
    // The evidence keeps what was accepted: the seal, the time, the figures.
    const proposal = (
      await t.request('GET', `/api/v1/proposals/${proposalId}`, { token: admin.token })
    ).json() as Proposal;
    expect(proposal.acceptance?.document_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(proposal.status).toBe('accepted');
  });
});

import { expect } from 'vitest';
import type {
  Client,
  ContractPayments,
  Proposal,
  ProposalSendResponse,
  PublicProposal,
} from '@portal/domain';
import type { TestApp, TestUser } from '../helpers/test-app.ts';
import { createCatalogue, HEALTH_CONSENT } from '../helpers/crm-fixtures.ts';

/** A client of PAULISTA whose proposals are accepted on her link (package price R$ 3.600,00). */
export async function billingFixtures(
  t: TestApp,
  admin: TestUser,
  author: TestUser,
  tag: string,
  cpf: string | null = null,
) {
  const catalogue = await createCatalogue(t, admin.token, tag);
  const res = await t.request('POST', '/api/v1/clients/', {
    token: author.token,
    body: {
      full_name: `Beatriz ${tag} Pagadora`,
      phone: '(11) 97777-2222',
      ...(cpf ? { cpf } : {}),
      consents: [HEALTH_CONSENT],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const client = res.json() as Client;

  /** A proposal accepted on the client's link: its token and contract. */
  async function acceptedOnLink(): Promise<{ token: string; contractId: number }> {
    const created = await t.request('POST', '/api/v1/proposals/', {
      token: author.token,
      body: {
        client_id: client.id,
        package_id: catalogue.pkg,
        blocks: {
          A: [catalogue.filler, catalogue.filler, catalogue.peel],
          B: [catalogue.laser],
          C: [],
          D: [],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const proposal = created.json() as Proposal;
    const sent = await t.request('POST', `/api/v1/proposals/${proposal.id}/send`, {
      token: author.token,
    });
    const token = (sent.json() as ProposalSendResponse).public_url.split('/p/')[1] ?? '';
    const accepted = await t.request('POST', `/api/v1/public/proposals/${token}/accept`, {
      body: { full_name: client.full_name, accept_terms: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { token, contractId: (accepted.json() as PublicProposal).contract_id ?? 0 };
  }

  async function payments(contractId: number, token = admin.token): Promise<ContractPayments> {
    const res = await t.request('GET', `/api/v1/contracts/${contractId}/payments`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContractPayments;
  }

  return { catalogue, client, acceptedOnLink, payments };
}

export const sumCentavos = (amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);

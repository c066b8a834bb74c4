import { describe, expect, it } from 'vitest';
import { clientCreateSchema, consentCreateSchema } from '../crm/clients.ts';
import { traitMatches } from '../catalogue/contraindications.ts';
import { computePackageTotals } from '../catalogue/package-totals.ts';
import {
  buildProposalItems,
  computeProposalTotals,
  effectiveProposalStatus,
  formatProposalNumber,
  fullNameMatches,
  proposalSelectionIssues,
  publicProposalDeclineSchema,
  whatsappUrl,
  type ProposalCataloguePackage,
  type ProposalCatalogueService,
} from './proposals.ts';

const service = (
  id: number,
  overrides: Partial<ProposalCatalogueService> = {},
): ProposalCatalogueService => ({
  id,
  name: `Procedimento ${id}`,
  block: 'A',
  status: 'active',
  value: 100,
  cost: 10,
  session_limit: 0,
  traits: [],
  ...overrides,
});

const pkg = (overrides: Partial<ProposalCataloguePackage> = {}): ProposalCataloguePackage => ({
  id: 1,
  name: 'Pacote 1',
  annual_value: 1200,
  status: 'active',
  session_limit: null,
  block_limits: { a: 3, b: 1, c: 0, d: 0 },
  allow_all_procedures: true,
  procedures: [],
  restricted_procedures: [],
  ...overrides,
});

describe('proposal selection rules', () => {
  const catalogue = new Map([
    [1, service(1, { session_limit: 2 })],
    [2, service(2)],
    [3, service(3, { block: 'B' })],
    [4, service(4, { status: 'inactive' })],
  ]);

  it('accepts a selection within every limit', () => {
    expect(
      proposalSelectionIssues(pkg(), catalogue, { A: [1, 1, 2], B: [3], C: [], D: [] }),
    ).toEqual([]);
  });

  it('names each broken rule in pt-BR', () => {
    const issues = proposalSelectionIssues(
      pkg({ restricted_procedures: [2], session_limit: 3 }),
      catalogue,
      { A: [1, 1, 1, 2, 4, 3, 99], B: [], C: [], D: [] },
    );
    const messages = issues.map((issue) => issue.msg);
    expect(messages).toContain('O bloco A aceita no máximo 3 sessões neste pacote.');
    expect(messages).toContain('O procedimento "Procedimento 2" não é permitido neste pacote.');
    expect(messages).toContain('O procedimento "Procedimento 4" está inativo.');
    expect(messages).toContain('O procedimento "Procedimento 3" pertence ao bloco B.');
    expect(messages).toContain('Procedimento 99 não encontrado.');
    expect(messages).toContain('O procedimento "Procedimento 1" aceita no máximo 2 sessões.');
    expect(messages).toContain('Este pacote aceita no máximo 3 sessões no total.');
  });

  it('refuses an inactive package', () => {
    expect(
      proposalSelectionIssues(pkg({ status: 'inactive' }), catalogue, {
        A: [],
        B: [],
        C: [],
        D: [],
      }),
    ).toEqual([{ loc: ['package_id'], msg: 'Este pacote está inativo.' }]);
  });
});

describe('proposal snapshot and totals', () => {
  it('groups sessions per procedure and computes the totals of DESIGN section 6', () => {
    const catalogue = new Map([
      [1, service(1, { value: 150.5, cost: 20.25 })],
      [3, service(3, { block: 'B', value: 300, cost: 90 })],
    ]);
    const items = buildProposalItems({ A: [1, 1], B: [3], C: [], D: [] }, catalogue);
    expect(items.map((item) => [item.service_id, item.sessions, item.total_value])).toEqual([
      [1, 2, 301],
      [3, 1, 300],
    ]);
    const totals = computeProposalTotals(1200, items);
    const reference = computePackageTotals(120000, [
      { value: 150.5, cost: 20.25 },
      { value: 150.5, cost: 20.25 },
      { value: 300, cost: 90 },
    ]);
    expect(totals).toEqual({
      annual: 1200,
      monthly: 100,
      servicesTotalValue: 601,
      discount: -599,
      discountPct: reference.descontoPct,
      receitaLiquida: 840,
      lucro: 840 - 130.5,
      margemPct: reference.margemPct,
      monthlyRemaining: reference.monthlyRemaining / 100,
    });
  });
});

describe('contraindication warnings', () => {
  it('matches traits folded, either way round, plural or singular', () => {
    expect(traitMatches('látex', 'Latex')).toBe(true);
    expect(traitMatches('ácido hialurônico', 'alergia a acido hialuronico')).toBe(true);
    expect(traitMatches('agulha', 'medo de agulhas')).toBe(true);
    expect(traitMatches('laser', 'lactose')).toBe(false);
    expect(traitMatches('ácidos', 'ácido hialurônico')).toBe(false);
    expect(traitMatches('ácido hialurônico tópico', 'Ácido Hialurônico')).toBe(true);
    expect(traitMatches('níquel', 'látex e níquel')).toBe(true);
    expect(traitMatches('laser', 'não pode usar laser')).toBe(true);
  });
});

describe('proposal helpers', () => {
  it('numbers per year with six digits', () => {
    expect(formatProposalNumber(2026, 123)).toBe('2026-000123');
  });

  it('reads an open proposal past its validity as expired, an answered one as it is', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(effectiveProposalStatus('sent', '2026-03-10T11:59:59Z', now)).toBe('expired');
    expect(effectiveProposalStatus('viewed', '2026-03-11T00:00:00Z', now)).toBe('viewed');
    expect(effectiveProposalStatus('accepted', '2026-03-01T00:00:00Z', now)).toBe('accepted');
  });

  it('compares the typed full name folded', () => {
    expect(fullNameMatches('  maria   da conceição ', 'Maria da Conceicao')).toBe(true);
    expect(fullNameMatches('Maria', 'Maria da Conceição')).toBe(false);
  });

  it('builds a wa.me link with the country code and an encoded message', () => {
    expect(whatsappUrl('(11) 98765-4321', 'Olá & até')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%20%26%20at%C3%A9',
    );
    expect(whatsappUrl('12', 'x')).toBeNull();
  });

  it('reads the public decline reason as reason_text', () => {
    expect(publicProposalDeclineSchema.parse({ reason: 'caro' })).toEqual({
      reason_code: null,
      reason_text: 'caro',
    });
    expect(publicProposalDeclineSchema.parse({})).toEqual({ reason_code: null, reason_text: null });
  });
});

describe('client schemas', () => {
  it('stores the CPF as digits and refuses a wrong check digit in pt-BR', () => {
    expect(clientCreateSchema.parse({ full_name: 'Ana', cpf: '529.982.247-25' }).cpf).toBe(
      '52998224725',
    );
    const result = clientCreateSchema.safeParse({ full_name: 'Ana', cpf: '529.982.247-24' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('CPF inválido.');
  });

  it('refuses an impossible birth date and an unknown consent text version', () => {
    expect(
      clientCreateSchema.safeParse({ full_name: 'Ana', birth_date: '2026-02-30' }).success,
    ).toBe(false);
    expect(
      consentCreateSchema.safeParse({
        purpose: 'health_data',
        granted: true,
        text_version: 'v9',
        channel: 'presencial',
      }).success,
    ).toBe(false);
  });
});

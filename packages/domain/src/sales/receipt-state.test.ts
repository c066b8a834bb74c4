import { describe, expect, it } from 'vitest';
import type { Package } from '../catalogue/packages.ts';
import { clientCarePdfPayloadSchema, proposalPdfPayloadSchema } from './pdf-payloads.ts';
import {
  buildClientCarePayload,
  buildProposalPayload,
  buildReceiptState,
  receiptBenefitCards,
  receiptRows,
  receiptTotals,
} from './receipt-state.ts';
import { receiptStateSchema } from './receipt-state-schema.ts';
import type { Service } from '../catalogue/services.ts';

function makeService(id: number, overrides: Partial<Service> = {}): Service {
  return {
    id,
    name: `Procedimento ${id}`,
    description: '',
    block: 'A',
    value: 1000,
    cost: 100,
    min_margin_percent: 20,
    session_limit: 0,
    status: 'active',
    benefits: { main_function: null, benefit1: null, benefit2: null, benefit3: null },
    photos_count: 0,
    photos_limit: 4,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const pkg: Package = {
  id: 7,
  name: 'Pacote 12',
  annual_value: 12000,
  discount_percent: 10,
  status: 'active',
  session_limit: null,
  block_limits: { a: 3, b: 1, c: 1, d: 1 },
  allow_all_procedures: true,
  procedures: [1, 2, 3],
  restricted_procedures: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const catalogue = [
  makeService(1, {
    name: 'Botox',
    value: 4500,
    cost: 900,
    benefits: {
      main_function: 'Rugas',
      benefit1: 'Suaviza rugas',
      benefit2: ' ',
      benefit3: 'Previne',
    },
  }),
  makeService(2, { name: 'Peeling', block: 'B', value: 3000.5, cost: 600.25 }),
  makeService(3, { name: 'Laser', block: 'C', value: 2500 }),
];

const selection = { A: [1, 1], B: [2], C: [3], D: [] };

describe('buildReceiptState', () => {
  it('expands the selection into sessions and computes the totals in reais', () => {
    const state = buildReceiptState(pkg, selection, catalogue, { client_name: 'Maria' });
    expect(state.blocks.A.map((s) => s.name)).toEqual(['Botox', 'Botox']);
    expect(state.blocks.B.map((s) => s.name)).toEqual(['Peeling']);
    expect(state.totals.annual).toBe(12000);
    expect(state.totals.monthly).toBe(1000);
    expect(state.totals.servicesTotalValue).toBe(14500.5);
    expect(state.totals.custo).toBe(2500.25);
    expect(state.totals.desconto).toBe(2500.5);
    expect(receiptTotals(state).servicesTotalValue).toBe(1_450_050);
    // It survives sessionStorage: JSON and back, then validation.
    expect(receiptStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('refuses stored state that is not a receipt', () => {
    expect(receiptStateSchema.safeParse({ package: { id: 1 } }).success).toBe(false);
    expect(receiptStateSchema.safeParse(null).success).toBe(false);
  });
});

describe('receipt rows and benefits', () => {
  const state = buildReceiptState(pkg, selection, catalogue);

  it('folds sessions per procedure in order of appearance', () => {
    expect(
      receiptRows(state.blocks).map((row) => [row.service.name, row.sessions, row.unit, row.total]),
    ).toEqual([
      ['Botox', 2, 450_000, 900_000],
      ['Peeling', 1, 300_050, 300_050],
      ['Laser', 1, 250_000, 250_000],
    ]);
  });

  it('shows up to 2 benefit lines of the first 3 procedures, skipping those without any', () => {
    expect(receiptBenefitCards(receiptRows(state.blocks))).toEqual([
      { title: 'Botox', lines: ['Suaviza rugas', 'Previne'] },
    ]);
  });
});

describe('PDF payloads', () => {
  it('builds a proposal the API accepts', () => {
    const state = buildReceiptState(pkg, selection, catalogue, { client_name: ' Maria ' });
    const payload = buildProposalPayload(state, [
      {
        procedure1: 'Botox',
        procedure2: 'Peeling',
        title: 'Botox + Peeling',
        summary: 'Combinação para rugas.',
        mechanism: '',
        synergy: '',
        expected_gain_percent_range: '15–25%',
        contraindications: [],
        differentials: [],
        next_steps: [],
      },
    ]);
    const parsed = proposalPdfPayloadSchema.parse(payload);
    expect(parsed.client_name).toBe('Maria');
    expect(parsed.rows.map((row) => [row.name, row.unit, row.qty, row.total])).toEqual([
      ['Botox', 4500, 2, 9000],
      ['Peeling', 3000.5, 1, 3000.5],
      ['Laser', 2500, 1, 2500],
    ]);
    expect(parsed.synergy_items).toEqual([
      { title: 'Botox + Peeling', description: 'Combinação para rugas.' },
    ]);
    expect(parsed.valor_avulso).toBe(14500.5);
    expect(parsed.valor_pacote).toBe(12000);
  });

  it('builds a client-care request without a placeholder name when none was typed', () => {
    const state = buildReceiptState(pkg, selection, catalogue, {
      goal: 'Reduzir rugas',
      preferences: 'Prefere manhãs; sem ácidos\nLembrete por WhatsApp',
    });
    const parsed = clientCarePdfPayloadSchema.parse(buildClientCarePayload(state));
    // 'Cliente' used to be sent and printed as her name ('Chamar a cliente de Cliente').
    expect(parsed.client.full_name).toBeUndefined();
    expect(
      clientCarePdfPayloadSchema.parse(
        buildClientCarePayload({
          ...state,
          clientPreferences: { ...state.clientPreferences, client_name: ' Joana Prado ' },
        }),
      ).client.full_name,
    ).toBe('Joana Prado');
    expect(parsed.client.preferences).toEqual([
      'Prefere manhãs',
      'sem ácidos',
      'Lembrete por WhatsApp',
    ]);
    expect(parsed.personalization).toEqual(['Objetivo: Reduzir rugas']);
    expect(parsed.procedures.map((p) => p.name)).toEqual(['Botox', 'Peeling', 'Laser']);
  });
});

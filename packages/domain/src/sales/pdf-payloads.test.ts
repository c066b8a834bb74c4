import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clientCarePdfPayloadSchema,
  computeProposalFigures,
  formatBRLWithWords,
  formatSessionsWithWords,
  pdfFileName,
  proposalPdfPayloadSchema,
  slugifyPtBR,
  spellOutBRL,
  spellOutNumberPtBR,
} from './pdf-payloads.ts';

/** Intl writes 'R$ 1,00' with a non-breaking space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('spellOutNumberPtBR', () => {
  it.each([
    [0, 'zero'],
    [1, 'um'],
    [2, 'dois'],
    [10, 'dez'],
    [14, 'quatorze'],
    [21, 'vinte e um'],
    [99, 'noventa e nove'],
    [100, 'cem'],
    [101, 'cento e um'],
    [110, 'cento e dez'],
    [200, 'duzentos'],
    [555, 'quinhentos e cinquenta e cinco'],
    [1000, 'um mil'],
    [1001, 'um mil e um'],
    [1020, 'um mil e vinte'],
    [1100, 'um mil e cem'],
    [1230, 'um mil duzentos e trinta'],
    [1500, 'um mil e quinhentos'],
    [2000, 'dois mil'],
    [12_000, 'doze mil'],
    [100_000, 'cem mil'],
    [101_000, 'cento e um mil'],
    [1_000_000, 'um milhão'],
    [1_000_500, 'um milhão e quinhentos'],
    [1_500_000, 'um milhão e quinhentos mil'],
    [2_300_450, 'dois milhões trezentos mil quatrocentos e cinquenta'],
    [1_000_000_000, 'um bilhão'],
  ])('%i → %s', (value, words) => {
    expect(spellOutNumberPtBR(value)).toBe(words);
  });

  it.each([
    [1, 'uma'],
    [2, 'duas'],
    [21, 'vinte e uma'],
    [200, 'duzentas'],
    [232, 'duzentas e trinta e duas'],
    [1000, 'mil'],
    [2000, 'duas mil'],
  ])('feminine %i → %s', (value, words) => {
    expect(spellOutNumberPtBR(value, 'feminine')).toBe(words);
  });

  it('refuses negative, fractional and huge numbers', () => {
    expect(() => spellOutNumberPtBR(-1)).toThrow(RangeError);
    expect(() => spellOutNumberPtBR(1.5)).toThrow(RangeError);
    expect(() => spellOutNumberPtBR(1e15)).toThrow(RangeError);
  });

  it('spells every number with words only, never "undefined" or double spaces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const words = spellOutNumberPtBR(n);
        expect(words).toMatch(/^[a-zãçéêõ]+( [a-zãçéêõ]+)*$/);
        expect(words).not.toContain('undefined');
      }),
    );
  });
});

describe('spellOutBRL', () => {
  it.each([
    [0, 'zero reais'],
    [1, 'um centavo'],
    [50, 'cinquenta centavos'],
    [100, 'um real'],
    [2100, 'vinte e um reais'],
    [10_000, 'cem reais'],
    [10_100, 'cento e um reais'],
    [100_000, 'um mil reais'],
    [150_050, 'um mil e quinhentos reais e cinquenta centavos'],
    [1_200_000, 'doze mil reais'],
    [100_000_000, 'um milhão de reais'],
    [300_000_000, 'três milhões de reais'],
    [150_000_000, 'um milhão e quinhentos mil reais'],
    [101, 'um real e um centavo'],
  ])('%i centavos → %s', (centavos, words) => {
    expect(spellOutBRL(centavos)).toBe(words);
  });

  it('writes the figure and its words together', () => {
    expect(plain(formatBRLWithWords(1_200_000))).toBe('R$ 12.000,00 (doze mil reais)');
  });
});

describe('formatSessionsWithWords', () => {
  it('agrees in number and gender', () => {
    expect(formatSessionsWithWords(1)).toBe('1 (uma) sessão');
    expect(formatSessionsWithWords(10)).toBe('10 (dez) sessões');
    expect(formatSessionsWithWords(22)).toBe('22 (vinte e duas) sessões');
  });
});

describe('computeProposalFigures', () => {
  it('recomputes every figure in centavos; a dearer package has no discount', () => {
    const figures = computeProposalFigures(12_000, [
      { name: 'Criolipólise', unit: 1500.5, qty: 4, benefits: [] },
      { name: 'Radiofrequência', unit: 0.1, qty: 3, benefits: ['Firmeza'] },
    ]);
    expect(figures.rows.map((r) => r.total)).toEqual([600_200, 30]);
    expect(figures.standalone).toBe(600_230);
    expect(figures.packageValue).toBe(1_200_000);
    expect(figures.saving).toEqual({ kind: 'costs-more', extra: 1_200_000 - 600_230 });
    expect(figures.monthly).toBe(100_000);
    expect(figures.totalSessions).toBe(7);
    // No saving still prices each session at its share of the package: what the contract states.
    expect(figures.rows.map((r) => r.packageTotal)).toEqual([1_199_940, 60]);
    expect(figures.rows.map((r) => r.packageUnit)).toEqual([299_985, 20]);
  });

  it('prices a session per procedure, never the package divided by every session', () => {
    // 12 sessions of R$ 180 in a R$ 14.400 package used to print 'Valor por sessão R$ 1.200,00'.
    const dearer = computeProposalFigures(14_400, [
      { name: 'Limpeza de Pele', unit: 180, qty: 12, benefits: [] },
    ]);
    expect(dearer.rows[0]?.unit).toBe(18_000);
    // The contracted price: one procedure carries the whole package price.
    expect(dearer.rows[0]?.packageUnit).toBe(120_000);
    expect(dearer.rows[0]?.packageTotal).toBe(1_440_000);

    // R$ 2.000 of sessions for R$ 1.600: each session costs 80 % of its standalone price.
    const cheaper = computeProposalFigures(1_600, [
      { name: 'A', unit: 300, qty: 4, benefits: [] },
      { name: 'B', unit: 200, qty: 4, benefits: [] },
    ]);
    expect(cheaper.rows.map((r) => r.packageUnit)).toEqual([24_000, 16_000]);
    expect(cheaper.rows.map((r) => r.packageTotal)).toEqual([96_000, 64_000]);
    const sum = cheaper.rows.reduce((total, r) => total + (r.packageUnit ?? 0) * r.qty, 0);
    expect(sum).toBe(cheaper.packageValue);
  });

  it('has no saving without rows', () => {
    const figures = computeProposalFigures(1000, []);
    expect(figures.saving).toEqual({ kind: 'none' });
    expect(figures.standalone).toBe(0);
  });

  it('computes the saving from the standalone total', () => {
    const figures = computeProposalFigures(7500, [
      { name: 'A', unit: 1000, qty: 10, benefits: [] },
    ]);
    expect(figures.saving).toEqual({ kind: 'saving', amount: 250_000, percent: 25 });
  });
});

describe('payload compatibility', () => {
  it('reads a plain string where a list of texts is expected, as its lines', () => {
    const parsed = clientCarePdfPayloadSchema.parse({
      client: { full_name: 'Ana', preferences: 'Prefere sábado', important_dates: 'A\n\nB' },
      channels: 'WhatsApp',
      dos_and_donts: { dos: 'Oferecer água', donts: ['Ligar cedo'] },
      sensitivities: { health_flags: 'Hipertensão' },
    });
    expect(parsed.client.preferences).toEqual(['Prefere sábado']);
    expect(parsed.client.important_dates).toEqual(['A', 'B']);
    expect(parsed.channels).toEqual(['WhatsApp']);
    expect(parsed.dos_and_donts).toEqual({ dos: ['Oferecer água'], donts: ['Ligar cedo'] });
    expect(parsed.sensitivities.health_flags).toEqual(['Hipertensão']);
  });

  it('refuses an empty selection', () => {
    const proposal = proposalPdfPayloadSchema.safeParse({
      pkg: { name: 'Pacote', annual_value: 100 },
      rows: [],
    });
    expect(proposal.success).toBe(false);
    expect(proposal.error?.issues[0]?.message).toBe('Selecione ao menos um procedimento.');
    expect(
      clientCarePdfPayloadSchema.safeParse({ client: { full_name: 'Ana' }, procedures: [] })
        .success,
    ).toBe(false);
  });
});

describe('file names', () => {
  it('slugifies pt-BR names to ASCII', () => {
    expect(slugifyPtBR('Pacote Essencial 1', 'pacote')).toBe('pacote-essencial-1');
    expect(slugifyPtBR('  Ação & Coração — Verão!  ', 'x')).toBe('acao-coracao-verao');
    expect(slugifyPtBR('!!!', 'cliente')).toBe('cliente');
  });

  it('names each document by kind, subject and date', () => {
    expect(pdfFileName('proposal', 'Pacote Essencial 1', '2026-11-22')).toBe(
      'proposta-pacote-essencial-1-2026-11-22.pdf',
    );
    expect(pdfFileName('client-care', 'Maria José', '2026-11-22')).toBe(
      'cuidados-maria-jose-2026-11-22.pdf',
    );
  });
});

describe('payload schemas', () => {
  const validProposal = {
    pkg: { id: 1, name: 'Pacote Essencial 1', annual_value: 12000 },
    rows: [
      { id: 3, name: 'Criolipólise', unit: 1000, qty: 2, total: 2000, benefits: [' ', 'Reduz'] },
    ],
  };

  it('accepts a minimal proposal, dropping blank texts and defaulting lists', () => {
    const parsed = proposalPdfPayloadSchema.parse(validProposal);
    expect(parsed.rows[0]?.benefits).toEqual(['Reduz']);
    expect(parsed.benefit_cards).toEqual([]);
    expect(parsed.synergy_items).toEqual([]);
  });

  it.each([
    ['qty 0', { rows: [{ ...validProposal.rows[0], qty: 0 }] }],
    ['qty 1.5', { rows: [{ ...validProposal.rows[0], qty: 1.5 }] }],
    ['qty 101', { rows: [{ ...validProposal.rows[0], qty: 101 }] }],
    ['negative unit', { rows: [{ ...validProposal.rows[0], unit: -1 }] }],
    ['blank package name', { pkg: { name: ' ', annual_value: 1 } }],
    ['missing package', { pkg: undefined }],
    ['long text', { rows: [{ ...validProposal.rows[0], benefits: ['x'.repeat(501)] }] }],
    ['201 rows', { rows: Array.from({ length: 201 }, () => validProposal.rows[0]) }],
  ])('refuses %s', (_label, change) => {
    expect(proposalPdfPayloadSchema.safeParse({ ...validProposal, ...change }).success).toBe(false);
  });

  it('accepts a client-care payload with only the client name', () => {
    const parsed = clientCarePdfPayloadSchema.parse({ client: { full_name: 'Maria' } });
    expect(parsed.dos_and_donts).toEqual({ dos: [], donts: [] });
    expect(parsed.checklist).toEqual([]);
    // No name typed: the guide leaves it out instead of printing a placeholder.
    expect(clientCarePdfPayloadSchema.parse({ client: { full_name: ' ' } }).client.full_name).toBe(
      undefined,
    );
    expect(clientCarePdfPayloadSchema.safeParse({}).success).toBe(false);
  });
});

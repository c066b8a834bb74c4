import { describe, expect, it } from 'vitest';
import { reconciliationSummary, reconciliationsQuerySchema } from './reconciliation.ts';

describe('reconciliation', () => {
  const report = {
    unit: 'PAULISTA',
    day: '2026-11-27',
    received: 14,
    recovered: 1,
    known: 13,
    refused: 0,
    differences: [],
    ran_at: '2026-11-28T09:30:00.000Z',
  };

  it('summarises a day in pt-BR, singular and plural', () => {
    expect(reconciliationSummary(report)).toBe(
      'Conciliação de 27/11/2026: 14 Pix recebidos, 1 recuperado, 0 divergências',
    );
    expect(
      reconciliationSummary({
        ...report,
        received: 1,
        recovered: 0,
        differences: [{ kind: 'txid_desconhecido', e2eid: null, txid: null, amount: 1 }],
      }),
    ).toBe('Conciliação de 27/11/2026: 1 Pix recebido, 0 recuperados, 1 divergência');
  });

  it('refuses an impossible day with a pt-BR message', () => {
    const parsed = reconciliationsQuerySchema.safeParse({ from: '2026-02-30' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Data inválida (use AAAA-MM-DD).');
  });
});

import { describe, expect, it } from 'vitest';
import {
  COMMISSION_MESSAGES,
  commissionAdjustmentBodySchema,
  commissionStatementCsv,
  isPeriod,
  type CommissionStatementView,
} from './commission-api.ts';

describe('commission wire forms', () => {
  it('reads a period as a real YYYY-MM month', () => {
    expect(['2026-01', '2026-12', '1900-06'].every(isPeriod)).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ''].some(isPeriod)).toBe(false);
  });

  it('turns an advance into centavos and refuses zero or a third decimal', () => {
    expect(commissionAdjustmentBodySchema.parse({ amount: -50.5, reason: ' Vale ' })).toEqual({
      amount: -5050,
      reason: 'Vale',
    });
    for (const amount of [0, 1.005, 2_000_000]) {
      const result = commissionAdjustmentBodySchema.safeParse({ amount, reason: 'x' });
      expect(result.error?.issues[0]?.message).toBe(COMMISSION_MESSAGES.adjustmentAmountInvalid);
    }
  });

  it('writes the statement for Excel pt-BR: each line, gross and net, no formula from a reason', () => {
    const statement: CommissionStatementView = {
      professional_id: 7,
      professional_name: 'Sofia',
      unit: 'PAULISTA',
      period: '2026-11',
      status: 'aprovada',
      status_label: 'Aprovada',
      entries: [
        {
          id: 'contrato:3',
          rule_id: 1,
          rule_version: 2,
          professional_id: 7,
          event: 'venda_aceita',
          source_type: 'contrato',
          source_id: '3',
          contract_id: 3,
          period: '2026-11',
          base: 1548.5,
          amount: 77.43,
          status: 'aprovada',
          reverses: null,
        },
      ],
      adjustments: [
        { id: 4, amount: -10, reason: '=HYPERLINK("x")', created_at: '', created_by: null },
      ],
      gross: 77.43,
      net: 67.43,
      approved_at: null,
      approved_by: null,
      paid_at: null,
      paid_by: null,
    };
    const lines = commissionStatementCsv(statement)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      'Período;Lançamento;Origem;Contrato;Regra;Versão;Base (R$);Comissão (R$);Situação',
      '11/2026;contrato:3;Venda aceita;3;1;2;1548,50;77,43;Aprovada',
      '11/2026;ajuste:4;"Ajuste: =HYPERLINK(""x"")";;;;;-10,00;',
      '11/2026;Bruto;;;;;;77,43;Aprovada',
      '11/2026;Líquido;;;;;;67,43;Aprovada',
      '',
    ]);
  });
});

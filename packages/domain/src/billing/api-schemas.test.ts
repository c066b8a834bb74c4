import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  commissionRuleBodySchema,
  markPaidSchema,
  paymentPlanCreateSchema,
  applyRulePatch,
  commissionRulePatchSchema,
} from './api-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('paymentPlanCreateSchema', () => {
  it('defaults to 12 instalments and refuses what it cannot split', () => {
    expect(paymentPlanCreateSchema.parse({ method: 'pix_manual' })).toEqual({
      method: 'pix_manual',
      pix_automatico: false,
      installments: 12,
    });
    expect(
      paymentPlanCreateSchema.parse({ method: 'api_pix', installments: 6, due_day: 31 }),
    ).toEqual({
      method: 'api_pix',
      pix_automatico: false,
      installments: 6,
      due_day: 31,
    });
    expect(firstMessage(paymentPlanCreateSchema.safeParse({ method: 'boleto' }))).toBe(
      BILLING_MESSAGES.methodInvalid,
    );
    expect(
      firstMessage(paymentPlanCreateSchema.safeParse({ method: 'api_pix', installments: 13 })),
    ).toBe(BILLING_MESSAGES.installmentsInvalid);
    expect(firstMessage(paymentPlanCreateSchema.safeParse({ method: 'api_pix', due_day: 0 }))).toBe(
      BILLING_MESSAGES.dueDayInvalid,
    );
  });
});

describe('markPaidSchema', () => {
  it('wants an instant with its offset; an empty note is none', () => {
    expect(markPaidSchema.parse({ paid_at: '2026-11-25T14:30:00-03:00', note: '  ' })).toEqual({
      paid_at: '2026-11-25T14:30:00-03:00',
      note: null,
    });
    expect(firstMessage(markPaidSchema.safeParse({ paid_at: '2026-11-25' }))).toBe(
      BILLING_MESSAGES.paidAtInvalid,
    );
    expect(firstMessage(markPaidSchema.safeParse({ paid_at: '2026-13-45T10:00:00Z' }))).toBe(
      BILLING_MESSAGES.paidAtInvalid,
    );
    expect(
      firstMessage(
        markPaidSchema.safeParse({ paid_at: '2026-11-25T10:00:00Z', note: 'x'.repeat(501) }),
      ),
    ).toBe(BILLING_MESSAGES.noteTooLong);
  });
});

describe('commissionRuleBodySchema', () => {
  it('turns reais and percents into centavos and basis points', () => {
    expect(
      commissionRuleBodySchema.parse({
        name: 'Venda na margem',
        scope: { unit: 'Moema', professional_id: undefined },
        event: 'venda_aceita',
        basis: 'margem',
        rate: { type: 'pct', value: 12.5 },
        clawback: 'proporcional',
        valid_from: '2026-12-01',
      }),
    ).toEqual({
      name: 'Venda na margem',
      scope: { unit: 'Moema' },
      event: 'venda_aceita',
      basis: 'margem',
      rate: { type: 'pct', bp: 1250 },
      clawback: 'proporcional',
      valid_from: '2026-12-01',
    });
    expect(
      commissionRuleBodySchema.parse({
        name: 'Regra',
        event: 'sessao_realizada',
        basis: 'preco_contratado',
        rate: {
          type: 'faixas',
          tiers: [
            { from: 20000, value: 5 },
            { from: 0, value: 3 },
          ],
        },
        clawback: 'nenhum',
        valid_from: '2026-12-01',
      }).rate,
    ).toEqual({
      type: 'faixas',
      tiers: [
        { from: 0, bp: 300 },
        { from: 2_000_000, bp: 500 },
      ],
    });
    expect(
      commissionRuleBodySchema.parse({
        name: 'Regra',
        event: 'parcela_paga',
        basis: 'preco_contratado',
        rate: { type: 'fixo', value: 19.99 },
        clawback: 'integral',
        valid_from: '2026-12-01',
      }).rate,
    ).toEqual({ type: 'fixo', centavos: 1999 });
  });

  it('answers in pt-BR', () => {
    const base = {
      name: 'Regra',
      event: 'venda_aceita',
      basis: 'preco_contratado',
      rate: { type: 'pct', value: 10 },
      clawback: 'integral',
      valid_from: '2026-12-01',
    };
    const message = (over: object) =>
      firstMessage(commissionRuleBodySchema.safeParse({ ...base, ...over }));
    expect(message({ rate: { type: 'pct', value: 100.5 } })).toBe(BILLING_MESSAGES.percentInvalid);
    expect(message({ rate: { type: 'pct', value: 10.005 } })).toBe(BILLING_MESSAGES.percentInvalid);
    expect(message({ rate: { type: 'fixo', value: -1 } })).toBe(BILLING_MESSAGES.valueInvalid);
    expect(message({ rate: { type: 'bonus' } })).toBe(BILLING_MESSAGES.rateInvalid);
    expect(message({ rate: { type: 'faixas', tiers: [] } })).toBe(BILLING_MESSAGES.tiersInvalid);
    expect(
      message({
        rate: {
          type: 'faixas',
          tiers: [
            { from: 0, value: 1 },
            { from: 0, value: 2 },
          ],
        },
      }),
    ).toBe(BILLING_MESSAGES.tiersInvalid);
    expect(message({ event: 'venda' })).toBe(BILLING_MESSAGES.eventInvalid);
    expect(message({ basis: 'lucro' })).toBe(BILLING_MESSAGES.basisInvalid);
    expect(message({ clawback: 'total' })).toBe(BILLING_MESSAGES.clawbackInvalid);
    expect(message({ name: '  ' })).toBe(BILLING_MESSAGES.ruleNameInvalid);
    expect(message({ valid_from: '2026-02-30' })).toBe(BILLING_MESSAGES.validFromInvalid);
    expect(message({ scope: { professional_id: 0 } })).toBe(
      BILLING_MESSAGES.scopeProfessionalInvalid,
    );
  });

  it('merges a PATCH over the latest version: only what is given changes', () => {
    const current = commissionRuleBodySchema.parse({
      name: 'Venda na margem',
      scope: { unit: 'Moema' },
      event: 'venda_aceita',
      basis: 'margem',
      rate: { type: 'pct', value: 5 },
      clawback: 'integral',
      valid_from: '2026-01-01',
    });
    const patch = commissionRulePatchSchema.parse({
      rate: { type: 'pct', value: 7.5 },
      valid_from: '2026-04-01',
    });
    expect(applyRulePatch(current, patch)).toEqual({
      ...current,
      rate: { type: 'pct', bp: 750 },
      valid_from: '2026-04-01',
    });
    expect(applyRulePatch(current, commissionRulePatchSchema.parse({}))).toEqual(current);
    expect(applyRulePatch(current, commissionRulePatchSchema.parse({ scope: {} })).scope).toEqual(
      {},
    );
  });
});

import { describe, expect, it } from 'vitest';
import { saoPauloDate } from '../shared/sao-paulo-days.ts';
import { BILLING_MESSAGES, markPaidSchema } from './api-schemas.ts';
import { COMMISSION_MESSAGES, type CommissionRuleView } from './commission-api.ts';
import {
  BILLING_FORM_MESSAGES,
  commissionAdjustmentBody,
  commissionAdjustmentFormSchema,
  commissionRuleFormBody,
  commissionRuleFormSchema,
  commissionRuleFormValues,
  markPaidBody,
  markPaidFormSchema,
  paymentPlanBody,
  paymentPlanFormSchema,
  unitPixBody,
  unitPixFormSchema,
  unitPixFormValues,
} from './forms.ts';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('billing forms (web)', () => {
  it('the plan form reads typed digits and refuses what the API would', () => {
    const ok = paymentPlanFormSchema.parse({
      method: 'pix_manual',
      installments: '12',
      due_day: ' 10 ',
    });
    expect(paymentPlanBody(ok)).toEqual({
      method: 'pix_manual',
      pix_automatico: false,
      installments: 12,
      due_day: 10,
    });
    expect(paymentPlanBody({ ...ok, method: 'pix_automatico' })).toEqual({
      method: 'api_pix',
      pix_automatico: true,
      installments: 12,
      due_day: 10,
    });
    expect(
      issues(
        paymentPlanFormSchema.safeParse({ method: 'pix_manual', installments: '0', due_day: '32' }),
      ),
    ).toEqual([BILLING_MESSAGES.installmentsInvalid, BILLING_MESSAGES.dueDayInvalid]);
    expect(
      issues(
        paymentPlanFormSchema.safeParse({
          method: 'pix_manual',
          installments: '2,5',
          due_day: '5',
        }),
      ),
    ).toEqual([BILLING_MESSAGES.installmentsInvalid]);
  });

  it('a payment today is now; an earlier day is its noon in São Paulo; the API accepts both', () => {
    const now = new Date('2026-11-27T13:00:00.000Z'); // 10:00 in São Paulo
    const today = saoPauloDate(now);
    const schema = markPaidFormSchema(today);
    const paidToday = markPaidBody(schema.parse({ paid_on: today, note: '  ' }), now);
    expect(paidToday).toEqual({ paid_at: now.toISOString(), note: null });
    const earlier = markPaidBody(schema.parse({ paid_on: '2026-11-20', note: 'E2E 123' }), now);
    expect(earlier).toEqual({ paid_at: '2026-11-20T15:00:00.000Z', note: 'E2E 123' });
    expect(markPaidSchema.safeParse(earlier).success).toBe(true);
    expect(markPaidSchema.safeParse(paidToday).success).toBe(true);
    expect(issues(schema.safeParse({ paid_on: '2026-11-28', note: '' }))).toEqual([
      BILLING_FORM_MESSAGES.paidOnFuture,
    ]);
    expect(issues(schema.safeParse({ paid_on: '2026-02-30', note: '' }))).toContain(
      BILLING_FORM_MESSAGES.paidOnInvalid,
    );
  });
});

describe('commission forms (issue 30, web)', () => {
  it('turns the rule form as typed into the API body, with the API messages on the typed fields', () => {
    const values = {
      ...commissionRuleFormValues(null, '2026-11-28'),
      name: 'Venda na margem',
      rate_value: '5,5',
    };
    expect(commissionRuleFormSchema.safeParse(values).success).toBe(true);
    expect(commissionRuleFormBody(values)).toEqual({
      name: 'Venda na margem',
      scope: {},
      event: 'venda_aceita',
      basis: 'margem',
      rate: { type: 'pct', value: 5.5 },
      clawback: 'integral',
      valid_from: '2026-11-28',
    });
    expect(
      commissionRuleFormBody({ ...values, rate_type: 'fixo', rate_value: 'R$ 40,00', unit: 'ABC' }),
    ).toMatchObject({ scope: { unit: 'ABC' }, rate: { type: 'fixo', value: 40 } });
    const refused = commissionRuleFormSchema.safeParse({ ...values, name: ' ', rate_value: '120' });
    expect(refused.success).toBe(false);
    const issues = refused.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(issues).toContainEqual(['name', BILLING_MESSAGES.ruleNameInvalid]);
    expect(issues).toContainEqual(['rate_value', BILLING_MESSAGES.percentInvalid]);
  });

  it('writes tiers as typed and reads a tiered rule back; a profile or professional scope is kept', () => {
    const values = {
      ...commissionRuleFormValues(null, '2026-11-28'),
      name: 'Faixas do mês',
      rate_type: 'faixas',
      rate_value: '0: 5; 10.000: 7,5',
    };
    expect(commissionRuleFormSchema.safeParse(values).success).toBe(true);
    expect(commissionRuleFormBody(values).rate).toEqual({
      type: 'faixas',
      tiers: [
        { from: 0, value: 5 },
        { from: 10_000, value: 7.5 },
      ],
    });
    const unreadable = commissionRuleFormSchema.safeParse({ ...values, rate_value: '0 - 5' });
    expect(unreadable.error?.issues.map((issue) => [issue.path[0], issue.message])).toContainEqual([
      'rate_value',
      BILLING_MESSAGES.tiersInvalid,
    ]);
    const saved = {
      id: 9,
      version: 2,
      name: 'Faixas da Sofia',
      scope: { unit: null, profile: 'professional', professional_id: 42 },
      event: 'venda_aceita',
      basis: 'margem',
      rate: {
        type: 'faixas',
        tiers: [
          { from: 0, to: null, value: 5 },
          { from: 10_000, to: null, value: 7.5 },
        ],
      },
      clawback: 'integral',
      valid_from: '2026-11-01',
    } as unknown as CommissionRuleView;
    const edited = commissionRuleFormValues(saved, '2026-11-28');
    expect(edited).toMatchObject({ rate_type: 'faixas', rate_value: '0: 5; 10000: 7,5' });
    expect(commissionRuleFormBody(edited)).toMatchObject({
      scope: { profile: 'professional', professional_id: 42 },
      rate: {
        type: 'faixas',
        tiers: saved.rate.tiers?.map(({ from, value }) => ({ from, value })),
      },
    });
  });

  it('reads an adjustment typed the Brazilian way; zero and a blank reason are refused', () => {
    expect(
      commissionAdjustmentFormSchema.safeParse({ amount: '-1.234,50', reason: 'Adiantamento' })
        .success,
    ).toBe(true);
    expect(commissionAdjustmentBody({ amount: '-1.234,50', reason: ' Adiantamento ' })).toEqual({
      amount: -1234.5,
      reason: 'Adiantamento',
    });
    const zero = commissionAdjustmentFormSchema.safeParse({ amount: '0', reason: '' });
    expect(zero.error?.issues.map((issue) => issue.message)).toEqual([
      COMMISSION_MESSAGES.adjustmentAmountInvalid,
      COMMISSION_MESSAGES.adjustmentReasonInvalid,
    ]);
  });
});

describe("the unit's Pix form (admins)", () => {
  const saved = {
    unit: 'PAULISTA',
    pix_key: null,
    pix_merchant_name: null,
    pix_merchant_city: null,
    provider: 'pix_manual' as const,
    api_base_url: null,
    api_token_url: null,
    api_client_id: null,
    api_client_secret_set: false,
    webhook_secret_set: true,
    account_branch: null,
    account_number: null,
    account_type: null,
    api_certificate_set: false,
  };
  const base = {
    ...unitPixFormValues(saved),
    pix_key: '11.222.333/0001-81',
    pix_merchant_name: 'Clínica Paulista',
    pix_merchant_city: 'São Paulo',
  };

  it('sends the key normalised, clears the API access and keeps the secrets left blank', () => {
    const schema = unitPixFormSchema({ clientSecretSet: false });
    const body = unitPixBody(schema.parse(base));
    expect(body).toEqual({
      pix_key: '11222333000181',
      pix_merchant_name: 'Clínica Paulista',
      pix_merchant_city: 'São Paulo',
      provider: 'pix_manual',
      api_base_url: null,
      api_token_url: null,
      api_client_id: null,
      account_branch: null,
      account_number: null,
      account_type: null,
    });
  });

  it('says what is wrong with an optional field in its own words, not a generic one', () => {
    const schema = unitPixFormSchema({ clientSecretSet: false });
    const messages = (values: Partial<typeof base>) => {
      const parsed = schema.safeParse({ ...base, ...values });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messages({ webhook_secret: 'curto' })).toEqual([
      'O segredo do webhook deve ter de 16 a 200 letras ou números.',
    ]);
    expect(messages({ account_branch: '00012' })).toEqual(['A agência deve ter até 4 dígitos.']);
    expect(messages({ account_number: '123-4' })).toEqual([
      'A conta deve ter de 1 a 20 dígitos (sem traço).',
    ]);
    expect(messages({ webhook_secret: '', account_branch: '', account_number: '' })).toEqual([]);
  });

  it('tells what is wrong with a key, in pt-BR, by what it looks like', () => {
    const schema = unitPixFormSchema({ clientSecretSet: false });
    const message = (pix_key: string) =>
      schema.safeParse({ ...base, pix_key }).error?.issues[0]?.message;
    expect(message('123.456.789-00')).toBe('CPF da chave Pix inválido.');
    expect(message('11.222.333/0001-00')).toBe('CNPJ da chave Pix inválido.');
    expect(message('+55 11 1234')).toMatch(/^Celular da chave Pix inválido/);
    expect(message('a@b')).toMatch(/^E-mail da chave Pix inválido/);
    expect(message('não é chave')).toMatch(/^Chave Pix inválida/);
    expect(message('')).toBe('Informe a chave Pix.');
  });

  it('asks for the API access with the API Pix, a secret only when none is saved', () => {
    const api = { ...base, provider: 'api_pix' as const };
    const issues = unitPixFormSchema({ clientSecretSet: false })
      .safeParse(api)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['api_base_url', 'Informe a URL base da API Pix (https://…).'],
      ['api_token_url', 'Informe a URL de token OAuth2 (https://…).'],
      ['api_client_id', 'Informe o client id OAuth2.'],
      ['api_client_secret', 'Informe o client secret OAuth2.'],
    ]);
    const filled = {
      ...api,
      api_base_url: 'https://pix.banco.test/v2',
      api_token_url: 'https://pix.banco.test/oauth/token',
      api_client_id: 'clinica',
      webhook_secret: 'short',
    };
    const kept = unitPixFormSchema({ clientSecretSet: true }).safeParse(filled);
    expect(kept.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['webhook_secret']);
    const body = unitPixBody(
      unitPixFormSchema({ clientSecretSet: true }).parse({
        ...filled,
        webhook_secret: 'a-long-random-secret-1234',
      }),
    );
    expect(body).toMatchObject({
      provider: 'api_pix',
      webhook_secret: 'a-long-random-secret-1234',
    });
    expect(body).not.toHaveProperty('api_client_secret');
    expect(body).not.toHaveProperty('api_certificate');
  });

  it('takes the mTLS certificate and its key together, in PEM, or keeps the saved pair', () => {
    const schema = unitPixFormSchema({ clientSecretSet: false });
    const certificate = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const privateKey = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';
    const issues = (values: object) =>
      schema
        .safeParse({ ...base, ...values })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ api_certificate: certificate })).toEqual([
      ['api_private_key', 'Cole também a chave privada (PEM).'],
    ]);
    expect(issues({ api_certificate: 'não é PEM', api_private_key: privateKey })).toEqual([
      ['api_certificate', 'Cole o certificado em formato PEM (-----BEGIN CERTIFICATE-----).'],
    ]);
    const body = unitPixBody(
      schema.parse({ ...base, api_certificate: certificate, api_private_key: privateKey }),
    );
    expect(body).toMatchObject({ api_certificate: certificate, api_private_key: privateKey });
  });
});

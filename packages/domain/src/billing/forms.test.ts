import { describe, expect, it } from 'vitest';
import { saoPauloDate } from '../shared/sao-paulo-days.ts';
import { BILLING_MESSAGES, markPaidSchema } from './api-schemas.ts';
import {
  BILLING_FORM_MESSAGES,
  markPaidBody,
  markPaidFormSchema,
  paymentPlanBody,
  paymentPlanFormSchema,
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
    expect(paymentPlanBody(ok)).toEqual({ method: 'pix_manual', installments: 12, due_day: 10 });
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

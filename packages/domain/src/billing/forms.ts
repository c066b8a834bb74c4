import { countField } from '../catalogue/services.ts';
import { isQueryableDate } from '../shared/dates.ts';
import { saoPauloDate, saoPauloDayStart } from '../shared/sao-paulo-days.ts';
import { z } from '../shared/zod.ts';
import {
  BILLING_MESSAGES,
  BILLING_NOTE_MAX_LENGTH,
  PAYMENT_METHODS,
  type MarkPaid,
  type PaymentPlanCreate,
} from './api-schemas.ts';
import { PLAN_MAX_INSTALLMENTS } from './installments.ts';

/**
 * The staff's payment forms (web): the fields as typed, checked with the API's own messages, and
 * turned into the bodies of POST /contracts/{id}/payment-plan and /installments/{id}/mark-paid.
 */

export const BILLING_FORM_MESSAGES = {
  paidOnInvalid: 'Informe a data do pagamento (dd/mm/aaaa).',
  paidOnFuture: 'A data do pagamento não pode estar no futuro.',
} as const;

const wholeInRange = (message: string, min: number, max: number) =>
  countField(message, max, message).refine((value) => value >= min, message);

/** 'Criar plano de pagamento' / 'Alterar plano'. */
export const paymentPlanFormSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.methodInvalid }),
  installments: wholeInRange(BILLING_MESSAGES.installmentsInvalid, 1, PLAN_MAX_INSTALLMENTS),
  due_day: wholeInRange(BILLING_MESSAGES.dueDayInvalid, 1, 31),
});
export type PaymentPlanFormData = z.output<typeof paymentPlanFormSchema>;

export function paymentPlanBody(values: PaymentPlanFormData): PaymentPlanCreate {
  return { method: values.method, installments: values.installments, due_day: values.due_day };
}

/** 'Registrar pagamento': the São Paulo day the Pix arrived (not after today) and a note. */
export function markPaidFormSchema(today: string) {
  return z.object({
    paid_on: z
      .string({ error: BILLING_FORM_MESSAGES.paidOnInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, BILLING_FORM_MESSAGES.paidOnInvalid)
      .refine(isQueryableDate, BILLING_FORM_MESSAGES.paidOnInvalid)
      .refine((day) => day <= today, BILLING_FORM_MESSAGES.paidOnFuture),
    note: z.string().trim().max(BILLING_NOTE_MAX_LENGTH, BILLING_MESSAGES.noteTooLong),
  });
}
export type MarkPaidFormData = z.output<ReturnType<typeof markPaidFormSchema>>;

/**
 * The body of mark-paid: today's payment at this instant; an earlier day at its noon in São
 * Paulo (the API refuses an instant in the future, which noon of today may still be).
 */
export function markPaidBody(values: MarkPaidFormData, now: Date = new Date()): MarkPaid {
  const paidAt =
    values.paid_on === saoPauloDate(now)
      ? now.toISOString()
      : new Date(saoPauloDayStart(values.paid_on).getTime() + 12 * 3_600_000).toISOString();
  return { paid_at: paidAt, note: values.note.trim() || null };
}

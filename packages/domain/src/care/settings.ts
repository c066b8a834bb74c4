import { z } from '../shared/zod.ts';
import { hasAtMostTwoDecimals, parseBrazilianNumber } from '../shared/money.ts';
import { formatBasisPoints, percentToBasisPoints } from '../shared/basis-points.ts';

/**
 * The network's care settings (issue 28): the fee a lawful cancellation keeps of the unused part
 * (10 % by default, AFTER-SALE.md section 2). Stored in basis points; the wire carries the
 * percent with at most two decimals, as every percent of the API. Admins change it
 * (GET/PATCH /care-settings/).
 */
export const CARE_SETTINGS_MESSAGES = {
  feeInvalid: 'Informe um percentual de 0 a 100.',
  feeDecimals: 'Use no máximo duas casas decimais.',
  saved: 'Multa de cancelamento salva.',
  saveFailed: 'Não foi possível salvar a multa de cancelamento.',
  loadFailed: 'Não foi possível carregar a multa de cancelamento.',
} as const;

/** GET and PATCH /care-settings/ (body and answer). */
export const careSettingsSchema = z.object({
  /** The fee on the unused part of a cancelled contract, 0–100 %. */
  cancellation_fee_percent: z
    .number({ error: CARE_SETTINGS_MESSAGES.feeInvalid })
    .min(0, CARE_SETTINGS_MESSAGES.feeInvalid)
    .max(100, CARE_SETTINGS_MESSAGES.feeInvalid)
    .refine(hasAtMostTwoDecimals, CARE_SETTINGS_MESSAGES.feeDecimals),
});
export type CareSettings = z.output<typeof careSettingsSchema>;

/** The admins' form: the percent as typed ('10', '12,5'), 0–100, two decimals at most. */
export const careSettingsFormSchema = z.object({
  cancellation_fee_percent: z
    .string({ error: CARE_SETTINGS_MESSAGES.feeInvalid })
    .transform((text) =>
      text.trim() === '' ? Number.NaN : (parseBrazilianNumber(text) ?? Number.NaN),
    )
    .pipe(careSettingsSchema.shape.cancellation_fee_percent),
});
export type CareSettingsFormData = z.output<typeof careSettingsFormSchema>;

/** 'Multa de cancelamento: 10 %' — the percent written exactly, with a space before '%'. */
export function formatFeePercent(percent: number): string {
  const text = formatBasisPoints(percentToBasisPoints(percent)).replace(/%$/, '');
  return `${text.replace(/,00$/, '')} %`;
}

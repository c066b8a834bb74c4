import { z } from '../shared/zod.ts';
import { packageSchema } from '../catalogue/packages.ts';
import type { PackageTotalsReais } from '../catalogue/package-totals.ts';
import { serviceSchema } from '../catalogue/services.ts';

/**
 * The receipt state as the receipt reads it back from sessionStorage: stored state is untrusted
 * (an older app version may have written it), so it is parsed. Apart from receipt-state.ts so the
 * builder, which only writes the state, does not load zod.
 */

export const receiptClientPreferencesSchema = z.object({
  goal: z.string().optional(),
  preferences: z.string().optional(),
  client_name: z.string().optional(),
});
export type ReceiptClientPreferences = z.infer<typeof receiptClientPreferencesSchema>;

const money = z.number();
export const receiptTotalsSchema = z.object({
  annual: money,
  monthly: money,
  servicesTotalValue: money,
  custo: money,
  receitaLiquida: money,
  lucro: money,
  margemPct: z.number(),
  monthlyBudget: money,
  monthlyRemaining: money,
  desconto: money,
  descontoPct: z.number(),
}) satisfies z.ZodType<PackageTotalsReais>;

const sessionsSchema = z.array(serviceSchema);
export const receiptStateSchema = z.object({
  package: packageSchema,
  /** One entry per session, per block. */
  blocks: z.object({ A: sessionsSchema, B: sessionsSchema, C: sessionsSchema, D: sessionsSchema }),
  totals: receiptTotalsSchema,
  clientPreferences: receiptClientPreferencesSchema,
});
export type ReceiptState = z.infer<typeof receiptStateSchema>;
export type ReceiptBlocks = ReceiptState['blocks'];

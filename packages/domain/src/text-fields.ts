import { z } from './zod.ts';
import { cleanSingleLineText, hasBidiControl, TEXT_MESSAGES } from './text.ts';

// The schema side of text.ts's hygiene, apart so a screen that only folds text loads no zod.

/**
 * A required one-line name or title: refused with a pt-BR message when it holds a bidi control,
 * cleaned (cleanSingleLineText), trimmed, then required (blank or invisible-only fails with
 * `required`) and bounded by `max` characters.
 */
export function singleLineTextField(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .meta({
      minLength: 1,
      description: `Até ${max} caracteres, sem contar espaços nas pontas e caracteres invisíveis.`,
    })
    .refine((value) => !hasBidiControl(value), TEXT_MESSAGES.bidiControl)
    .transform(cleanSingleLineText)
    .pipe(z.string().trim().min(1, messages.required).max(max, messages.tooLong));
}

/**
 * An optional one-line text (a section title): the same cleaning and bidi rule, trimmed,
 * bounded; the caller decides what null or blank mean.
 */
export function optionalSingleLineText(tooLong: string, max: number, invalid?: string) {
  return z
    .string(invalid ? { error: invalid } : undefined)
    .refine((value) => !hasBidiControl(value), TEXT_MESSAGES.bidiControl)
    .transform(cleanSingleLineText)
    .pipe(z.string().trim().max(max, tooLong));
}

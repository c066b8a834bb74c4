import { z } from './zod.ts';
import {
  cleanMultiLineText,
  cleanSingleLineText,
  fitsCharacters,
  hasBidiControl,
  TEXT_MESSAGES,
} from './text.ts';

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

/**
 * A multi-line text (a client's notes, a notice's body, a description, a decline reason, a
 * prompt) with the hygiene of names, line breaks kept: refused with a pt-BR message when it
 * holds a bidi control, cleaned (cleanMultiLineText), trimmed, then bounded by `max` characters
 * (as people count them when `graphemes`, like the web's counter). With `required`, a blank or
 * invisible-only text fails with it; without, it stays '' and the caller decides what blank means.
 */
export function multiLineText(options: {
  max: number;
  tooLong: string;
  required?: string;
  /** The message for a value that is not a string (default: `required`, or zod's). */
  invalid?: string;
  graphemes?: boolean;
}) {
  const { max, tooLong, required, graphemes } = options;
  const invalid = options.invalid ?? required;
  const trimmed = z.string().trim();
  const present = required ? trimmed.min(1, required) : trimmed;
  const bounded = graphemes
    ? present.refine((value) => fitsCharacters(value, max), tooLong)
    : present.max(max, tooLong);
  return z
    .string(invalid ? { error: invalid } : undefined)
    .meta({
      ...(required ? { minLength: 1 } : {}),
      description: `Até ${max} caracteres, sem contar espaços nas pontas e caracteres invisíveis.`,
    })
    .refine((value) => !hasBidiControl(value), TEXT_MESSAGES.bidiControl)
    .transform(cleanMultiLineText)
    .pipe(bounded);
}

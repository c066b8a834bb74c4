/** Removes diacritics so "Jundiaí" and "jundiai" compare equal. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a stored name
 * display in an order other than the one it compares in, so a name holding one is refused.
 */
export const BIDI_CONTROL_PATTERN = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Characters that print nothing: C0/C1 controls, soft hyphen, combining grapheme joiner, Arabic
 * letter mark, Mongolian vowel separator, zero-width space/joiners, left/right marks, word
 * joiner and invisible operators, and the byte-order mark. Line breaks and tabs are handled
 * apart (they become a space in a one-line text).
 */
const INVISIBLE_PATTERN =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching these characters is the point
  /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u00AD\u034F\u061C\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

export const TEXT_MESSAGES = {
  bidiControl:
    'O texto contém caracteres de controle de direção (bidi) não permitidos. Remova-os e tente novamente.',
} as const;

/**
 * The one cleaning every name and title gets before it is validated and stored: NFC (so "é"
 * typed two ways is one text), invisible and control characters removed, line breaks and tabs
 * turned into spaces. It does not trim; the schemas do, after it, so a name made only of
 * invisible characters is as empty as a blank one.
 */
export function cleanSingleLineText(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE_PATTERN, '').replace(LINE_BREAKS_AND_TABS, ' ');
}

/** Every way a text breaks a line (CRLF, CR, vertical tab, form feed, NEL, U+2028/9). */
const LINE_BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g;

/**
 * The same cleaning for a multi-line text (notes, a notice's body, a description, a reason):
 * NFC, invisible and control characters removed, but line breaks kept, each written as "\n",
 * and tabs kept. It does not trim either; the schemas do (text-fields.ts multiLineText).
 */
export function cleanMultiLineText(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE_PATTERN, '').replace(LINE_BREAKS, '\n');
}

export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL_PATTERN.test(text);
}

/**
 * The folded form names are compared in for uniqueness (stored as the *_key columns, whose
 * unique indexes make the rule hold under concurrency): cleaned as above, compatibility forms
 * unified (NFKC: fullwidth "Ｂｏｔｏｘ" is "Botox"), accents and case dropped, spaces collapsed.
 * So "Botox", "BOTOX", "Ｂｏｔｏｘ", "Bótox" and "Bo\u200Btox" are one name.
 */
export function normalizeForComparison(text: string): string {
  return foldAccents(cleanSingleLineText(text).normalize('NFKC'))
    .toLowerCase()
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ');
}

// Created on first use: screens that load this module to fold names never count characters, and
// a page's first Intl object loads ICU data (docs/decisions/0026-number-text-without-intl.md).
let graphemes: Intl.Segmenter | undefined;

/**
 * Characters as people see them (grapheme clusters): '😀' and 'é' typed as e + accent are one
 * each. `text.length` counts UTF-16 units, so an emoji counted two and a notice of 280 visible
 * characters read 282/280.
 */
export function graphemeLength(text: string): number {
  let count = 0;
  graphemes ??= new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });
  for (const segment of graphemes.segment(text)) {
    void segment;
    count += 1;
  }
  return count;
}

/**
 * Whether `text` fits `max` characters as people count them. The stored column also bounds
 * code points (PostgreSQL char_length in apps/api/migrations/0001_init.sql), which only a
 * sequence such as a family emoji exceeds: that text is refused too, never a 5xx.
 */
export function fitsCharacters(text: string, max: number): boolean {
  return graphemeLength(text) <= max && [...text].length <= max;
}

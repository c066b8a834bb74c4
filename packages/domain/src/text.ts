/** Removes diacritics so "Jundiaí" and "jundiai" compare equal. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Folded, lower-cased, single-spaced form used to compare names for uniqueness. */
export function normalizeForComparison(text: string): string {
  return foldAccents(text).toLowerCase().trim().replace(/\s+/g, ' ');
}

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/**
 * Characters as people see them (grapheme clusters): '😀' and 'é' typed as e + accent are one
 * each. `text.length` counts UTF-16 units, so an emoji counted two and a notice of 280 visible
 * characters read 282/280.
 */
export function graphemeLength(text: string): number {
  let count = 0;
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

/** Removes diacritics so "Jundiaí" and "jundiai" compare equal. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Folded, lower-cased, single-spaced form used to compare names for uniqueness. */
export function normalizeForComparison(text: string): string {
  return foldAccents(text).toLowerCase().trim().replace(/\s+/g, ' ');
}

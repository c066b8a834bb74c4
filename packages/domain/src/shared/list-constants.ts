/**
 * The list contract's names without validation: the web's API client reads the total header on
 * every page, including /login, without loading zod; list-query.ts builds the schemas.
 */

/** The total of matching rows of a searched or paged list travels in this header. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

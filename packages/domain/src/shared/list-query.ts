import { z } from './zod.ts';
import { cleanSingleLineText } from './text.ts';

export { TOTAL_COUNT_HEADER } from './list-constants.ts';

/**
 * Server-side search and paging shared by the admin lists (users, services, trainings):
 * `q` (accent- and case-insensitive "contains"), `limit` 1–100, `offset` ≥ 0 and `order` (a field
 * name, `-` first for descending). The total of matching rows travels in X-Total-Count. Without
 * `limit` a list answers every matching row, as it did before paging existed.
 */
export const LIST_MAX_LIMIT = 100;
export const LIST_SEARCH_MAX_LENGTH = 200;
const MAX_OFFSET = 2_147_483_647;

export const LIST_MESSAGES = {
  searchTooLong: `A pesquisa deve ter no máximo ${LIST_SEARCH_MAX_LENGTH} caracteres.`,
  limitInvalid: `O limite deve ser um número inteiro entre 1 e ${LIST_MAX_LIMIT}.`,
  offsetInvalid: 'O deslocamento deve ser um número inteiro maior ou igual a 0.',
} as const;

export function listOrderInvalidMessage(fields: readonly string[]): string {
  return `Ordenação inválida. Use ${fields.join(', ')} (com - antes para decrescente).`;
}

export interface ListOrder<Field extends string> {
  field: Field;
  descending: boolean;
}

/** `name` → ascending by name; `-name` → descending. Undefined when the field is not offered. */
export function parseListOrder<Field extends string>(
  value: string,
  fields: readonly Field[],
): ListOrder<Field> | undefined {
  const descending = value.startsWith('-');
  const name = descending ? value.slice(1) : value;
  const field = fields.find((candidate) => candidate === name);
  return field === undefined ? undefined : { field, descending };
}

const integerParam = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The search text: cleaned like a name, trimmed; blank means no search. */
export const listSearchParam = z
  .string()
  .transform(cleanSingleLineText)
  .pipe(z.string().trim().max(LIST_SEARCH_MAX_LENGTH, LIST_MESSAGES.searchTooLong))
  .optional()
  .transform((value) => value || undefined);

export const listLimitParam = integerParam(LIST_MESSAGES.limitInvalid, 1, LIST_MAX_LIMIT);
export const listOffsetParam = integerParam(LIST_MESSAGES.offsetInvalid, 0, MAX_OFFSET);

/** `order` for a list offering `fields`. */
export function listOrderParam<const Field extends string>(fields: readonly Field[]) {
  const message = listOrderInvalidMessage(fields);
  return z.string({ error: message }).transform((value, ctx) => {
    const order = parseListOrder(value.trim(), fields);
    if (!order) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return order;
  });
}

/** q, limit, offset and order for a list offering `fields` to order by. */
export function listPageFields<const Field extends string>(fields: readonly Field[]) {
  return {
    q: listSearchParam,
    limit: listLimitParam.optional(),
    offset: listOffsetParam.optional(),
    order: listOrderParam(fields).optional(),
  };
}

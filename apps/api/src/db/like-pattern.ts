import { escapeLikePattern } from '@portal/domain';

/** `%text%` for a LIKE on folded search text, with `\`, `%` and `_` taken literally. */
export function likePattern(text: string): string {
  return `%${escapeLikePattern(text)}%`;
}

import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@portal/domain';

/** One page of a list and how many rows matched before limit and offset. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** Answers the page's rows, with the matching total in X-Total-Count (the shared list contract). */
export function sendPage<T>(reply: FastifyReply, page: ListPage<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  // A browser on another origin reads the header only when it is exposed.
  reply.header('access-control-expose-headers', TOTAL_COUNT_HEADER);
  return page.items;
}

/**
 * Pages read their total with `count(*) OVER ()` in the same statement; a page past the end has
 * no row to carry it, and only then is it counted apart.
 */
export async function totalOf(
  rows: readonly { total: number }[],
  offset: number,
  countAll: () => Promise<number>,
): Promise<number> {
  const [first] = rows;
  if (first) return Number(first.total);
  return offset > 0 ? countAll() : 0;
}

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQueryState } from './admin-page';

/** Rows per page of an admin table (the server pages: issue 12); the demo catalogue fits on one. */
export const PAGE_SIZE = 50;

export interface ListParams {
  /** The search text ('q'). */
  q: string;
  /** 1-based page ('page'). */
  page: number;
  /** The chosen sort ('sort'), or '' for the list's own order. */
  sort: string;
  /** A filter's value ('' when unset). */
  filter: (name: string) => string;
  /** Sets (or clears, with '') params; any change but the page goes back to page 1. */
  set: (changes: Record<string, string>) => void;
}

/**
 * Search, filters, sort and page of an admin list, kept in the URL: a reload, Back or a shared
 * link shows the same rows.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const set = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || (key === 'page' && value === '1')) next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: params.get('sort') ?? '',
    filter: (name) => params.get(name) ?? '',
    set,
  };
}

export interface ListView<T> {
  /** The rows of the current page. */
  rows: T[];
  /** How many rows match the search and filters. */
  total: number;
  pageCount: number;
  page: number;
}

/** `limit` and `offset` of the URL's page, for a list the server pages (issue 12 contract). */
export function pageWindow(
  params: Pick<ListParams, 'page'>,
  pageSize = PAGE_SIZE,
): { limit: number; offset: number } {
  return { limit: pageSize, offset: (params.page - 1) * pageSize };
}

/** The view of one page the server answered: its rows, and the total the server counted. */
export function serverListView<T>(
  data: { items: T[]; total: number } | undefined,
  params: Pick<ListParams, 'page'>,
  pageSize = PAGE_SIZE,
): ListView<T> {
  const total = data?.total ?? 0;
  return {
    rows: data?.items ?? [],
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    page: params.page,
  };
}

/** The value when it is one of `values` (a filter read from the URL), else undefined. */
export function oneOf<V extends string>(values: readonly V[], value: string): V | undefined {
  return (values as readonly string[]).includes(value) ? (value as V) : undefined;
}

type PageQuery = ListQueryState & { data?: { items: unknown[]; total: number } };
/** The row type of a page query's answer. */
type RowOf<Q extends PageQuery> = NonNullable<Q['data']>['items'][number];

/**
 * A table's list that the server searches, sorts and pages (issue 12 contract): the URL's search
 * and page, with the page's own filters and order from `request`, asked of `usePageQuery`.
 * Gives the page answered, the URL's params (for the toolbar, sortable headers and the pages
 * under the table) and the total. `pageSize` is for a list whose SPEC fixes another page size
 * (the trainings library's 24).
 */
export function useServerList<R extends object, Q extends PageQuery>(
  usePageQuery: (request: R & { q: string; limit: number; offset: number }) => Q,
  request: (params: ListParams) => R,
  { pageSize = PAGE_SIZE }: { pageSize?: number } = {},
) {
  const params = useListParams();
  const query = usePageQuery({ ...request(params), q: params.q, ...pageWindow(params, pageSize) });
  const view = serverListView(
    query.data as { items: RowOf<Q>[]; total: number } | undefined,
    params,
    pageSize,
  );
  return { query, rows: view.rows, params, view };
}

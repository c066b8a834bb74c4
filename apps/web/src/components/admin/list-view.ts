import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQueryState } from './query-content';

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

/** The request fields every server list shares; the kit fills them from the URL. */
type ListWindow = { q?: string; limit: number; offset: number };

/** A filter of a list: its URL param, its API parameter and the closed set of its values. */
export interface ListFilter<R = Record<string, unknown>> {
  /** The URL param and the field's name ('status', 'bloco'). */
  name: string;
  label: string;
  /** The API parameter the value is sent as ('status_eq'). */
  param: Exclude<keyof R, keyof ListWindow | 'order'> & string;
  /** Every value the API accepts, with its label; a URL value outside it is ignored. */
  options: readonly { value: string; label: string }[];
  /** The API takes a list: the URL keeps a comma list and sends every known value. */
  multiple?: boolean;
  /** The 'no filter' option's label, where the noun is feminine ('Todas'); 'Todos' otherwise. */
  allLabel?: string;
}

/** A sort of a list: its URL value, its label and the API's `order` it stands for. */
export interface ListSort<R = Record<string, unknown>> {
  value: string;
  label: string;
  order: R extends { order?: infer O } ? NonNullable<O> : string;
}

/**
 * One list's definition (issue 12): it drives both the toolbar (search label, filters, sorts)
 * and the request `useServerList` sends, so a filter is named once.
 */
export interface ListDefinition<R = Record<string, unknown>> {
  /** The search field's label, e.g. 'Buscar por nome ou email'. */
  searchLabel: string;
  /** SPEC's placeholder of the search field, where it names one ('Pesquisar função'). */
  searchPlaceholder?: string;
  filters?: readonly ListFilter<R>[];
  sorts?: readonly ListSort<R>[];
  /** The API's `order` when the URL names none ('Mais recentes'); none keeps the API's own. */
  defaultOrder?: ListSort<R>['order'];
  /** Rows per page, where SPEC fixes another (the trainings library's 24). */
  pageSize?: number;
}

/** The values of a filter in the URL that are among its options (one, or several with `multiple`). */
function filterRequestValue(
  filter: Pick<ListFilter, 'options' | 'multiple'>,
  raw: string,
): string | string[] | undefined {
  const values = filter.options.map((option) => option.value);
  if (filter.multiple) return raw.split(',').flatMap((value) => oneOf(values, value) ?? []);
  return oneOf(values, raw);
}

/** A list's URL params, and the API filters and order they stand for (values checked with `oneOf`). */
export function useListRequest<R>(definition: ListDefinition<R>) {
  const params = useListParams();
  const request: Record<string, unknown> = {};
  for (const filter of definition.filters ?? []) {
    request[filter.param] = filterRequestValue(filter, params.filter(filter.name));
  }
  request.order =
    definition.sorts?.find((sort) => sort.value === params.sort)?.order ?? definition.defaultOrder;
  // Each param's name is a key of R and its values are R's closed set (checked above).
  return { params, definition, request: request as Omit<R, keyof ListWindow> };
}

/** What the toolbar needs of a list: its URL params and what its definition shows. */
export interface ListState {
  params: ListParams;
  definition: Pick<ListDefinition, 'searchLabel' | 'searchPlaceholder'> & {
    filters?: readonly Pick<ListFilter, 'name' | 'label' | 'options' | 'allLabel'>[];
    sorts?: readonly { value: string; label: string }[];
  };
}

type PageQuery = ListQueryState & { data?: { items: unknown[]; total: number } };
/** The row type of a page query's answer. */
type RowOf<Q extends PageQuery> = NonNullable<Q['data']>['items'][number];

/**
 * A list that the server searches, sorts and pages (issue 12 contract): the URL's search, page,
 * filters and sort, turned by `definition` into the request asked of `usePageQuery`. Gives the
 * page answered, the URL's params (for the toolbar, sortable headers and the pages under the
 * table), the request sent and the total.
 */
export function useServerList<R extends ListWindow, Q extends PageQuery>(
  usePageQuery: (request: R) => Q,
  definition: ListDefinition<R>,
) {
  const { params, request } = useListRequest(definition);
  const pageSize = definition.pageSize ?? PAGE_SIZE;
  const query = usePageQuery({ ...request, q: params.q, ...pageWindow(params, pageSize) } as R);
  const view = serverListView(
    query.data as { items: RowOf<Q>[]; total: number } | undefined,
    params,
    pageSize,
  );
  return { query, rows: view.rows, params, definition, request, view };
}

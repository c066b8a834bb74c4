import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { api, type ApiPage } from './api-client';

/** What an update sends: the row's id and the fields that change. */
export interface RowChanges<TUpdate> {
  id: number;
  changes: TUpdate;
}

/**
 * How the writes of a resource name one of its rows: in the row's buttons' accessible names
 * ('Editar Ana Souza') and in SPEC's delete question.
 */
export interface RowNaming<T> {
  label: (row: T) => string;
  /** SPEC's question, naming the row as its buttons do: 'Excluir o serviço Limpeza?'. */
  deleteTitle: (row: T) => string;
}

/** A resource's writes as the admin kit takes them (its form saves, its rows toggle and delete). */
export interface ResourceMutations<TCreate, TUpdate, M = unknown, T = never> {
  /** The resource's root key: update and delete carry `[...all, 'update' | 'delete']`. */
  all: QueryKey;
  /** What each write says when done or refused (the domain's `*_MESSAGES`). */
  messages: M;
  naming: RowNaming<T>;
  useCreate: () => UseMutationResult<unknown, Error, TCreate>;
  useUpdate: () => UseMutationResult<unknown, Error, RowChanges<TUpdate>>;
  useDelete: () => UseMutationResult<unknown, Error, number>;
}

/** The cache edits a write implies, once per resource (SPEC section 4). */
export interface ResourceCacheEdits<T> {
  created: (queryClient: QueryClient, created: T) => void;
  updated: (queryClient: QueryClient, updated: T) => void;
  deleted: (queryClient: QueryClient, id: number) => void;
}

export interface ResourceMutationsConfig<T, M> extends ResourceCacheEdits<T> {
  /** What each write says when done or refused (the domain's `*_MESSAGES`): the admin kit's texts. */
  messages: M;
  naming: RowNaming<T>;
  /** The collection's path with its trailing slash ('/api/v1/services/'); a row is path + id. */
  path: string;
  /** Where a row is deleted, when not under `path` (notices: SPEC section 7). */
  deletePath?: string;
  /** The resource's root key: update and delete carry `[...all, 'update' | 'delete']`. */
  all: QueryKey;
}

/**
 * The create/update/delete trio of a resource. Update and delete carry a `mutationKey`, so a
 * page reads every pending request of that kind (usePendingIds: a busy state per row).
 */
export function resourceMutations<T extends { id: number }, TCreate, TUpdate, M>(
  config: ResourceMutationsConfig<T, M>,
) {
  return {
    all: config.all,
    messages: config.messages,
    naming: config.naming,
    useCreate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (payload: TCreate) => api.post<T>(config.path, payload),
        onSuccess: (created: T) => config.created(queryClient, created),
      });
    },
    useUpdate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationKey: [...config.all, 'update'],
        mutationFn: ({ id, changes }: RowChanges<TUpdate>) =>
          api.patch<T>(`${config.path}${id}`, changes),
        onSuccess: (updated: T) => config.updated(queryClient, updated),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationKey: [...config.all, 'delete'],
        mutationFn: (id: number) => api.delete(`${config.deletePath ?? config.path}${id}`),
        onSuccess: (_nothing: unknown, id: number) => config.deleted(queryClient, id),
      });
    },
  };
}

/** Where a resource's rows are cached: its whole list and, when the server pages, its pages. */
export interface CachedLists {
  list: QueryKey;
  /** The admin table's pages (`ApiPage`), edited in place, then asked again. */
  pages?: QueryKey;
  /** Other lists (filtered ones) that are simply asked again. */
  refetch?: QueryKey[];
}

/** Edits every cached list of a resource with one function of its rows. */
export function editCachedLists<T>(
  queryClient: QueryClient,
  lists: CachedLists,
  update: (rows: T[]) => T[],
): void {
  queryClient.setQueryData<T[]>(lists.list, (rows) => (rows ? update(rows) : rows));
  if (lists.pages) {
    // The page shown changes at once; the server then says where rows and totals now stand.
    queryClient.setQueriesData<ApiPage<T>>({ queryKey: lists.pages }, (page) => {
      if (!page) return page;
      const items = update(page.items);
      return { items, total: Math.max(0, page.total + items.length - page.items.length) };
    });
    void queryClient.invalidateQueries({ queryKey: lists.pages });
  }
  for (const queryKey of lists.refetch ?? []) void queryClient.invalidateQueries({ queryKey });
}

/** SPEC section 4 on cached lists: a create prepends, an update replaces, a delete removes. */
export function listCacheEdits<T extends { id: number }>(
  lists: CachedLists,
  after: Partial<ResourceCacheEdits<T>> = {},
): ResourceCacheEdits<T> {
  return {
    created: (queryClient, created) => {
      editCachedLists<T>(queryClient, lists, (rows) => [created, ...rows]);
      after.created?.(queryClient, created);
    },
    updated: (queryClient, updated) => {
      editCachedLists<T>(queryClient, lists, (rows) =>
        rows.map((row) => (row.id === updated.id ? updated : row)),
      );
      after.updated?.(queryClient, updated);
    },
    deleted: (queryClient, id) => {
      editCachedLists<T>(queryClient, lists, (rows) => rows.filter((row) => row.id !== id));
      after.deleted?.(queryClient, id);
    },
  };
}

import { TRAINING_MESSAGES, trainingDeleteConfirmation } from '@portal/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  withReaction,
  type Training,
  type TrainingCategory,
  type TrainingCreate,
  type TrainingListOrder,
  type TrainingReaction,
  type TrainingUpdate,
} from '@portal/domain';
import { api, type ApiPage } from '../../lib/api-client';
import { resourceMutations, type RowChanges } from '../../lib/resource-mutations';

const BASE = '/api/v1/trainings';

export const trainingsKeys = {
  all: ['trainings'] as const,
  lists: () => [...trainingsKeys.all, 'list'] as const,
  list: (params: TrainingListParams) => [...trainingsKeys.lists(), params] as const,
  /** Pages of the admin table and the library (rows and the server's total), apart from the plain lists. */
  pages: () => [...trainingsKeys.all, 'page'] as const,
  page: (params: TrainingListParams) => [...trainingsKeys.pages(), params] as const,
  detail: (id: number) => [...trainingsKeys.all, 'detail', id] as const,
};

export interface TrainingListParams {
  q?: string;
  /** One category, or several (sent as a comma list, which the API accepts). */
  categories?: readonly TrainingCategory[];
  order?: TrainingListOrder;
  limit: number;
  offset: number;
}

function toQuery({ q, categories, order, limit, offset }: TrainingListParams) {
  return {
    q: q?.trim() || undefined,
    category: categories && categories.length > 0 ? categories.join(',') : undefined,
    order,
    limit,
    offset,
  };
}

export function fetchTrainings(params: TrainingListParams, signal?: AbortSignal) {
  return api.get<Training[]>(`${BASE}/`, { query: toQuery(params), signal });
}

export function useTrainingsQuery(params: TrainingListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: trainingsKeys.list(params),
    queryFn: ({ signal }) => fetchTrainings(params, signal),
    enabled: options.enabled ?? true,
  });
}

/** One page of the list with the number of matching trainings (X-Total-Count). */
export function fetchTrainingsPage(params: TrainingListParams, signal?: AbortSignal) {
  return api.getPage<Training>(`${BASE}/`, { query: toQuery(params), signal });
}

/**
 * One page and its total, for the admin table and the library: each keeps showing the previous
 * page while the next one loads.
 */
export function useTrainingsPageQuery(params: TrainingListParams) {
  return useQuery({
    queryKey: trainingsKeys.page(params),
    queryFn: ({ signal }) => fetchTrainingsPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTrainingQuery(id: number | null) {
  return useQuery({
    queryKey: trainingsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Training>(`${BASE}/${id ?? 0}`, { signal }),
    enabled: id !== null,
  });
}

/** Puts one training's new state in every cached list and in its detail. */
function replaceTrainingEverywhere(queryClient: QueryClient, training: Training): void {
  const replace = (item: Training) => (item.id === training.id ? training : item);
  queryClient.setQueriesData<Training[]>({ queryKey: trainingsKeys.lists() }, (list) =>
    list?.map(replace),
  );
  queryClient.setQueriesData<ApiPage<Training>>({ queryKey: trainingsKeys.pages() }, (page) =>
    page ? { ...page, items: page.items.map(replace) } : page,
  );
  queryClient.setQueryData<Training>(trainingsKeys.detail(training.id), (current) =>
    current ? training : current,
  );
}

function findCachedTraining(queryClient: QueryClient, id: number): Training | undefined {
  const detail = queryClient.getQueryData<Training>(trainingsKeys.detail(id));
  if (detail) return detail;
  for (const [, list] of queryClient.getQueriesData<Training[]>({
    queryKey: trainingsKeys.lists(),
  })) {
    const found = list?.find((item) => item.id === id);
    if (found) return found;
  }
  for (const [, page] of queryClient.getQueriesData<ApiPage<Training>>({
    queryKey: trainingsKeys.pages(),
  })) {
    const found = page?.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

export interface ReactionVariables {
  training: Training;
  reaction: TrainingReaction;
}

/**
 * Like / dislike with an optimistic update: the counters move at once, the server's answer
 * replaces the whole training, and a failure puts the training back as it was (counts never
 * below 0).
 */
export function useReactToTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ training, reaction }: ReactionVariables) =>
      api.post<Training>(`${BASE}/${training.id}/${reaction}`),
    onMutate: async ({ training, reaction }) => {
      // A refetch already under way would bring back the old counts; a first load (no data
      // yet) is left alone so it does not stay pending.
      await queryClient.cancelQueries({
        queryKey: trainingsKeys.all,
        predicate: (query) => query.state.data !== undefined,
      });
      const previous = findCachedTraining(queryClient, training.id) ?? training;
      replaceTrainingEverywhere(queryClient, withReaction(previous, reaction));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (!context) return;
      const { previous } = context;
      replaceTrainingEverywhere(queryClient, {
        ...previous,
        like_count: Math.max(0, previous.like_count),
        dislike_count: Math.max(0, previous.dislike_count),
      });
    },
    onSuccess: (updated) => replaceTrainingEverywhere(queryClient, updated),
  });
}

/** Create, update and delete of the resource, under its root key (the admin kit takes it whole). */
/** The admin list's load failure names the list, not one training. */
const TRAINING_ADMIN_MESSAGES = {
  ...TRAINING_MESSAGES,
  loadFailed: TRAINING_MESSAGES.listLoadFailed,
};

export const trainingMutations = resourceMutations<
  Training,
  TrainingCreate,
  TrainingUpdate,
  typeof TRAINING_ADMIN_MESSAGES
>({
  messages: TRAINING_ADMIN_MESSAGES,
  naming: {
    label: (training) => training.title,
    deleteTitle: (training) => trainingDeleteConfirmation(training.title),
  },
  path: `${BASE}/`,
  all: trainingsKeys.all,
  created: (queryClient, created) => {
    queryClient.setQueryData(trainingsKeys.detail(created.id), created);
    // A new training may belong on any page, in any order: let the lists ask again.
    void queryClient.invalidateQueries({ queryKey: trainingsKeys.pages() });
    void queryClient.invalidateQueries({ queryKey: trainingsKeys.lists() });
  },
  updated: (queryClient, updated) => {
    replaceTrainingEverywhere(queryClient, updated);
    void queryClient.invalidateQueries({ queryKey: trainingsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: trainingsKeys.pages() });
  },
  deleted: (queryClient, id) => {
    queryClient.setQueriesData<Training[]>({ queryKey: trainingsKeys.lists() }, (list) =>
      list?.filter((item) => item.id !== id),
    );
    queryClient.setQueriesData<ApiPage<Training>>({ queryKey: trainingsKeys.pages() }, (page) =>
      page ? { items: page.items.filter((item) => item.id !== id), total: page.total - 1 } : page,
    );
    queryClient.removeQueries({ queryKey: trainingsKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: trainingsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: trainingsKeys.pages() });
  },
});

export type TrainingChanges = RowChanges<TrainingUpdate>;
export const useCreateTraining = trainingMutations.useCreate;
export const useUpdateTraining = trainingMutations.useUpdate;
export const useDeleteTraining = trainingMutations.useDelete;

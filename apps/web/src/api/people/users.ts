import { USER_MESSAGES, userDeleteConfirmation } from '@portal/domain';
import type { Profile, User, UserCreate, UserStatus, UserUpdate } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, getStoredUser, saveStoredUser } from '../../lib/api-client';
import { listCacheEdits, resourceMutations, type RowChanges } from '../../lib/resource-mutations';

/** The staff accounts (`/api/v1/users/`), for the admin page. */
const PATH = '/api/v1/users/';

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  /** The admin table's pages (rows and the server's total), apart from the whole list. */
  pages: () => [...usersKeys.all, 'page'] as const,
  page: (params: UserPageParams) => [...usersKeys.pages(), params] as const,
};

/** One page of the admin table: the list contract of issue 12 plus status and profile. */
export interface UserPageParams {
  q?: string;
  status_eq?: UserStatus;
  profile_eq?: Profile;
  /** 'name', 'email' or 'created_at', '-' first for descending; none keeps the API's order. */
  order?: string;
  limit: number;
  offset: number;
}

/** The admin table keeps showing the previous page while the next one loads. */
export function useUsersPageQuery(params: UserPageParams) {
  return useQuery({
    queryKey: usersKeys.page(params),
    queryFn: ({ signal }) =>
      api.getPage<User>(PATH, { query: { ...params, q: params.q?.trim() || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const usersQuery = queryOptions({
  queryKey: usersKeys.list(),
  queryFn: ({ signal }) => api.get<User[]>(PATH, { signal }),
});

export function useUsersQuery() {
  return useQuery(usersQuery);
}

/** Cache edits instead of refetching: the list the admin sees changes at once. */
export const userMutations = resourceMutations<User, UserCreate, UserUpdate, typeof USER_MESSAGES>({
  messages: USER_MESSAGES,
  naming: { label: (user) => user.name, deleteTitle: (user) => userDeleteConfirmation(user.name) },
  path: PATH,
  all: usersKeys.all,
  ...listCacheEdits<User>(
    { list: usersQuery.queryKey, pages: usersKeys.pages() },
    {
      // Editing oneself (name, profile) must show in the header and the guards right away.
      updated: (_queryClient, updated) => {
        if (getStoredUser()?.id === updated.id) saveStoredUser(updated);
      },
    },
  ),
});

export type UserChanges = RowChanges<UserUpdate>;
export const useCreateUser = userMutations.useCreate;
export const useUpdateUser = userMutations.useUpdate;
export const useDeleteUser = userMutations.useDelete;

import type { User, UserCreate, UserUpdate } from '@portal/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, getStoredUser, saveStoredUser } from '../lib/api-client';

/** The staff accounts (`/api/v1/users/`), for the admin page. */
const PATH = '/api/v1/users/';

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
};

export const usersQuery = queryOptions({
  queryKey: usersKeys.list(),
  queryFn: ({ signal }) => api.get<User[]>(PATH, { signal }),
});

export function useUsersQuery() {
  return useQuery(usersQuery);
}

/** Cache edits instead of refetching: the list the admin sees changes at once. */
function updateUsersCache(queryClient: QueryClient, update: (users: User[]) => User[]) {
  queryClient.setQueryData<User[]>(usersQuery.queryKey, (users) => (users ? update(users) : users));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UserCreate) => api.post<User>(PATH, payload),
    onSuccess: (created) => updateUsersCache(queryClient, (users) => [created, ...users]),
  });
}

export interface UserChanges {
  id: number;
  changes: UserUpdate;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...usersKeys.all, 'update'],
    mutationFn: ({ id, changes }: UserChanges) => api.patch<User>(`${PATH}${id}`, changes),
    onSuccess: (updated) => {
      updateUsersCache(queryClient, (users) =>
        users.map((user) => (user.id === updated.id ? updated : user)),
      );
      // Editing oneself (name, profile) must show in the header and the guards right away.
      if (getStoredUser()?.id === updated.id) saveStoredUser(updated);
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...usersKeys.all, 'delete'],
    mutationFn: (id: number) => api.delete(`${PATH}${id}`),
    onSuccess: (_nothing, id) =>
      updateUsersCache(queryClient, (users) => users.filter((user) => user.id !== id)),
  });
}

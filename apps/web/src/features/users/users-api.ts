import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreate, UserUpdate } from '@portal/domain';
import { api, getStoredUser, saveStoredUser } from '../../lib/api-client';

export const usersQueryKey = ['users'] as const;

export function useUsersQuery() {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => api.get<User[]>('/api/v1/users/', { signal }),
  });
}

/** Cache edits instead of refetching: the list the admin sees changes at once. */
function useUsersCache() {
  const queryClient = useQueryClient();
  return (update: (users: User[]) => User[]) =>
    queryClient.setQueryData<User[]>(usersQueryKey, (users) => (users ? update(users) : users));
}

export function useCreateUser() {
  const updateCache = useUsersCache();
  return useMutation({
    mutationFn: (payload: UserCreate) => api.post<User>('/api/v1/users/', payload),
    onSuccess: (created) => updateCache((users) => [created, ...users]),
  });
}

export interface UserChanges {
  id: number;
  changes: UserUpdate;
}

export function useUpdateUser() {
  const updateCache = useUsersCache();
  return useMutation({
    mutationFn: ({ id, changes }: UserChanges) => api.patch<User>(`/api/v1/users/${id}`, changes),
    onSuccess: (updated) => {
      updateCache((users) => users.map((user) => (user.id === updated.id ? updated : user)));
      // Editing oneself (name, profile) must show in the header and the guards right away.
      if (getStoredUser()?.id === updated.id) saveStoredUser(updated);
    },
  });
}

export function useDeleteUser() {
  const updateCache = useUsersCache();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/users/${id}`),
    onSuccess: (_nothing, id) => updateCache((users) => users.filter((user) => user.id !== id)),
  });
}

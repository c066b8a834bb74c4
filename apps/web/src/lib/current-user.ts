import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '@portal/domain';
import { api, isUser, saveStoredUser } from './api-client';
import { useAfterFirstScreen } from './use-after-first-screen';
import { useSession } from './use-session';

export const currentUserQueryKey = ['auth', 'me'] as const;

const STORED_USER_REFRESH_DELAY_MS = 1500;

export function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/v1/auth/me', { signal });
}

/**
 * Run once per signed-in shell (through CurrentUserRefresh, below): it refreshes the stored
 * user (an admin may have changed the profile or name) and, through the api client's 401
 * handling, sends an expired session to /login soon after the shell opens instead of at the first
 * action. It waits until the first screen is drawn and its data had time to arrive: the page's
 * own requests (which meet an expired session first anyway) are what the user is waiting for.
 */
function useCurrentUserRefresh(): void {
  const { token } = useSession();
  const afterFirstScreen = useAfterFirstScreen(STORED_USER_REFRESH_DELAY_MS);
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: token !== null && afterFirstScreen,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (token !== null && isUser(query.data)) saveStoredUser(query.data);
  }, [query.data, token]);
}

/**
 * Where the signed-in layouts run `useCurrentUserRefresh`: a component of its own, so that the
 * query's changes re-render nothing but it. Called in the layout, /auth/me's answer re-rendered
 * the whole shell after the first screen, a 14 ms task (docs/decisions/0025-first-screen-requests.md).
 */
export function CurrentUserRefresh(): null {
  useCurrentUserRefresh();
  return null;
}

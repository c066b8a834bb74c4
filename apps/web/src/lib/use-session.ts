import { useMemo, useSyncExternalStore } from 'react';
import type { User } from '@portal/domain';
import { getStoredUserJson, getToken, parseStoredUser, subscribeToSession } from './api-client';

export interface Session {
  token: string | null;
  user: User | null;
}

/** The stored session, re-rendering on sign-in, sign-out and changes made in other tabs. */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribeToSession, getToken);
  // The raw JSON string is the snapshot: a string compares by value, a parsed object would not.
  const userJson = useSyncExternalStore(subscribeToSession, getStoredUserJson);
  const user = useMemo(() => parseStoredUser(userJson), [userJson]);
  return { token, user };
}

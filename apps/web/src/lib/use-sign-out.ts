import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from './api-client';

/** 'Sair': forgets the token, the user and every cached answer, then leaves without history. */
export function useSignOut(): (destination: '/login' | '/admin/login') => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (destination) => {
      // Leave first (committed synchronously): clearing the session while a guarded page is
      // still mounted would make its guard redirect to /admin/login instead of `destination`.
      void Promise.resolve(navigate(destination, { replace: true, flushSync: true })).then(() => {
        clearSession();
        queryClient.removeQueries();
      });
    },
    [navigate, queryClient],
  );
}

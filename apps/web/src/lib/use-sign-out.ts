import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SALE_STORAGE_KEYS } from '@portal/domain';
import { clearSession } from './api-client';

/**
 * The sale kept in this tab (last receipt, selection in progress, client's name, client mode):
 * the next person at this browser must not see the previous client's (issue 15).
 */
function forgetSale(): void {
  try {
    for (const key of SALE_STORAGE_KEYS) window.sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/**
 * 'Sair': forgets the token, the user, every cached answer and the sale in progress, then leaves
 * without history.
 */
export function useSignOut(): (destination: '/login' | '/admin/login') => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (destination) => {
      // Leave first (committed synchronously): clearing the session while a guarded page is
      // still mounted would make its guard redirect to /admin/login instead of `destination`.
      void Promise.resolve(navigate(destination, { replace: true, flushSync: true })).then(() => {
        clearSession();
        forgetSale();
        queryClient.removeQueries();
      });
    },
    [navigate, queryClient],
  );
}

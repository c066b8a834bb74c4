import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@portal/domain';
import { useLocation, useNavigate } from 'react-router';
import { saveSession } from '../../lib/api-client';
import { redirectTarget } from '../../lib/redirect';
import { login } from './auth-api';

/**
 * Signs in, stores the session and leaves the login page without a history entry: to the page
 * a guard sent the user from, or else to `destinationFor(user)`.
 */
export function useSignIn(destinationFor: (user: User) => string) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      // Nothing cached for a previous account may show up for this one.
      queryClient.removeQueries();
      saveSession(token, user);
      void navigate(redirectTarget(location.state) ?? destinationFor(user), { replace: true });
    },
  });
}

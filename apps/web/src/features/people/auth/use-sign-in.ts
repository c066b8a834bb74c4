import type { User } from '@portal/domain';
import { saveSession } from '../../../lib/api-client';
import { redirectTarget } from '../../../lib/redirect';
import { useScreenNavigation } from '../../../lib/screen-navigation';
import { login, type Credentials, type SignedIn } from '../../../api/people/auth';
import { useSubmission } from './use-submission';

/**
 * Signs in, stores the session and leaves the login page without a history entry: to the page
 * a guard sent the user from, or else to `destinationFor(user)`. Answers cached for a previous
 * account are dropped by the signed-in app when the session changes (app/app.tsx).
 */
export function useSignIn(destinationFor: (user: User) => string) {
  const { location, navigate } = useScreenNavigation();
  return useSubmission<Credentials, SignedIn>(async (credentials) => {
    const signedIn = await login(credentials);
    saveSession(signedIn.token, signedIn.user);
    // Pending until the next page is on screen: the form stays busy meanwhile.
    await navigate(redirectTarget(location.state) ?? destinationFor(signedIn.user), {
      replace: true,
    });
    return signedIn;
  });
}

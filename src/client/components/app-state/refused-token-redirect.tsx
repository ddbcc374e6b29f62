import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { onRefusedToken } from '@/lib/api/refused-token';
import { notifyError } from '@/lib/toaster-demand';

/** Any 401 to a request with a token: the token is already cleared; say so and go to /login (as an expired one does). */
export function RefusedTokenRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(
    () =>
      onRefusedToken(() => {
        notifyError(FIRST_LOAD_MSG.guard.sessionExpired, 'session-expired');
        navigate('/login', { replace: true, state: { from: location } });
      }),
    [navigate, location],
  );
  return null;
}

import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Role } from '@shared/constants';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { checkRouteAccess } from '@/lib/auth/route-access';
import { clearToken, getToken, markSessionExpired } from '@/lib/auth/session';
import { notifyError } from '@/lib/toaster-demand';

/** Renders its children only for a stored, decodable, unexpired token whose role is allowed (SPEC 4). */
export function ProtectedRoute({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The location key the check passed for: a stale approval never shows a newly visited route. Checked on the first
  // render too, so an allowed page renders at once: an empty render first would blank the screen between the
  // page's first paint and the page.
  const [approvedKey, setApprovedKey] = useState<string | null>(() => (checkRouteAccess(getToken(), roles).kind === 'ok' ? location.key : null));
  const roleList = roles.join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visited location and role list (roles compared by value, navigate is stable)
  useEffect(() => {
    const access = checkRouteAccess(getToken(), roles);
    const toLogin = () => navigate('/login', { replace: true, state: { from: location } });
    switch (access.kind) {
      case 'ok':
        setApprovedKey(location.key);
        return;
      case 'no-token':
        toLogin();
        break;
      case 'invalid':
        console.error('Invalid token:', access.error);
        clearToken();
        toLogin();
        break;
      case 'expired':
        clearToken();
        markSessionExpired();
        notifyError(FIRST_LOAD_MSG.guard.sessionExpired, 'session-expired');
        toLogin();
        break;
      case 'forbidden':
        notifyError(FIRST_LOAD_MSG.guard.accessDenied, 'access-denied');
        navigate('/', { replace: true });
        break;
    }
    setApprovedKey(null);
  }, [location.key, roleList]);

  return approvedKey === location.key ? children : null;
}

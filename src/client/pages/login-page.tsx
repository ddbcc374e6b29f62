import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { AuthCard } from '@/components/layout/auth-card';
import { LoginForm } from '@/features/auth';
import { returnPathAfterLogin } from '@/lib/auth/route-access';
import { decodeToken, getToken, homeForRole, isExpired } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/hooks/use-document-title';

export function LoginPage() {
  useDocumentTitle(FIRST_LOAD_MSG.nav.login);
  useRedirectWhenLoggedIn();
  return (
    <AuthCard title={FIRST_LOAD_MSG.login.title} description={FIRST_LOAD_MSG.login.subtitle}>
      <LoginForm />
    </AuthCard>
  );
}

/**
 * SPEC 2 Login: a stored token sends the user to their role's page. A token that cannot be decoded or has already
 * expired is left for the route guard to clear, so the guard's messages stay the single place for those cases.
 */
function useRedirectWhenLoggedIn() {
  const navigate = useNavigate();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only (the route state is read then)
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    try {
      const payload = decodeToken(token);
      if (!isExpired(payload)) navigate(returnPathAfterLogin(location.state, payload.role) ?? homeForRole(payload.role), { replace: true });
    } catch {
      // Undecodable: stay on the login page.
    }
  }, [navigate]);
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_LOGIN_MS } from '@shared/constants';
import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import type { TLoginInput } from '@shared/schemas/accounts/auth';
import { withGlobalLoading } from '@/lib/loading-store';
import { errorCodeOf, isNoResponse, isServerRefusal } from '@/lib/api/server-errors';
import { returnPathAfterLogin } from '@/lib/auth/route-access';
import { decodeToken, homeForRole, storeToken } from '@/lib/auth/session';
import { trpc } from '@/lib/api/trpc';

/**
 * auth.login; on success stores the token, clears sessionExpired and redirects after 1.5 s: back to the page the route
 * guard sent the user from when it is one of their role's (a QR link's room code kept: issue 36), else by role.
 */
export function useLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const [redirecting, setRedirecting] = useState(false);
  /** A rejection's reason stays on the form: a 3-second toast is too short to read why. */
  const [rejection, setRejection] = useState<string | null>(null);
  const loginMutation = trpc.auth.login.useMutation();

  async function login(input: TLoginInput) {
    let token: string;
    setRejection(null);
    try {
      ({ token } = await withGlobalLoading(() => loginMutation.mutateAsync(input)));
    } catch (err) {
      if (isNoResponse(err)) toast.error(FIRST_LOAD_MSG.login.noResponse);
      else if (isServerRefusal(err)) {
        const message = loginErrorMessage(errorCodeOf(err), err.message);
        toast.error(message);
        if (errorCodeOf(err) === 'ACCOUNT_REJECTED') setRejection(message);
      } else toast.error(FIRST_LOAD_MSG.login.generic);
      return;
    }
    storeToken(token);
    toast.success(FIRST_LOAD_MSG.login.success);
    setRedirecting(true);
    const role = safeRole(token);
    const target = returnPathAfterLogin(location.state, role) ?? homeForRole(role);
    setTimeout(() => navigate(target, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
  }

  return { login, redirecting, rejection };
}

function safeRole(token: string): string | undefined {
  try {
    return decodeToken(token).role;
  } catch {
    return undefined;
  }
}

/** SPEC 8 Login: two codes have fixed texts; any other refusal shows the server message or the generic text. */
export function loginErrorMessage(errorCode: string | null, serverMessage: string | null): string {
  switch (errorCode) {
    case 'EMAIL_NOT_FOUND':
      return FIRST_LOAD_MSG.login.emailNotFound;
    case 'INVALID_CREDENTIALS':
      return FIRST_LOAD_MSG.login.invalidCredentials;
    default:
      return serverMessage || FIRST_LOAD_MSG.login.generic;
  }
}

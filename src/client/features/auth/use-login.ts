import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { REDIRECT_AFTER_LOGIN_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { TLoginInput } from '../../../shared/schemas/auth';
import { apiRequest, NoResponseError } from '@/lib/api';
import { withGlobalLoading } from '@/lib/loading-store';
import { decodeToken, homeForRole, storeToken } from '@/lib/session';
import { type LoginResponseBody, loginErrorMessage } from './login-error-message';

/** POST /api/login; on success stores the token, clears sessionExpired and redirects by role after 1.5 s. */
export function useLogin() {
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);

  async function login(input: TLoginInput) {
    try {
      const res = await withGlobalLoading(() => apiRequest<LoginResponseBody>('/login', { method: 'POST', json: input }));
      if (!res.data.success || !res.data.token) {
        toast.error(loginErrorMessage(res.data));
        return;
      }
      const token = res.data.token;
      storeToken(token);
      toast.success(MSG.login.success);
      setRedirecting(true);
      const role = safeRole(token);
      setTimeout(() => navigate(homeForRole(role), { replace: true }), REDIRECT_AFTER_LOGIN_MS);
    } catch (err) {
      toast.error(err instanceof NoResponseError ? MSG.login.noResponse : MSG.login.generic);
    }
  }

  return { login, redirecting };
}

function safeRole(token: string): string | undefined {
  try {
    return decodeToken(token).role;
  } catch {
    return undefined;
  }
}

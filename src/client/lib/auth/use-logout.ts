import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearToken, getToken } from '@/lib/auth/session';
import { trpc } from '@/lib/api/trpc';

const LOGOUT_WAIT_MS = 3_000;

/**
 * Logout revokes the token on the server (auth.logout), then removes it, forgets cached server data and goes to
 * /login (SPEC 4). An unreachable server does not keep the user signed in on this device.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async () => {
    if (getToken()) {
      const revoke = utils.client.auth.logout.mutate().catch(() => undefined);
      await Promise.race([revoke, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
    }
    clearToken();
    queryClient.clear();
    navigate('/login');
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearToken } from '@/lib/session';

/** Logout removes the token, forgets cached server data and goes to /login (SPEC 4). */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    clearToken();
    queryClient.clear();
    navigate('/login');
  };
}

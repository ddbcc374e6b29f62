import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers/_app';
import { reportRefusedToken } from './refused-token';
import { getToken } from './session';

/** Typed React hooks for the server's tRPC router, mounted at /trpc. */
export const trpc = createTRPCReact<AppRouter>();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        async fetch(url, init) {
          const sent = new Headers(init?.headers).get('Authorization')?.replace(/^Bearer /, '') ?? null;
          const res = await fetch(url, init);
          if (res.status === 401) reportRefusedToken(sent);
          return res;
        },
        headers() {
          const token = getToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

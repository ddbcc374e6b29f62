import { notifyManager, QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { REQUEST_TIMEOUT_MS, TRPC_MAX_BATCH } from '@shared/constants';
import type { AppRouter } from '@server/routers/_app';
import { NoResponseError } from './no-response';
import { reportRefusedToken } from './refused-token';
import { getToken } from '../auth/session';

/** Typed React hooks for the server's tRPC router, mounted at /trpc. */
export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers: the only source of server data types on the client. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createQueryClient() {
  // Each component's query update in a task of its own. One HTTP batch carries a dashboard's queries, and their
  // answers otherwise re-render every subscriber in one synchronous render and commit (a useSyncExternalStore update
  // cannot be deferred), a long task on a phone's CPU in which the page can neither paint nor answer a tap. Apart,
  // the browser may do both between them. Code that acts after an update (a focus) follows the rendered state, not a
  // timer: the update lands a task later.
  notifyManager.setNotifyFunction((notify) => setTimeout(notify, 0));
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/**
 * A batch whose calls answered differently comes back 207, each call with its own status: a protected call refused
 * beside a public one (the admin page's departments) is a refused token all the same.
 */
type BatchItem = { error?: { data?: { httpStatus?: number } } } | null;

async function refusedInBatch(res: Response): Promise<boolean> {
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  if (!Array.isArray(body)) return false;
  return body.some((item: BatchItem) => item?.error?.data?.httpStatus === 401);
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses a larger batch (app.ts): split before it.
        maxItems: TRPC_MAX_BATCH,
        async fetch(url, init) {
          const sent = new Headers(init?.headers).get('Authorization')?.replace(/^Bearer /, '') ?? null;
          const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
          let res: Response;
          try {
            res = await fetch(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
          } catch (err) {
            throw new NoResponseError(err);
          }
          if (res.status === 401 || (res.status === 207 && (await refusedInBatch(res)))) reportRefusedToken(sent);
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

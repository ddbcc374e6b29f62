import { trpc } from '@/lib/api/trpc';
import { useCountdown } from '@/lib/hooks/use-countdown';

/**
 * How often the banner asks whether a session is open: a session the teacher starts shows within this without a
 * reload (and at once when the student comes back to the tab). 200 students polling make 20 cheap reads a second.
 */
export const OPEN_SESSION_POLL_MS = 10_000;

/** student.openSession, polled, with the seconds left by the server's clock (a phone's clock may be off). */
export function useOpenSession(enabled: boolean) {
  const query = trpc.student.openSession.useQuery(undefined, { enabled, refetchInterval: OPEN_SESSION_POLL_MS, staleTime: 0 });
  const data = query.data;
  const endMs = data?.session ? query.dataUpdatedAt + (Date.parse(data.session.ends_at) - Date.parse(data.server_time)) : null;
  const left = useCountdown(endMs);
  return { query, session: data?.session ?? null, left };
}

export type OpenSessionState = ReturnType<typeof useOpenSession>;

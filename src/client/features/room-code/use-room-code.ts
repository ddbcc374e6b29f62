import { useEffect } from 'react';
import { MSG } from '@shared/messages';
import { errorCodeOf, refusalText, trpcCodeOf } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { useCountdown } from '@/lib/hooks/use-countdown';

/** The server needs a moment past the window's edge to be sure it computes the next code, not the last one. */
const AFTER_EDGE_MS = 300;
const RETRY_MS = 5_000;

/** NOT_FOUND (no open session asking for a code) and FORBIDDEN are answers, not failures: asking again changes nothing. */
const isFinal = (err: unknown) => {
  const code = trpcCodeOf(err);
  return code === 'NOT_FOUND' || code === 'FORBIDDEN';
};

/**
 * The caller's current room code (teacher.roomCode), fetched again when its window ends and when the tab regains
 * focus. One query key and one timer at a time: a screen left on it for the whole session holds no growing state.
 */
export function useRoomCode() {
  const query = trpc.teacher.roomCode.useQuery(undefined, {
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: (count, err) => !isFinal(err) && count < 2,
    // A lost connection is retried every few seconds; an ended session is not.
    refetchInterval: (q) => (q.state.error && !isFinal(q.state.error) ? RETRY_MS : false),
  });
  const data = query.data;
  // Measured from when the answer arrived, so the browser's clock need not agree with the server's.
  const nextChangeMs = data ? query.dataUpdatedAt + data.seconds_left * 1000 : null;
  const nextChange = useCountdown(nextChangeMs);
  const sessionLeft = useCountdown(data ? Date.parse(data.ends_at) : null);
  const { refetch } = query;

  useEffect(() => {
    if (nextChangeMs === null) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, nextChangeMs - Date.now()) + AFTER_EDGE_MS);
    return () => clearTimeout(timer);
  }, [nextChangeMs, refetch]);

  // The session's end: ask once more, and the server's 404 says it is over.
  useEffect(() => {
    if (sessionLeft === 0) void refetch();
  }, [sessionLeft, refetch]);

  const finalError = query.error && isFinal(query.error) ? query.error : null;
  return {
    data: finalError ? null : data,
    /** Why there is no code to show: the session shown until now ended, or the server's own reason (none open, not yours). */
    notice: finalError ? (data && errorCodeOf(finalError) === 'no_open_session' ? MSG.roomCode.ended : refusalText(finalError, MSG.roomCode.ended)) : null,
    reconnecting: query.isError && !finalError,
    nextChange,
    sessionLeft,
  };
}

import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { EXTEND_STEP_MINUTES, SESSION_WARNINGS_S } from '@shared/constants';
import { MSG } from '@shared/messages';
import { geofenceStorage } from './geofence-storage';
import { useSessionActions } from './session-actions';
import { useGeofenceStatus } from '../teacher-queries';
import { useCountdown } from '@/lib/hooks/use-countdown';

/**
 * The teacher's geofence session (SPEC 4): server status polled every 5 s while active, a local countdown with the
 * 30 s (info) and 10 s (warning) toasts, and the automatic end that tells the user and calls stop.
 */
export function useGeofenceSession() {
  const { startGeofence, stopGeofence, extendGeofence, extending, refresh } = useSessionActions();
  const status = useGeofenceStatus();
  const data = status.data;
  const session = data?.active ? data : null;
  const endMs = session ? status.dataUpdatedAt + session.remaining_seconds * 1000 : null;
  const remaining = useCountdown(endMs);
  const fired = useRef(new Set<string>());
  const manualStop = useRef<number | null>(null);
  const lastSession = useRef<number | null>(null);

  function endedAutomatically(sessionId: number) {
    if (fired.current.has(`${sessionId}:end`)) return false;
    fired.current.add(`${sessionId}:end`);
    toast.info(MSG.teacher.endedAutomatically, { id: `auto-end-${sessionId}` });
    return true;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one warning per threshold as the countdown ticks; the toast helpers read refs
  useEffect(() => {
    if (!session || remaining === null) return;
    const id = session.session_id;
    if (remaining <= 0) {
      if (endedAutomatically(id)) void stopGeofence(true).then(refresh);
      return;
    }
    SESSION_WARNINGS_S.forEach((threshold, i) => {
      const lower = SESSION_WARNINGS_S[i + 1] ?? 0;
      const key = `${id}:${threshold}`;
      if (remaining <= threshold && remaining > lower && !fired.current.has(key)) {
        fired.current.add(key);
        // Issue 36: the warning offers the way out, so a class still marking is not marked absent.
        (i === 0 ? toast.info : toast.warning)(MSG.teacher.warning(remaining), {
          id: `warning-${id}`,
          action: { label: MSG.sessionTime.extend(EXTEND_STEP_MINUTES), onClick: () => void extend() },
        });
      }
    });
  }, [remaining, session?.session_id]);

  // The server may close the session first (its own timer): an active -> inactive change we did not ask for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to each new session status from the server; the helpers it calls read refs
  useEffect(() => {
    if (!data) return;
    const previous = lastSession.current;
    lastSession.current = data.active ? data.session_id : null;
    if (!data.active && previous !== null && manualStop.current !== previous) {
      endedAutomatically(previous);
      geofenceStorage.clearSession();
      void refresh();
    }
    if (!data.active && previous === null && geofenceStorage.read().started) geofenceStorage.clearSession();
  }, [data]);

  /** True when a session was opened. */
  async function start(radius: number, department: number | string, roomCode: boolean, lateAfterMinutes?: number, durationMinutes?: number) {
    const started = await startGeofence(radius, department, roomCode, lateAfterMinutes, durationMinutes);
    if (started) await refresh();
    return started;
  }

  /** Issue 36: Extend on the running session (and on its warnings); the countdown follows the server's new end. */
  async function extend() {
    const id = session?.session_id;
    if (id === undefined) return;
    if (await extendGeofence(id)) {
      // The warnings may come again before the new end.
      for (const threshold of SESSION_WARNINGS_S) fired.current.delete(`${id}:${threshold}`);
      toast.dismiss(`warning-${id}`);
      await refresh();
    }
  }

  async function stop() {
    manualStop.current = session?.session_id ?? null;
    await stopGeofence(false);
    await refresh();
  }

  return {
    status,
    session,
    active: session !== null,
    remaining,
    start,
    stop,
    extend,
    extending,
    /** What a session lasts when the teacher keeps the start dialog's default (the server's SESSION_MINUTES). */
    defaultMinutes: data?.default_duration_minutes ?? null,
  };
}

import { Play, QrCode, Radio, Square, TimerReset, Users } from 'lucide-react';
import type { Ref } from 'react';
import { EXTEND_STEP_MINUTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCoords, formatCountdown, formatTime } from '@/lib/format';
import { StatCard } from '@/components/stat-card';
import type { Coords } from '@/lib/device/use-geolocation';
import { SessionLocationMap } from './session-location';
import { ButtonLink } from '@/components/button-link';

/**
 * Quick Actions: View Students, Start Attendance or Stop Attendance and Extend (issue 36), and Show room code while a
 * session asks for it.
 */
export function QuickActionsCard({
  active,
  busy,
  onViewStudents,
  onStart,
  onStartIntent,
  onStop,
  onExtend,
  extending,
  roomCode,
  stopRef,
}: {
  active: boolean;
  busy: boolean;
  onViewStudents: () => void;
  onStart: () => void;
  /** The pointer or focus is on Start: fetch what its dialog needs before the press. */
  onStartIntent?: () => void;
  onStop: () => void;
  onExtend: () => void;
  extending: boolean;
  /** The running session asks for the room code: offer its projector view. */
  roomCode: boolean;
  /** Where focus goes once a session has started (issue 36). */
  stopRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <StatCard icon={Play} title={MSG.teacher.quickActions}>
      <div className="grid gap-3">
        {active ? (
          <>
            <Button size="lg" variant="destructive" onClick={onStop} disabled={busy} ref={stopRef}>
              <Square aria-hidden />
              {MSG.teacher.stopAttendance}
            </Button>
            <Button size="lg" variant="outline" onClick={onExtend} disabled={busy || extending}>
              <TimerReset aria-hidden />
              {MSG.sessionTime.extend(EXTEND_STEP_MINUTES)}
            </Button>
          </>
        ) : (
          <Button size="lg" onClick={onStart} onPointerEnter={onStartIntent} onFocus={onStartIntent} onTouchStart={onStartIntent} disabled={busy}>
            <Play aria-hidden />
            {MSG.teacher.startAttendance}
          </Button>
        )}
        {active && roomCode && (
          // A link, so the teacher can also open it in a new tab or window and drag that to the projector.
          <ButtonLink size="lg" variant="outline" to="/room-code">
            <QrCode aria-hidden />
            {MSG.roomCode.show}
          </ButtonLink>
        )}
        <Button size="lg" variant="outline" onClick={onViewStudents}>
          <Users aria-hidden />
          {MSG.teacher.viewStudents}
        </Button>
      </div>
    </StatCard>
  );
}

/** Attendance Status: Active or Not Started, where, for which department and how long is left. */
export function AttendanceStatusCard({
  active,
  location,
  department,
  remaining,
  endsAt,
  radius,
}: {
  active: boolean;
  location: Pick<Coords, 'latitude' | 'longitude'> | null;
  department: string | null;
  remaining: number | null;
  /** The session's end as the server keeps it (moved by Extend). */
  endsAt: string | null;
  /** The running session's radius: its circle is drawn on the map. */
  radius: number | null;
}) {
  return (
    <StatCard icon={Radio} title={MSG.teacher.statusTitle} tone={active ? 'success' : 'muted'}>
      <div className="flex items-center gap-2" data-testid="attendance-status">
        <Badge variant={active ? 'success' : 'secondary'} className="px-2.5 py-1 text-sm">
          {active && <span aria-hidden className="size-2 animate-pulse rounded-full bg-success" />}
          {active ? MSG.teacher.active : MSG.teacher.notStarted}
        </Badge>
        {active && department && <span className="text-sm font-medium">{department}</span>}
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{MSG.teacher.location}</dt>
          <dd className="font-mono text-xs">{location ? formatCoords(location) : MSG.teacher.noLocation}</dd>
        </div>
        {active && radius !== null && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{MSG.teacher.activeRadius}</dt>
            <dd className="font-semibold tabular-nums" data-testid="session-radius">
              {MSG.teacher.meters(radius)}
            </dd>
          </div>
        )}
        {active && remaining !== null && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{MSG.teacher.timeLeft}</dt>
            <dd className="font-semibold tabular-nums" data-testid="session-remaining">
              {formatCountdown(remaining)}
            </dd>
          </div>
        )}
        {active && endsAt && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{MSG.sessionTime.endsAt}</dt>
            <dd className="font-semibold tabular-nums" data-testid="session-ends-at">
              {formatTime(endsAt)}
            </dd>
          </div>
        )}
      </dl>
      {active && location && radius !== null && <SessionLocationMap center={location} radius={radius} />}
    </StatCard>
  );
}

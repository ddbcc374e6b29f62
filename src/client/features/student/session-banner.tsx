import { CalendarOff, CheckCircle2, Fingerprint, Hand, Loader2, Radio, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { FACE_CHALLENGE_FAILS_PER_SESSION } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCountdown, formatTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { RoomCodeField } from './room-code-field';
import type { OpenSessionState } from './use-open-session';
import type { RoomCodeEntry } from './use-room-code-entry';

/**
 * The dashboard's first card (issue 22): is a session of my department open and until when, with Mark Attendance
 * (and the room code) beside it, or my mark once I have one; 'No session open now' otherwise. Live: polled.
 */
export function SessionBanner({ open, onMark, marking, roomCode }: { open: OpenSessionState; onMark: () => void; marking: boolean; roomCode: RoomCodeEntry }) {
  const { session, left, query } = open;
  // At zero the server has ended it (or is about to): ask now rather than at the next poll.
  useEffect(() => {
    if (left === 0) void query.refetch();
  }, [left, query.refetch]);

  if (query.isPending && query.fetchStatus !== 'idle') {
    // The grey block has the height of 'No session open now' at this width (its words laid out unseen inside): the
    // banner that replaces it in that state moves nothing below it (a fixed 112 px did: Lighthouse's layout shift).
    return (
      <Skeleton className="rounded-xl border border-transparent px-5 py-5 sm:px-6">
        <div className="invisible">
          <BannerHeading open={false} title={MSG.studentScreens.banner.none} hint={MSG.studentScreens.banner.noneHint} />
        </div>
      </Skeleton>
    );
  }
  const mark = session?.mark ?? null;
  return (
    <Card
      data-testid="session-banner"
      data-open={session !== null}
      className={cn('gap-4 px-5 py-5 sm:px-6', session ? 'border-primary/40 bg-accent/40' : 'bg-card')}
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <BannerHeading
          open={session !== null}
          title={
            session
              ? MSG.studentScreens.banner.open(session.department, formatCountdown(left ?? 0))
              : query.isError
                ? MSG.student.fetchFailed
                : MSG.studentScreens.banner.none
          }
          hint={session ? (session.teacher ? MSG.studentScreens.banner.teacher(session.teacher) : null) : MSG.studentScreens.banner.noneHint}
        />
        {session && mark && (
          <p data-testid="session-mark" className={cn('flex items-center gap-2 font-semibold', mark.status === 'absent' ? 'text-destructive' : 'text-success')}>
            {mark.status === 'absent' ? <XCircle className="size-5" aria-hidden /> : <CheckCircle2 className="size-5" aria-hidden />}
            {markText(mark.status, formatTime(mark.marked_at))}
          </p>
        )}
        {session && !mark && session.face_tries_left === 0 && (
          // Issue 36: every face check try used: no steps that would end on a refusal, the way left instead.
          <div data-testid="out-of-tries" role="status" className="grid gap-1 md:max-w-xs md:text-right">
            <p className="flex items-center gap-2 font-semibold md:justify-end">
              <Hand className="size-5 shrink-0" aria-hidden />
              {MSG.studentScreens.banner.outOfTries}
            </p>
            <p className="text-sm text-muted-foreground">{MSG.studentScreens.banner.outOfTriesHint(FACE_CHALLENGE_FAILS_PER_SESSION)}</p>
          </div>
        )}
        {session && !mark && session.face_tries_left !== 0 && (
          // A form: Enter in the room code field marks, as the button does.
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              onMark();
            }}
          >
            {/* Issue 36: only a session that asks for a code shows its field. */}
            {session.room_code_required ? (
              <RoomCodeField entry={roomCode} disabled={marking} />
            ) : (
              roomCode.error && (
                // Sent back by the final mark (its step too old): the reason, without a field the session does not use.
                <p role="alert" className="text-sm font-medium text-destructive">
                  {roomCode.error}
                </p>
              )
            )}
            <Button type="submit" size="lg" disabled={marking}>
              {marking ? <Loader2 className="animate-spin" aria-hidden /> : <Fingerprint aria-hidden />}
              {MSG.student.markAttendance}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}

/** The banner's icon, title and line under it. */
function BannerHeading({ open, title, hint }: { open: boolean; title: string; hint: string | null }) {
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg',
          open ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        {open ? <Radio className="size-4.5" /> : <CalendarOff className="size-4.5" />}
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg leading-tight font-semibold" data-testid="session-banner-title">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}

/** The student's own mark in this session, in the words of its status (issue 24's four). */
function markText(status: 'present' | 'late' | 'excused' | 'absent', time: string): string {
  if (status === 'present') return MSG.studentScreens.markedPresent(time);
  if (status === 'late') return MSG.studentScreens.markedLate(time);
  if (status === 'excused') return MSG.studentScreens.markedExcused;
  return MSG.studentScreens.markedAbsent(time);
}

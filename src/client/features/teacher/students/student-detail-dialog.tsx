import type { AttendanceStatus } from '../../../../shared/attendance/attendance-status';
import { Check, ShieldCheck, UserX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '../../../../shared/messages';
import { Button } from '@/components/ui/button';
import { FaceChangeHistory } from '@/features/face-changes';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime, humanize } from '@/lib/format';
import { MarkFlags } from '@/components/mark-flags';
import { StatusBadge } from '@/components/status-badge';
import { sessionCaption } from './session-caption';
import type { SessionRef, SessionStudent } from '../teacher-queries';
import { useManualMark } from './use-manual-mark';

const M = MSG.teacher;
const D = M.detail;
const T = MSG.markTrace;
const C = MSG.markChange;

/** Where the current mark came from: the student's own checks, the teacher, or the session's end. */
function markOrigin(s: SessionStudent) {
  if (s.manual_override) return C.manual;
  return s.face_recognition_status || s.geofencing_status ? C.verified : C.automatic;
}

const S = D.steps;
const at = (iso: string) => formatDateTime(iso);

/** Issue 36: the last attempt at each step of the mark in the session, as a teacher reads it. */
function lastSteps(s: SessionStudent, roomCodeAsked: boolean): [string, string][] {
  const { geofence, room_code, face } = s.steps;
  const geo = !geofence
    ? S.none
    : geofence.outcome === 'inside'
      ? S.inside(at(geofence.at))
      : geofence.outcome === 'outside'
        ? S.outside(geofence.distance_m, at(geofence.at))
        : S.offCampus(at(geofence.at));
  const code = !roomCodeAsked
    ? S.noCode
    : !room_code
      ? S.none
      : room_code.outcome === 'accepted'
        ? S.codeAccepted(at(room_code.at))
        : S.codeWrong(at(room_code.at));
  let check: string = S.none;
  if (face) {
    const when = at(face.at);
    const outcome =
      face.outcome === 'passed'
        ? S.facePassed(when)
        : face.outcome === 'abandoned'
          ? S.faceAbandoned(when)
          : face.outcome === 'running'
            ? S.faceRunning(when)
            : S.faceRefused(S.reasons[face.reason ?? ''] ?? humanize(face.reason), when);
    check = `${outcome}; ${S.triesUsed(face.used, face.of)}`;
  }
  const mark = s.marked && s.timestamp ? S.marked(humanize(s.status), at(s.timestamp), s.manual_override) : S.noMark;
  return [
    [S.geofence, geo],
    [S.roomCode, code],
    [S.face, check],
    [S.mark, mark],
  ];
}

/** A session student's photo, statuses, the current mark and where it came from, and the one change it allows. */
export function StudentDetailDialog({ student, session, onClose }: { student: SessionStudent | null; session: SessionRef | null; onClose: () => void }) {
  const { mark, pending } = useManualMark();
  const s = student;
  const rows: [string, ReactNode][] = s
    ? [
        [D.enrollment, <StatusBadge key="e" value={s.image_urls.length ? 'enrolled' : null} label={s.image_urls.length ? D.enrolled : M.notEnrolled} />],
        [D.current, <StatusBadge key="c" value={s.marked ? s.status : null} label={s.marked ? undefined : M.notMarked} />],
        ...(s.marked ? ([[C.how, markOrigin(s)]] as [string, ReactNode][]) : []),
        [D.lastMarked, formatDateTime(s.timestamp, M.notAvailable)],
        // Where the student's own mark came from (a manual or automatic mark has none).
        [T.address, s.ip ?? M.notAvailable],
        [T.device, s.ip ? (s.device ?? T.unknownDevice) : M.notAvailable],
        [T.accuracy, s.accuracy_m === null ? M.notAvailable : T.accuracyMeters(s.accuracy_m)],
      ]
    : [];

  async function update(status: AttendanceStatus) {
    if (s && (await mark(s, status))) onClose();
  }

  return (
    <Dialog open={s !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {s && (
          <>
            <DialogHeader>
              <DialogTitle>{s.name}</DialogTitle>
              <DialogDescription>{s.email}</DialogDescription>
              <p className="text-sm font-medium" data-testid="detail-session">
                {/* A manual mark is written into exactly this session (the row's session_id). */}
                {session && s.session_id === session.id ? sessionCaption(session) : M.sessionIdMissing}
              </p>
            </DialogHeader>
            <div className="grid gap-5 sm:grid-cols-[9rem_1fr]">
              {s.image_urls[0] ? (
                <img src={s.image_urls[0]} alt={D.photoAlt(s.name)} className="aspect-square w-36 rounded-xl border object-cover" />
              ) : (
                <div className="flex aspect-square w-36 flex-col items-center justify-center gap-2 rounded-xl border border-dashed bg-muted/50 text-sm text-muted-foreground">
                  <UserX className="size-6" aria-hidden />
                  {M.notEnrolled}
                </div>
              )}
              <dl className="grid gap-2.5 text-sm">
                {rows.map(([term, value]) => (
                  <div key={term} className="flex items-center justify-between gap-3">
                    <dt className="text-muted-foreground">{term}</dt>
                    <dd className="text-right font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <section aria-labelledby="detail-steps" className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="detail-steps">
              <h3 id="detail-steps" className="font-medium">
                {S.title}
              </h3>
              <dl className="grid gap-2">
                {lastSteps(s, session?.room_code ?? false).map(([term, value]) => (
                  <div key={term} className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
                    <dt className="text-muted-foreground">{term}</dt>
                    <dd className="font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            {s.flags.length > 0 && (
              <section
                aria-labelledby="detail-flags"
                className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
                data-testid="detail-flags"
              >
                <h3 id="detail-flags" className="font-medium">
                  {MSG.markFlags.column}
                </h3>
                <MarkFlags flags={s.flags} name={s.name} />
                <p className="text-xs text-muted-foreground">{MSG.markFlags.hint}</p>
              </section>
            )}
            <FaceChangeHistory studentId={s.student_id} />
            {/* The current mark is shown above: offer only what changes it (and, for a flagged present mark, the teacher's word). */}
            <DialogFooter>
              {/* Issue 24: a marked student may be changed to any other of the four statuses. */}
              {s.marked &&
                (['late', 'excused'] as const)
                  .filter((other) => other !== s.status)
                  .map((other) => (
                    <Button key={other} variant="outline" onClick={() => update(other)} disabled={pending}>
                      {C.changeTo(other)}
                    </Button>
                  ))}
              {(!s.marked || s.status !== 'absent') && (
                <Button variant="outline" onClick={() => update('absent')} disabled={pending}>
                  <X aria-hidden />
                  {s.marked ? C.changeTo('absent') : D.markAbsent}
                </Button>
              )}
              {s.marked && s.status === 'present' && s.flagged && (
                <Button variant="outline" onClick={() => update('present')} disabled={pending}>
                  <ShieldCheck aria-hidden />
                  {C.confirmPresent}
                </Button>
              )}
              {(!s.marked || s.status !== 'present') && (
                <Button onClick={() => update('present')} disabled={pending}>
                  <Check aria-hidden />
                  {s.marked ? C.changeTo('present') : D.markPresent}
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

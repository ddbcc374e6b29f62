import type { AttendanceStatus } from '@shared/attendance/attendance-status';
import { Check, ShieldCheck, UserX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { FaceChangeHistory } from '@/features/face-changes';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { MarkFlags } from '@/components/mark-flags';
import { StatusBadge } from '@/components/status-badge';
import { sessionCaption } from '../teacher-queries';
import { stepLines } from '../step-lines';
import type { SessionRef, SessionStudent } from '../teacher-queries';
import { useManualMark } from './use-manual-mark';
import { GuardianEmailForm } from '@/features/guardian-email-form';

/** Where the current mark came from: the student's own checks, the teacher, or the session's end. */
function markOrigin(s: SessionStudent) {
  if (s.manual_override) return MSG.markChange.manual;
  if (s.reviewed) return MSG.review.reviewedByTeacher;
  return s.face_recognition_status || s.geofencing_status ? MSG.markChange.verified : MSG.markChange.automatic;
}

/** A session student's photo, statuses, the current mark and where it came from, and the one change it allows. */
export function StudentDetailDialog({ student, session, onClose }: { student: SessionStudent | null; session: SessionRef | null; onClose: () => void }) {
  const { mark, pending } = useManualMark();
  const s = student;
  const rows: [string, ReactNode][] = s
    ? [
        [
          MSG.teacher.detail.enrollment,
          <StatusBadge
            key="e"
            value={s.image_urls.length ? 'enrolled' : null}
            label={s.image_urls.length ? MSG.teacher.detail.enrolled : MSG.teacher.notEnrolled}
          />,
        ],
        [MSG.teacher.detail.current, <StatusBadge key="c" value={s.marked ? s.status : null} label={s.marked ? undefined : MSG.teacher.notMarked} />],
        ...(s.marked ? ([[MSG.markChange.how, markOrigin(s)]] as [string, ReactNode][]) : []),
        [MSG.teacher.detail.lastMarked, formatDateTime(s.timestamp, MSG.teacher.notAvailable)],
        // Where the student's own mark came from (a manual or automatic mark has none).
        [MSG.markTrace.address, s.ip ?? MSG.teacher.notAvailable],
        [MSG.markTrace.device, s.ip ? (s.device ?? MSG.markTrace.unknownDevice) : MSG.teacher.notAvailable],
        [MSG.markTrace.accuracy, s.accuracy_m === null ? MSG.teacher.notAvailable : MSG.markTrace.accuracyMeters(s.accuracy_m)],
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
                {session && s.session_id === session.id ? sessionCaption(session) : MSG.teacher.sessionIdMissing}
              </p>
            </DialogHeader>
            <div className="grid gap-5 sm:grid-cols-[9rem_1fr]">
              {s.image_urls[0] ? (
                <img src={s.image_urls[0]} alt={MSG.teacher.detail.photoAlt(s.name)} className="aspect-square w-36 rounded-xl border object-cover" />
              ) : (
                <div className="flex aspect-square w-36 flex-col items-center justify-center gap-2 rounded-xl border border-dashed bg-muted/50 text-sm text-muted-foreground">
                  <UserX className="size-6" aria-hidden />
                  {MSG.teacher.notEnrolled}
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
                {MSG.teacher.detail.steps.title}
              </h3>
              <dl className="grid gap-2">
                {stepLines(
                  s.steps,
                  session?.room_code ?? false,
                  s.marked && s.timestamp ? { status: s.status, at: s.timestamp, manual: s.manual_override } : null,
                ).map(([term, value]) => (
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
            <GuardianEmailForm studentId={s.student_id} />
            {/* The current mark is shown above: offer only what changes it (and, for a flagged present mark, the teacher's word). */}
            <DialogFooter>
              {/* Issue 24: a marked student may be changed to any other of the four statuses. */}
              {s.marked &&
                (['late', 'excused'] as const)
                  .filter((other) => other !== s.status)
                  .map((other) => (
                    <Button key={other} variant="outline" onClick={() => update(other)} disabled={pending}>
                      {MSG.markChange.changeTo(other)}
                    </Button>
                  ))}
              {(!s.marked || s.status !== 'absent') && (
                <Button variant="outline" onClick={() => update('absent')} disabled={pending}>
                  <X aria-hidden />
                  {s.marked ? MSG.markChange.changeTo('absent') : MSG.teacher.detail.markAbsent}
                </Button>
              )}
              {s.marked && s.status === 'present' && s.flagged && (
                <Button variant="outline" onClick={() => update('present')} disabled={pending}>
                  <ShieldCheck aria-hidden />
                  {MSG.markChange.confirmPresent}
                </Button>
              )}
              {(!s.marked || s.status !== 'present') && (
                <Button onClick={() => update('present')} disabled={pending}>
                  <Check aria-hidden />
                  {s.marked ? MSG.markChange.changeTo('present') : MSG.teacher.detail.markPresent}
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

import { ArrowLeft, Check, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/status-badge';
import { FaceCollisionPanel } from '@/features/face-collisions';
import type { PendingStudent } from '../teacher-queries';

/**
 * One pending student's details and enrollment images, with Reject beside Approve. Photos that look like another
 * account's are compared and decided first: Approve waits (the server refuses it too), Reject does not.
 */
export function PendingStudentDetail({
  student,
  busy,
  onBack,
  onApprove,
  onReject,
}: {
  student: PendingStudent;
  busy: boolean;
  onBack: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const rows: [string, ReactNode][] = [
    [MSG.teacher.pending.email, student.email],
    [MSG.teacher.pending.phone, student.phone_number || MSG.student.notProvided],
    [MSG.teacher.pending.status, <StatusBadge key="s" value={student.status} />],
  ];
  const collision = student.face_collision;
  return (
    <div className="grid gap-5" data-testid="pending-detail">
      <div className="flex items-center gap-3">
        <span aria-hidden className="flex size-11 items-center justify-center rounded-full bg-accent text-lg font-semibold text-accent-foreground uppercase">
          {student.username.charAt(0)}
        </span>
        <h3 className="text-lg font-semibold">{student.username}</h3>
      </div>
      <dl className="grid gap-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {collision ? (
        <FaceCollisionPanel collision={collision} waiting={{ name: student.username, urls: student.images }} />
      ) : (
        <section className="grid gap-2" aria-label={MSG.teacher.pending.images}>
          <h4 className="text-sm font-semibold">{MSG.teacher.pending.images}</h4>
          {student.images.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">{MSG.student.noImages}</p>
          ) : (
            <div className="grid grid-cols-3 gap-2">
              {student.images.map((src, i) => (
                <img
                  key={src}
                  src={src}
                  alt={MSG.teacher.pending.imageAlt(student.username, i + 1)}
                  className="aspect-[4/3] w-full rounded-lg border object-cover"
                />
              ))}
            </div>
          )}
        </section>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden />
          {MSG.teacher.pending.back}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" className="text-destructive" onClick={onReject} disabled={busy}>
            <UserX aria-hidden />
            {MSG.reject.button}
          </Button>
          <Button onClick={onApprove} disabled={busy || collision !== null} aria-describedby={collision ? 'pending-decide-first' : undefined}>
            <Check aria-hidden />
            {MSG.teacher.pending.approve}
          </Button>
        </div>
      </div>
      {collision && (
        <p id="pending-decide-first" className="text-xs text-muted-foreground sm:text-right">
          {MSG.duplicateFace.decideFirst}
        </p>
      )}
    </div>
  );
}

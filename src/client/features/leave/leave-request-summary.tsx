import { MSG } from '@shared/messages';
import { StatusBadge } from '@/components/status-badge';
import type { RouterOutputs } from '@/lib/api/trpc';
import { cn } from '@/lib/utils';

type StudentLeave = RouterOutputs['student']['leaveRequests'][number];
/** What the student's list and the teacher's pending list both know of a request; the teacher's are all pending. */
type LeaveFacts = Pick<StudentLeave, 'from_date' | 'to_date' | 'reason' | 'document_url'> & Partial<Pick<StudentLeave, 'status' | 'note'>>;

/**
 * One leave request as both sides read it: whose it is (on the teacher's side), the days, its state, the reason, the
 * document and the teacher's note. The list item around it is the caller's, with what that side can do.
 */
export function LeaveRequestSummary({ request: r, student }: { request: LeaveFacts; student?: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {student && <span className="font-medium">{student}</span>}
        <span className={cn('tabular-nums', student ? 'text-muted-foreground' : 'font-medium')}>{MSG.leave.days(r.from_date, r.to_date)}</span>
        {r.status && <StatusBadge value={r.status} label={MSG.leave.state[r.status]} />}
      </div>
      <p className="break-words">{r.reason}</p>
      {r.document_url && (
        <a href={r.document_url} target="_blank" rel="noreferrer" className="justify-self-start text-primary underline">
          {MSG.leave.viewDocument}
        </a>
      )}
      {r.note && <p className="break-words text-muted-foreground">{MSG.leave.noteBy(r.note)}</p>}
    </>
  );
}

import { CalendarOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { LeaveRequestSummary } from './leave-request-summary';

type PendingLeave = RouterOutputs['teacher']['pendingLeaveRequests'][number];

/** The teacher dashboard's waiting leave requests, beside the pending students: approve or decline with a note. */
export function PendingLeaveSection() {
  const pending = trpc.teacher.pendingLeaveRequests.useQuery();
  return (
    <Card data-testid="pending-leave-requests" id="approvals-leave" tabIndex={-1} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarOff className="size-5 text-primary" aria-hidden />
          <h2>{MSG.leave.pendingTitle}</h2>
        </CardTitle>
        <CardDescription>{MSG.leave.pendingDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={pending}
          failed={MSG.leave.pendingFailed}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState boxed>{MSG.leave.noPending}</EmptyState>}
        >
          {(list) => (
            <ul className="grid gap-3">
              {list.map((r) => (
                <PendingLeaveItem key={r.id} request={r} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function PendingLeaveItem({ request: r }: { request: PendingLeave }) {
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const decide = trpc.teacher.decideLeaveRequest.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await Promise.all([utils.teacher.pendingLeaveRequests.invalidate(), utils.teacher.studentsForSession.invalidate()]);
    },
    onError: (err) => toast.error(err.message || MSG.leave.decideFailed),
  });
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="pending-leave">
      <LeaveRequestSummary request={r} student={r.student.username} />
      <Input aria-label={MSG.leave.note} placeholder={MSG.leave.note} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ request_id: r.id, decision: 'approve', note })}>
          {MSG.leave.approve}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ request_id: r.id, decision: 'decline', note })}>
          {MSG.leave.decline}
        </Button>
      </div>
    </li>
  );
}

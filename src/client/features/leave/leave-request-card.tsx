import { CalendarOff, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '../../../shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { trpc } from '@/lib/api/trpc';
import { sendLeaveRequest } from './leave-api';
import { LeaveRequestSummary } from './leave-request-summary';

const L = MSG.leave;

/** The student's leave: a form to ask for it and every request's state with the teacher's note (issue 24). */
export function LeaveRequestCard() {
  const utils = trpc.useUtils();
  const requests = trpc.student.leaveRequests.useQuery();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const withdraw = trpc.student.withdrawLeave.useMutation({
    onSuccess: (res) => toast.success(res.message),
    // The server's message says why (already approved or declined); a network failure gets the generic one.
    onError: (err) => toast.error(err.message || L.withdrawFailed),
    onSettled: () => utils.student.leaveRequests.invalidate(),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      const res = await sendLeaveRequest({ from_date: from, to_date: to || from, reason }, document);
      if (!res.ok) return void toast.error(res.data.message ?? L.failed);
      toast.success(L.sent);
      setFrom('');
      setTo('');
      setReason('');
      setDocument(null);
      (e.target as HTMLFormElement).reset();
      await utils.student.leaveRequests.invalidate();
    } catch {
      toast.error(L.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card data-testid="leave-requests">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarOff className="size-5 text-primary" aria-hidden />
          <h2>{L.title}</h2>
        </CardTitle>
        <CardDescription>{L.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form className="grid gap-3" onSubmit={submit} aria-label={L.newRequest}>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="leave-from">{L.from}</Label>
              <Input id="leave-from" type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="leave-to">{L.to}</Label>
              <Input id="leave-to" type="date" min={from || undefined} value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="leave-reason">{L.reason}</Label>
            <Textarea id="leave-reason" required maxLength={500} placeholder={L.reasonPlaceholder} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="leave-document">{L.documentLabel}</Label>
            <Input id="leave-document" type="file" accept="image/jpeg,image/png" onChange={(e) => setDocument(e.target.files?.[0] ?? null)} />
            <p className="text-xs text-muted-foreground">{L.documentHint}</p>
          </div>
          <Button type="submit" disabled={sending} className="justify-self-start">
            {sending && <Loader2 className="animate-spin" aria-hidden />}
            {L.submit}
          </Button>
        </form>
        <QueryState query={requests} failed={L.loadFailed} isEmpty={(list) => list.length === 0} empty={<EmptyState boxed>{L.none}</EmptyState>}>
          {(list) => (
            <ul className="grid gap-3" aria-label={L.title}>
              {list.map((r) => (
                <li key={r.id} className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="leave-request">
                  <LeaveRequestSummary request={r} />
                  {r.status === 'pending' && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="justify-self-start"
                      aria-label={L.withdrawLabel(L.days(r.from_date, r.to_date))}
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate({ request_id: r.id })}
                    >
                      {withdraw.isPending && withdraw.variables?.request_id === r.id && <Loader2 className="animate-spin" aria-hidden />}
                      {L.withdraw}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

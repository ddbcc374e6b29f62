import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { LEAVE_REASON_MAX, type TLeaveRequestFields, type TLeaveRequestForm, ZLeaveRequestForm } from '@shared/schemas/attendance/leave';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormFieldItem } from '@/components/form-field-item';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { trpc } from '@/lib/api/trpc';
import { LeaveRequestSummary } from './leave-request-summary';
import { restRequest } from '@/lib/api/rest';
import type { RouterOutputs } from '@/lib/api/trpc';

/**
 * The leave card's body: the form to ask for leave and every request's state with the teacher's note (issue 24). Its
 * own chunk (the form's schemas and validation), loaded by LeaveRequestCard once the dashboard is up.
 */
export function LeaveRequestPanel() {
  const utils = trpc.useUtils();
  const requests = trpc.student.leaveRequests.useQuery();
  const form = useForm<TLeaveRequestForm, unknown, TLeaveRequestFields>({
    resolver: zodResolver(ZLeaveRequestForm),
    defaultValues: { from_date: '', to_date: '', reason: '' },
  });
  const fromDate = form.watch('from_date');
  const documentInput = useRef<HTMLInputElement>(null);
  const [document, setDocument] = useState<File | null>(null);
  const withdraw = trpc.student.withdrawLeave.useMutation({
    onSuccess: (res) => toast.success(res.message),
    // The server's message says why (already approved or declined); a network failure gets the generic one.
    onError: (err) => toast.error(err.message || MSG.leave.withdrawFailed),
    onSettled: () => utils.student.leaveRequests.invalidate(),
  });

  // The schema's messages show under their fields and the first refused field takes focus (react-hook-form's default).
  const submit = async (fields: TLeaveRequestFields) => {
    try {
      const res = await sendLeaveRequest(fields, document);
      if (!res.ok) return void toast.error(res.data.message ?? MSG.leave.failed);
      toast.success(MSG.leave.sent);
      form.reset();
      setDocument(null);
      if (documentInput.current) documentInput.current.value = '';
      await utils.student.leaveRequests.invalidate();
    } catch {
      toast.error(MSG.leave.failed);
    }
  };

  return (
    <>
      <Form {...form}>
        <form noValidate className="grid gap-3" onSubmit={form.handleSubmit(submit)} aria-label={MSG.leave.newRequest}>
          <div className="grid grid-cols-2 gap-3">
            <FormFieldItem control={form.control} name="from_date" label={MSG.leave.from} className="gap-1.5">
              {(field) => <Input type="date" aria-required {...field} />}
            </FormFieldItem>
            <FormFieldItem control={form.control} name="to_date" label={MSG.leave.to} className="gap-1.5">
              {(field) => <Input type="date" min={fromDate || undefined} {...field} />}
            </FormFieldItem>
          </div>
          <FormFieldItem control={form.control} name="reason" label={MSG.leave.reason} className="gap-1.5">
            {(field) => <Textarea aria-required maxLength={LEAVE_REASON_MAX} placeholder={MSG.leave.reasonPlaceholder} {...field} />}
          </FormFieldItem>
          <div className="grid gap-1.5">
            <Label htmlFor="leave-document">{MSG.leave.documentLabel}</Label>
            <Input
              ref={documentInput}
              id="leave-document"
              type="file"
              accept="image/jpeg,image/png"
              aria-describedby="leave-document-hint"
              onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
            />
            <p id="leave-document-hint" className="text-xs text-muted-foreground">
              {MSG.leave.documentHint}
            </p>
          </div>
          <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
            {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
            {MSG.leave.submit}
          </Button>
        </form>
      </Form>
      <QueryState query={requests} failed={MSG.leave.loadFailed} isEmpty={(list) => list.length === 0} empty={<EmptyState boxed>{MSG.leave.none}</EmptyState>}>
        {(list) => (
          <ul className="grid gap-3" aria-label={MSG.leave.title}>
            {list.map((r) => (
              <li key={r.id} className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="leave-request">
                <LeaveRequestSummary request={r} />
                {r.status === 'pending' && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    aria-label={MSG.leave.withdrawLabel(MSG.leave.days(r.from_date, r.to_date))}
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate({ request_id: r.id })}
                  >
                    {withdraw.isPending && withdraw.variables?.request_id === r.id && <Loader2 className="animate-spin" aria-hidden />}
                    {MSG.leave.withdraw}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

/** POST /api/leave_requests: the dates, the reason and the optional document image as multipart (as face uploads go). */
function sendLeaveRequest(fields: { from_date: string; to_date: string; reason: string }, document: File | null) {
  const form = new FormData();
  form.append('from_date', fields.from_date);
  form.append('to_date', fields.to_date);
  form.append('reason', fields.reason);
  if (document) form.append('document', document, document.name);
  return restRequest<RouterOutputs['student']['requestLeave']>('/leave_requests', { method: 'POST', formData: form });
}

import { CircleCheck, Clock, Hand, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatTime } from '@/lib/format';

/** While a request waits, how often the page asks for the teacher's decision (the banner's own pace). */
const WAITING_POLL_MS = 5_000;

const STATE_ICON = { open: Clock, marked: CircleCheck, declined: XCircle, expired: XCircle, resolved: CircleCheck } as const;

/**
 * Issue 39: after the server refused the student in the open session (location, room code, face check, final mark),
 * 'I am in class: ask my teacher' on the same page; then the request's state until the teacher decides or the session
 * ends. The server says whether the student may ask: the page's own idea of the refusal counts for nothing.
 * `refreshKey` changes when the page's last try was answered, so a fresh refusal shows the button at once.
 */
export function ReviewRequestCard({ refreshKey }: { refreshKey: unknown }) {
  const utils = trpc.useUtils();
  const query = trpc.student.reviewRequest.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.request?.status === 'open' ? WAITING_POLL_MS : false),
  });
  const { refetch } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger, not an input
  useEffect(() => {
    void refetch();
  }, [refreshKey, refetch]);
  // The teacher's decision is the banner's news too (marked, or the session's end).
  const status = query.data?.request?.status;
  useEffect(() => {
    if (status && status !== 'open') void utils.student.openSession.invalidate();
  }, [status, utils]);
  const ask = trpc.student.requestReview.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await Promise.all([utils.student.reviewRequest.invalidate(), utils.student.openSession.invalidate()]);
    },
    onError: (err) => toast.error(refusalText(err, MSG.review.failed)),
  });
  const data = query.data;
  if (!data || (!data.request && !data.can_request)) return null;
  if (data.request) {
    const { requested_at } = data.request;
    const status = data.request.status;
    const Icon = STATE_ICON[status];
    const tone = status === 'marked' || status === 'resolved' ? 'text-success' : status === 'open' ? 'text-foreground' : 'text-destructive';
    return (
      <div role="status" aria-live="polite" data-testid="review-request" className="grid gap-1 rounded-lg border bg-card p-4 text-sm">
        <p className={`flex items-center gap-2 font-semibold ${tone}`}>
          <Icon className="size-4 shrink-0" aria-hidden />
          {MSG.review.state[status]}
        </p>
        <p className="text-muted-foreground">{MSG.review.askedAt(formatTime(requested_at))}</p>
      </div>
    );
  }
  return (
    <div
      data-testid="review-request"
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm sm:flex sm:items-center sm:justify-between"
    >
      <p className="text-muted-foreground">{MSG.review.askHint}</p>
      <Button variant="outline" className="shrink-0" disabled={ask.isPending} onClick={() => ask.mutate()}>
        <Hand aria-hidden />
        {MSG.review.ask}
      </Button>
    </div>
  );
}

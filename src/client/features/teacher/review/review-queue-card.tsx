import { Check, Hand, X } from 'lucide-react';
import { toast } from 'sonner';
import { POLL_INTERVAL_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/region-card';
import { refusalText } from '@/lib/api/server-errors';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { formatTime, humanize } from '@/lib/format';
import { faceReason, stepLines } from '../step-lines';

type ReviewRequest = RouterOutputs['teacher']['reviewQueue']['requests'][number];

/**
 * Issue 39: refused students asking to be marked, beside the running session and polled at its pace, each with what
 * the server kept of their tries; one tap marks (reviewed by the teacher) or declines. Nothing while none waits.
 */
export function ReviewQueueCard({ live }: { live: boolean }) {
  const queue = trpc.teacher.reviewQueue.useQuery(undefined, { enabled: live, refetchInterval: live ? POLL_INTERVAL_MS : false, staleTime: 0 });
  const requests = queue.data?.requests ?? [];
  if (!live || requests.length === 0) return null;
  const items = requests.map((r) => <ReviewRequestItem key={r.id} request={r} />);
  return (
    <div data-testid="review-queue">
      <RegionCard id="review-queue-title" icon={Hand} title={MSG.review.queueTitleCount(requests.length)} description={MSG.review.queueDescription}>
        {/* two a row on a wide screen: a class's refusals come in bursts */}
        <ul className="grid gap-3 lg:grid-cols-2">{items}</ul>
      </RegionCard>
    </div>
  );
}

function ReviewRequestItem({ request: r }: { request: ReviewRequest }) {
  const utils = trpc.useUtils();
  const decide = trpc.teacher.decideReview.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await Promise.all([utils.teacher.reviewQueue.invalidate(), utils.teacher.studentsForSession.invalidate()]);
    },
    onError: async (err) => {
      toast.error(refusalText(err, MSG.review.alreadyDecided));
      await utils.teacher.reviewQueue.invalidate();
    },
  });
  const e = r.evidence;
  const facts = [
    e.checks > 0 && MSG.review.evidence.outsideChecks(e.outside_checks, e.checks),
    e.code_age_s !== null && MSG.review.evidence.codeAge(e.code_age_s),
    e.face_check && MSG.review.evidence.faceCheck(humanize(e.face_check.verdict), faceReason(e.face_check.reason), e.face_check.distance),
  ].filter((f): f is string => typeof f === 'string');
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border p-3 text-sm" data-testid="review-request-item">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 truncate font-semibold">{r.student.username}</p>
        <p className="text-muted-foreground">{MSG.review.askedAt(formatTime(r.requested_at))}</p>
        <p className="w-full min-w-0 truncate text-muted-foreground">{r.student.email}</p>
      </div>
      <section aria-label={MSG.review.evidence.title} className="grid gap-2">
        <dl className="grid gap-1.5">
          {stepLines(e.steps, r.room_code_asked, null).map(([term, value]) => (
            <div key={term} className="grid gap-0.5 sm:grid-cols-[7rem_1fr] sm:gap-3">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {facts.map((f) => (
          <p key={f}>{f}</p>
        ))}
        {r.still_url && (
          <figure className="grid justify-items-start gap-1">
            <img
              src={r.still_url}
              alt={MSG.review.evidence.stillAlt(r.student.username)}
              width={160}
              className="h-auto w-40 rounded-md border"
              data-testid="review-still"
            />
            <figcaption className="text-muted-foreground">{MSG.review.evidence.stillCaption}</figcaption>
          </figure>
        )}
        {e.attempts.length > 0 && (
          <details>
            <summary className="cursor-pointer text-muted-foreground">{MSG.review.evidence.attemptsTitle(e.attempts.length, e.attempt_count)}</summary>
            <ul className="mt-1 grid gap-0.5 text-muted-foreground">
              {e.attempts.map((a) => (
                <li key={`${a.at}-${a.outcome}`}>
                  {[
                    formatTime(a.at),
                    MSG.review.evidence.outcomes[a.outcome] ?? humanize(a.outcome),
                    a.distance_m !== null && a.outcome !== 'geofence_valid' && MSG.review.evidence.distance(a.distance_m),
                    a.accuracy_m !== null && MSG.review.evidence.accuracy(a.accuracy_m),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ request_id: r.id, decision: 'mark' })}>
          <Check aria-hidden />
          {MSG.review.markPresent}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ request_id: r.id, decision: 'decline' })}>
          <X aria-hidden />
          {MSG.review.decline}
        </Button>
      </div>
    </li>
  );
}

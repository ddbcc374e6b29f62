import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { formatDateTime } from '@/lib/format';
import { type FaceChangeStep, useFaceChangeHistory } from './face-change-queries';

const by = (who: FaceChangeStep['requested_by']) => (who ? ` · ${who.username}` : '');

/** Every face change of one student, newest first: who asked, who decided, when, and how far the photos were apart. */
export function FaceChangeHistory({ studentId }: { studentId: number }) {
  const history = useFaceChangeHistory(studentId);
  return (
    <section className="grid gap-2" data-testid="face-change-history">
      <h3 className="text-sm font-semibold">{MSG.faceChange.historyTitle}</h3>
      <QueryState
        query={history}
        failed={MSG.faceChange.historyFailed}
        isEmpty={(steps) => steps.length === 0}
        empty={<EmptyState>{MSG.faceChange.historyEmpty}</EmptyState>}
      >
        {(steps) => (
          <ol className="grid gap-2 text-sm">
            {steps.map((s) => (
              <li key={s.id} className="rounded-md border px-3 py-2">
                <p className="font-medium">{MSG.faceChange.status[s.status]}</p>
                <p className="text-muted-foreground">
                  {MSG.faceChange.requestedAt(formatDateTime(s.requested_at))}
                  {by(s.requested_by)}
                </p>
                {s.decided_at && s.status !== 'pending' && (
                  <p className="text-muted-foreground">
                    {MSG.faceChange.status[s.status]} {formatDateTime(s.decided_at)}
                    {by(s.decided_by)}
                  </p>
                )}
                {s.distance !== null && (
                  <p className="text-muted-foreground">
                    {s.verdict} ({MSG.faceChange.distance(s.distance.toFixed(2))})
                  </p>
                )}
                {s.note && <p className="italic">{s.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}

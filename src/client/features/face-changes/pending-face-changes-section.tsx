import { ScanFace } from 'lucide-react';
import { MSG } from '@shared/messages';
import { EmptyState, QueryState } from '@/components/app-state/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FaceChangeCard } from './face-change-card';
import { usePendingFaceChanges } from './face-change-queries';

/** The teacher dashboard's "Pending face changes", beside the pending students: a card per waiting change. */
export function PendingFaceChangesSection() {
  const changes = usePendingFaceChanges();
  return (
    <Card data-testid="pending-face-changes" id="approvals-face-changes" tabIndex={-1} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ScanFace className="size-5 text-primary" aria-hidden />
          <h2>{MSG.faceChange.pendingTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={changes}
          failed={MSG.faceChange.pendingFailed}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState boxed>{MSG.faceChange.pendingEmpty}</EmptyState>}
        >
          {(list) => (
            <ul className="grid gap-3">
              {list.map((c) => (
                <FaceChangeCard key={c.id} change={c} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

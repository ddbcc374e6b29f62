import { CheckCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import type { TMarkRemainingInput } from '@shared/schemas/attendance/class-tools';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { useGeofenceStatus } from '../teacher-queries';

type MarkTo = TMarkRemainingInput['status'];

/**
 * While a session runs: the students not yet marked, and one action for all of them (present or absent), asked
 * first. The count is the server's (the session status), not the page of the list on screen.
 */
export function MarkRestControl() {
  const status = useGeofenceStatus();
  const utils = trpc.useUtils();
  const mutation = trpc.teacher.markRemaining.useMutation({ onSettled: () => utils.teacher.invalidate() });
  const [asking, setAsking] = useState<MarkTo | null>(null);
  const session = status.data?.active ? status.data : null;
  if (!session) return null;
  const count = session.unmarked_count;

  async function markRest(to: MarkTo) {
    if (!session) return;
    setAsking(null);
    try {
      const res = await mutation.mutateAsync({ session_id: session.session_id, status: to });
      toast.success(res.message);
    } catch (err) {
      toast.error(refusalText(err, MSG.bulk.failed));
    }
  }

  return (
    <section aria-labelledby="mark-rest-title" className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2.5" data-testid="mark-rest">
      <h3 id="mark-rest-title" className="mr-auto text-sm font-medium">
        {MSG.bulk.button}: <span className="font-normal text-muted-foreground">{MSG.bulk.remaining(count)}</span>
      </h3>
      <Button size="sm" variant="outline" disabled={count === 0 || mutation.isPending} onClick={() => setAsking('present')}>
        <CheckCheck aria-hidden />
        {MSG.bulk.present(count)}
      </Button>
      <Button size="sm" variant="outline" disabled={count === 0 || mutation.isPending} onClick={() => setAsking('absent')}>
        <XCircle aria-hidden />
        {MSG.bulk.absent(count)}
      </Button>
      <Dialog open={asking !== null} onOpenChange={(o) => !o && setAsking(null)}>
        <DialogContent>
          {asking && (
            <>
              <DialogHeader>
                <DialogTitle>{MSG.bulk.title(asking)}</DialogTitle>
                <DialogDescription>{MSG.bulk.question(count, asking)}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={() => setAsking(null)}>
                  {MSG.bulk.cancel}
                </Button>
                <Button onClick={() => void markRest(asking)}>{MSG.bulk.confirm}</Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}

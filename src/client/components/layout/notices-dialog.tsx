import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * Issue 39: the bell's notices (newest first), read and marked read. Loaded on the bell's first opening, as a chunk of
 * its own: every dashboard carries the bell, and none needs the dialog's code (Radix's dialog) to paint.
 */
export function NoticesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // the bell's own query (the same key): read from its cache, kept fresh by the bell's polling
  const list = trpc.notices.list.useQuery();
  const utils = trpc.useUtils();
  const markRead = trpc.notices.markRead.useMutation({
    onSuccess: () => utils.notices.list.invalidate(),
    onError: (e) => toast.error(refusalText(e, MSG.notices.loadFailed)),
  });
  const unread = list.data?.unread ?? 0;
  const notices = list.data?.notices ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85svh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{MSG.notices.title}</DialogTitle>
          <DialogDescription>{list.isError ? MSG.notices.loadFailed : notices.length ? MSG.notices.bellLabel(unread) : MSG.notices.empty}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 overflow-y-auto pr-1" aria-label={MSG.notices.title}>
          {notices.map((n) => {
            const { title, body } = MSG.notices.text(n.notice, 'user');
            return (
              <li key={n.id} className={cn('grid gap-1 rounded-md border p-3 text-sm', !n.read && 'border-primary/40 bg-primary/5')}>
                <div className="flex items-start justify-between gap-2">
                  <p className={cn('font-medium', !n.read && 'font-semibold')}>
                    {!n.read && <span className="sr-only">{MSG.notices.unread}: </span>}
                    {title}
                  </p>
                  {!n.read && (
                    <Button variant="ghost" size="sm" disabled={markRead.isPending} onClick={() => markRead.mutate({ ids: [n.id] })}>
                      {MSG.notices.markRead}
                    </Button>
                  )}
                </div>
                <p className="text-muted-foreground">{body}</p>
                <p className="text-xs text-muted-foreground">{formatDateTime(n.created_at)}</p>
              </li>
            );
          })}
        </ul>
        {unread > 0 && (
          <DialogFooter>
            <Button disabled={markRead.isPending} onClick={() => markRead.mutate({ ids: 'all' })}>
              {MSG.notices.markAllRead}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

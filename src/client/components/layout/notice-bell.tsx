import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { trpc } from '@/lib/api/trpc';
import { lazyNamed, useOpenedOnce } from '@/lib/deferred-load';

/** A notice arrives without a page load within this: warnings and decisions are not a live session's seconds. */
const NOTICES_POLL_MS = 30_000;

const NoticesDialog = lazyNamed(() => import('./notices-dialog').then((m) => m.NoticesDialog));

/** Issue 39: the bell of every signed-in page and its unread count; the notices open in a dialog loaded on first use. */
export function NoticeBell() {
  const [open, setOpen] = useState(false);
  const wanted = useOpenedOnce(open);
  const list = trpc.notices.list.useQuery(undefined, { refetchInterval: NOTICES_POLL_MS });
  const unread = list.data?.unread ?? 0;
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className="relative"
        aria-label={MSG.notices.bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notice-bell"
        onClick={() => setOpen(true)}
      >
        <Bell aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <NoticesDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

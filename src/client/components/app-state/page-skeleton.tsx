import { FIRST_LOAD_MSG } from '@shared/messages/first-load';
import { Skeleton } from '@/components/ui/skeleton';

/** What a route shows while its code arrives (each page is its own chunk): the page's shape, not a blank screen. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto grid w-full max-w-4xl gap-4 px-4 py-10 sm:px-6">
      <span className="sr-only">{FIRST_LOAD_MSG.appShell.loadingPage}</span>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <div className="grid gap-4 pt-4 sm:grid-cols-2">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}

import { Loader2, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { isServerRefusal } from '@/lib/api/server-errors';
import { cn } from '@/lib/utils';

/** The part of a query's result (TanStack's or tRPC's useQuery) that the blocks below read. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A spinner and "Loading…", announced politely to a screen reader. */
export function LoadingLine({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {MSG.loader.label}
    </p>
  );
}

/** The shape of what is coming; a screen reader hears "Loading…" (a skeleton itself is hidden from it). */
export function LoadingSkeleton({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{MSG.loader.label}</span>
      {children}
    </div>
  );
}

/**
 * What the screen could not load, in its own words, then the server's reason when it answered one (a refusal, not a
 * dropped connection), and Try again beside the alert, outside it, so the alert is read without the button.
 */
export function LoadError({
  message,
  title,
  error,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const reason = isServerRefusal(error) && error.message ? error.message : null;
  return (
    <div className={cn('grid justify-items-start gap-2', className)}>
      <div role="alert" className="grid gap-1 text-sm">
        {title && <p className="text-base font-semibold">{title}</p>}
        <p className="text-destructive">{message}</p>
        {reason && <p className="text-muted-foreground">{reason}</p>}
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
          {MSG.loader.retry}
        </Button>
      )}
    </div>
  );
}

/** LoadError for a query: its error, and Try again runs it again (the app's queries do not retry by themselves). */
export function QueryError({ query, message, title, className }: { query: QueryLike<unknown>; message: string; title?: string; className?: string }) {
  return (
    <LoadError message={message} title={title} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} className={className} />
  );
}

/** Nothing to show yet: a muted line, or a dashed box where a list would stand (`boxed`), with an optional title. */
export function EmptyState({ title, boxed = false, className, children }: { title?: string; boxed?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid gap-1 text-sm', boxed && 'rounded-lg border border-dashed p-6 text-center', className)}>
      {title && <p className="text-base font-semibold">{title}</p>}
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}

/**
 * One query's states in the order a user meets them: the error (with Try again), loading (the spinner line, or
 * `loading` given: a skeleton, or false where another element already says it loads), the empty state when
 * `isEmpty` says so, else `children` with the data.
 */
export function QueryState<T>({
  query,
  failed,
  failedTitle,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  failed: string;
  failedTitle?: string;
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <QueryError query={query} message={failed} title={failedTitle} />;
  if (query.data === undefined) return loading === undefined ? <LoadingLine /> : loading;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

import { ChevronLeft, ChevronRight, MoreHorizontal } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { pageItems } from './page-items';

/** Previous / page numbers / Next; collapses above 5 pages (see pageItems). */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  className,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const total = Math.max(1, totalPages);
  return (
    <nav aria-label={MSG.pagination.label} className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        {MSG.pagination.previous}
      </Button>
      {pageItems(page, total).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'outline' : 'ghost'}
            size="icon"
            className="size-8"
            aria-label={MSG.pagination.page(item)}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="flex size-8 items-center justify-center text-muted-foreground">
            <MoreHorizontal className="size-4" aria-hidden />
            <span className="sr-only">{MSG.pagination.more}</span>
          </span>
        ),
      )}
      <Button variant="ghost" size="sm" disabled={page >= total} onClick={() => onPageChange(page + 1)}>
        {MSG.pagination.next}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}

import { TriangleAlert } from 'lucide-react';
import type { MarkFlag } from '@shared/attendance/mark-flags';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * A flagged mark (issue 19): the word and an icon, not a colour alone, and every reason as visible text, because a
 * phone has no hover to show a title. Nothing when the mark has no flag.
 */
export function MarkFlags({ flags, name, className }: { flags: readonly MarkFlag[]; name: string; className?: string }) {
  if (flags.length === 0) return null;
  return (
    <div className={cn('grid gap-1', className)} data-testid="mark-flags">
      <Badge variant="destructive" title={MSG.markFlags.hint}>
        <TriangleAlert aria-hidden />
        {MSG.markFlags.badge}
      </Badge>
      <ul aria-label={MSG.markFlags.reasons(name)} className="grid list-disc gap-0.5 pl-4 text-xs break-words whitespace-normal text-foreground">
        {flags.map((f, i) => (
          // Two flags may share a code (the same device as two others), so the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from each answer
          <li key={`${f.code}-${i}`}>{f.text}</li>
        ))}
      </ul>
    </div>
  );
}

import { Info, MapPinOff, XCircle } from 'lucide-react';
import { MSG } from '@shared/messages';
import { formatDateTime, formatDistance } from '@/lib/format';
import type { StepOutcome } from './use-mark-attendance';

/** The last Mark Attendance's answer, kept on the page under the banner until the next try. */
export function StepResultNote({ result }: { result: StepOutcome | null }) {
  if (!result || result.kind === 'validated') return null;
  const tone = result.kind === 'already' ? 'border-border bg-muted/60' : 'border-destructive/40 bg-destructive/5';
  return (
    <div role="status" data-testid="mark-result" className={`grid gap-1 rounded-lg border p-4 text-sm ${tone}`}>
      {result.kind === 'outside' && (
        <>
          <p className="flex items-center gap-2 font-semibold text-destructive">
            <MapPinOff className="size-4 shrink-0" aria-hidden />
            {result.distanceM === null ? MSG.studentScreens.outside : MSG.studentScreens.outsideBy(formatDistance(result.distanceM))}
          </p>
          <p className="text-muted-foreground">{MSG.studentScreens.outsideAccuracy(Math.round(result.accuracy))}</p>
        </>
      )}
      {result.kind === 'already' && (
        <p className="flex items-center gap-2 font-semibold">
          <Info className="size-4 shrink-0" aria-hidden />
          {MSG.student.alreadyMarked(formatDateTime(result.at))}
        </p>
      )}
      {result.kind === 'refused' && (
        <p className="flex items-center gap-2 font-semibold text-destructive">
          <XCircle className="size-4 shrink-0" aria-hidden />
          {result.text}
        </p>
      )}
    </div>
  );
}

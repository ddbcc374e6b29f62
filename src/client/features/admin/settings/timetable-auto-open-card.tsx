import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { QueryState } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

/** Issue 39: whether each timetable class opens its session by itself at its start; off by default. */
export function TimetableAutoOpenCard() {
  const view = trpc.settings.timetableAutoOpen.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.settings.setTimetableAutoOpen.useMutation({
    onSuccess: (saved) => {
      toast.success(MSG.timetable.autoOpenSaved(saved.enabled));
      utils.settings.timetableAutoOpen.setData(undefined, saved);
    },
    onError: (e) => toast.error(refusalText(e, MSG.notFromBrowserFlag.failed)),
  });
  return (
    <RegionCard
      id="timetable-auto-open-title"
      icon={CalendarClock}
      title={MSG.timetable.autoOpenTitle}
      description={MSG.timetable.autoOpenDescription}
      contentClassName="grid gap-3"
    >
      <QueryState query={view} failed={MSG.notFromBrowserFlag.loadFailed}>
        {(data) => (
          <>
            <div className="flex items-start gap-3">
              <Switch
                id="timetable-auto-open"
                checked={data.enabled}
                disabled={save.isPending}
                onCheckedChange={(enabled) => save.mutate({ enabled })}
                aria-describedby="timetable-auto-open-state"
              />
              <div className="grid gap-1">
                <Label htmlFor="timetable-auto-open">{MSG.timetable.autoOpenLabel}</Label>
                <p id="timetable-auto-open-state" className="text-xs text-muted-foreground">
                  {data.enabled ? MSG.timetable.autoOpenOn : MSG.timetable.autoOpenOff}
                </p>
              </div>
            </div>
            {data.updated_at && (
              <p className="text-xs text-muted-foreground">{MSG.notFromBrowserFlag.updated(formatDateTime(data.updated_at), data.updated_by)}</p>
            )}
          </>
        )}
      </QueryState>
    </RegionCard>
  );
}

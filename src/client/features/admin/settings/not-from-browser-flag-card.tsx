import { MonitorSmartphone } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { QueryState } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

/** Issue 35: whether a mark without the server's device cookie (a REST client, a script) is flagged; on by default. */
export function NotFromBrowserFlagCard() {
  const view = trpc.settings.notFromBrowserFlag.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.settings.setNotFromBrowserFlag.useMutation({
    onSuccess: (saved) => {
      toast.success(MSG.notFromBrowserFlag.saved(saved.enabled));
      utils.settings.notFromBrowserFlag.setData(undefined, saved);
    },
    onError: (e) => toast.error(refusalText(e, MSG.notFromBrowserFlag.failed)),
  });
  return (
    <RegionCard
      id="not-from-browser-title"
      icon={MonitorSmartphone}
      title={MSG.notFromBrowserFlag.title}
      description={MSG.notFromBrowserFlag.description}
      contentClassName="grid gap-3"
    >
      <QueryState query={view} failed={MSG.notFromBrowserFlag.loadFailed}>
        {(data) => (
          <>
            <div className="flex items-start gap-3">
              <Switch
                id="not-from-browser-flag"
                checked={data.enabled}
                disabled={save.isPending}
                onCheckedChange={(enabled) => save.mutate({ enabled })}
                aria-describedby="not-from-browser-state"
              />
              <div className="grid gap-1">
                <Label htmlFor="not-from-browser-flag">{MSG.notFromBrowserFlag.label}</Label>
                <p id="not-from-browser-state" className="text-xs text-muted-foreground">
                  {data.enabled ? MSG.notFromBrowserFlag.on : MSG.notFromBrowserFlag.off}
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

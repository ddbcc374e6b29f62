import { MonitorSmartphone } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '../../../../shared/messages';
import { QueryState } from '@/components/app-state/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';
import { formatDateTime } from '@/lib/format';

const M = MSG.notFromBrowserFlag;

/** Issue 35: whether a mark without the server's device cookie (a REST client, a script) is flagged; on by default. */
export function NotFromBrowserFlagCard() {
  const view = trpc.settings.notFromBrowserFlag.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.settings.setNotFromBrowserFlag.useMutation({
    onSuccess: (saved) => {
      toast.success(M.saved(saved.enabled));
      utils.settings.notFromBrowserFlag.setData(undefined, saved);
    },
    onError: (e) => toast.error(refusalText(e, M.failed)),
  });
  return (
    <Card role="region" aria-labelledby="not-from-browser-title">
      <CardHeader>
        <CardTitle id="not-from-browser-title" className="flex items-center gap-2">
          <MonitorSmartphone className="size-5" aria-hidden />
          {M.title}
        </CardTitle>
        <CardDescription>{M.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryState query={view} failed={M.loadFailed}>
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
                  <Label htmlFor="not-from-browser-flag">{M.label}</Label>
                  <p id="not-from-browser-state" className="text-xs text-muted-foreground">
                    {data.enabled ? M.on : M.off}
                  </p>
                </div>
              </div>
              {data.updated_at && <p className="text-xs text-muted-foreground">{M.updated(formatDateTime(data.updated_at), data.updated_by)}</p>}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

import type { LucideIcon } from 'lucide-react';
import { MSG } from '@shared/messages';
import { QueryState, type QueryLike } from '@/components/app-state/query-state';
import { RegionCard } from '@/components/region-card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatDateTime } from '@/lib/format';
import { refusalText } from '@/lib/api/server-errors';
import { toast } from 'sonner';

export interface SwitchSettingView {
  enabled: boolean;
  updated_at: string | null;
  updated_by: string | null;
}

/** A stored setting that is on or off (the 'not from a browser' flag, the timetable's opening by itself): its switch, its state in words, who changed it last. */
export function SettingSwitchCard({
  id,
  titleId,
  icon,
  texts,
  view,
  save,
}: {
  /** the switch's id */
  id: string;
  /** the title's id, which names the card's region */
  titleId: string;
  icon: LucideIcon;
  texts: {
    title: string;
    description: string;
    label: string;
    on: string;
    off: string;
    loadFailed: string;
    failed: string;
    saved: (enabled: boolean) => string;
  };
  view: QueryLike<SwitchSettingView>;
  /** the setting's tRPC mutation */
  save: {
    isPending: boolean;
    mutate: (input: { enabled: boolean }, opts: { onSuccess: (saved: SwitchSettingView) => void; onError: (err: unknown) => void }) => void;
  };
}) {
  const change = (enabled: boolean) =>
    save.mutate({ enabled }, { onSuccess: (saved) => toast.success(texts.saved(saved.enabled)), onError: (e) => toast.error(refusalText(e, texts.failed)) });
  return (
    <RegionCard id={titleId} icon={icon} title={texts.title} description={texts.description} contentClassName="grid gap-3">
      <QueryState query={view} failed={texts.loadFailed}>
        {(data) => (
          <>
            <div className="flex items-start gap-3">
              <Switch id={id} checked={data.enabled} disabled={save.isPending} onCheckedChange={change} aria-describedby={`${id}-state`} />
              <div className="grid gap-1">
                <Label htmlFor={id}>{texts.label}</Label>
                <p id={`${id}-state`} className="text-xs text-muted-foreground">
                  {data.enabled ? texts.on : texts.off}
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

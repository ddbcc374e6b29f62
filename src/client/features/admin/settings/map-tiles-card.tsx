import { Map as MapIcon, MapPinOff, RotateCcw, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { ZTileUrl } from '@shared/schemas/attendance/class-tools';
import { LoadingLine, QueryError } from '@/components/app-state/query-state';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/region-card';
import { LabeledField } from '@/components/ui/labeled-field';
import { Input } from '@/components/ui/input';
import { refusalText } from '@/lib/api/server-errors';
import { trpc } from '@/lib/api/trpc';

/** Issue 22: the tile server teachers' session maps are drawn from (OpenStreetMap's by default), or none. */
export function MapTilesCard() {
  const view = trpc.settings.mapTiles.useQuery();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(view.data?.url_template ?? ''), [view.data?.url_template]);
  const save = trpc.settings.setMapTiles.useMutation({
    onSuccess: (saved) => {
      toast.success(saved.url_template ? MSG.mapTiles.saved : MSG.mapTiles.cleared);
      utils.settings.mapTiles.setData(undefined, saved);
      setError(undefined);
    },
    onError: (e) => toast.error(refusalText(e, MSG.mapTiles.failed)),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ZTileUrl.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.mapTiles.invalid);
    save.mutate({ url_template: parsed.data });
  }

  return (
    <RegionCard id="map-tiles-title" icon={MapIcon} title={MSG.mapTiles.title} description={MSG.mapTiles.description} contentClassName="grid gap-4">
      {view.isError ? (
        <QueryError query={view} message={MSG.mapTiles.loadFailed} />
      ) : view.isPending ? (
        <LoadingLine />
      ) : (
        <form noValidate className="grid gap-3" onSubmit={submit}>
          <p className="text-sm break-all" data-testid="map-tiles-current">
            {MSG.mapTiles.current(view.data?.url_template ?? null)}
            {view.data?.updated_at && (
              <span className="text-muted-foreground">
                {' '}
                · {formatDateTime(view.data.updated_at)}
                {view.data.updated_by ? `, ${view.data.updated_by}` : ''}
              </span>
            )}
          </p>
          <LabeledField id="map-tiles-url" label={MSG.mapTiles.label} error={error} hint={<p className="text-xs text-muted-foreground">{MSG.mapTiles.hint}</p>}>
            <Input
              id="map-tiles-url"
              className="font-mono"
              value={text}
              placeholder={MSG.mapTiles.placeholder}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'map-tiles-url-error' : undefined}
            />
          </LabeledField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden />
              {MSG.mapTiles.save}
            </Button>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ url_template: view.data?.default_url ?? null })}>
              <RotateCcw aria-hidden />
              {MSG.mapTiles.useDefault}
            </Button>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ url_template: null })}>
              <MapPinOff aria-hidden />
              {MSG.mapTiles.clear}
            </Button>
          </div>
        </form>
      )}
    </RegionCard>
  );
}

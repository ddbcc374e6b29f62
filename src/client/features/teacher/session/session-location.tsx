import { Suspense, useEffect, useState } from 'react';
import { trpc } from '@/lib/api/trpc';
import { lazyNamed } from '@/lib/deferred-load';

const SessionMap = lazyNamed(() => import('./session-map').then((m) => m.SessionMap));

/** Offline (a classroom's Wi-Fi down) there are no tiles to draw: the coordinates say it all. */
function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The running session's circle on a map from the administrator's tile server; nothing when they turned the map off,
 * when offline, or once a tile fails to load (the status card shows the coordinates in every case).
 */
export function SessionLocationMap({ center, radius }: { center: { latitude: number; longitude: number }; radius: number }) {
  const tiles = trpc.teacher.mapTiles.useQuery(undefined, { staleTime: 5 * 60_000 });
  const online = useOnline();
  const [failed, setFailed] = useState<string | null>(null);
  const url = tiles.data?.url_template ?? null;
  if (!url || !online || failed === url) return null;
  return (
    <Suspense fallback={null}>
      <SessionMap center={center} radius={radius} urlTemplate={url} onTilesFailed={() => setFailed(url)} />
    </Suspense>
  );
}

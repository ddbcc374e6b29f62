import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, TileLayer } from 'react-leaflet';
import { MSG } from '@shared/messages';

/** OpenStreetMap's tiles ask for this credit on the map; another server's terms are the administrator's to follow. */
const OSM_CREDIT = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Leaflet's map of the session: the teacher's position and the circle students must be inside. Loaded on demand. */
export function SessionMap({
  center,
  radius,
  urlTemplate,
  onTilesFailed,
}: {
  center: { latitude: number; longitude: number };
  radius: number;
  urlTemplate: string;
  onTilesFailed: () => void;
}) {
  const position: [number, number] = [center.latitude, center.longitude];
  return (
    <figure className="m-0 grid gap-1" data-testid="session-map" aria-label={MSG.sessionMap.label(radius)}>
      <MapContainer
        center={position}
        zoom={radius > 200 ? 15 : 17}
        scrollWheelZoom={false}
        className="h-48 w-full rounded-lg border"
        // The map is a picture of the circle: keyboard users get the same facts from the coordinates beside it.
        keyboard={false}
      >
        <TileLayer
          url={urlTemplate}
          attribution={urlTemplate.includes('openstreetmap.org') ? OSM_CREDIT : undefined}
          eventHandlers={{ tileerror: onTilesFailed }}
        />
        <Circle center={position} radius={radius} pathOptions={{ color: '#2563eb', fillOpacity: 0.15 }} />
      </MapContainer>
    </figure>
  );
}

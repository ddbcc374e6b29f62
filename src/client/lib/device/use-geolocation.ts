import { useCallback, useEffect, useState } from 'react';

export interface Coords {
  latitude: number;
  longitude: number;
  /** The browser's coords.accuracy in metres: the server refuses a position without it, or too imprecise. */
  accuracy: number;
}

export type GeolocationFailure = 'unsupported' | 'denied' | 'unavailable';

export class GeolocationError extends Error {
  constructor(readonly kind: GeolocationFailure) {
    super(`Geolocation ${kind}`);
    this.name = 'GeolocationError';
  }
}

export const geolocationSupported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** One fresh position from navigator.geolocation; rejects with a GeolocationError saying why not. */
export function getCurrentCoords(timeoutMs = 15_000): Promise<Coords> {
  if (!geolocationSupported()) return Promise.reject(new GeolocationError('unsupported'));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude, accuracy: pos.coords.accuracy }),
      (err) => reject(new GeolocationError(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}

export const geolocationFailure = (err: unknown): GeolocationFailure => (err instanceof GeolocationError ? err.kind : 'unavailable');

export interface GeolocationState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  coords: Coords | null;
  error: GeolocationFailure | null;
}

/** The browser's position as state; `locate()` asks again and resolves to the coordinates or null. */
export function useGeolocation({ auto = true }: { auto?: boolean } = {}) {
  const [state, setState] = useState<GeolocationState>({ status: auto ? 'loading' : 'idle', coords: null, error: null });

  const locate = useCallback(async (): Promise<Coords | null> => {
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const coords = await getCurrentCoords();
      setState({ status: 'ready', coords, error: null });
      return coords;
    } catch (err) {
      setState((s) => ({ status: 'error', coords: s.coords, error: geolocationFailure(err) }));
      return null;
    }
  }, []);

  useEffect(() => {
    if (auto) void locate();
  }, [auto, locate]);

  return { ...state, locate };
}

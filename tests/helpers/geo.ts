import { EARTH_RADIUS_M } from '@server/lib/geo';

/** The point `meters` north of (lat, lon): what tests use to stand a student at a known distance. */
export function pointNorthOf(lat: number, lon: number, meters: number): { latitude: number; longitude: number } {
  return { latitude: lat + (meters / EARTH_RADIUS_M) * (180 / Math.PI), longitude: lon };
}

/** The mean Earth radius (IUGG), in meters. */
export const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in meters between two WGS-84 points (haversine on the mean Earth radius). */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The distance a student outside the circle is told (issue 22): the nearest 10 m under 1 km, then the nearest 100 m.
 * Coarse on purpose: the answer helps a student in the corridor, not someone mapping the room from afar.
 */
export function coarseDistanceMeters(meters: number): number {
  const step = meters < 1000 ? 10 : 100;
  return Math.round(meters / step) * step;
}

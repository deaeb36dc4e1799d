import type { LonLat } from './analysis-parameters.ts';

/** Mean earth radius (IUGG), metres: the sphere of the haversine distance. */
export const MEAN_EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle ground distance between two [lon, lat] positions, metres (haversine on the mean sphere). */
export function groundDistanceM(a: LonLat, b: LonLat): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * MEAN_EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

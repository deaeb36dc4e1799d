import type { LonLat } from './analysis-parameters.ts';
import { MEAN_EARTH_RADIUS_M } from './ground-distance-m.ts';

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const CIRCLE_VERTICES = 64;

/** A closed ring of `radius` ground metres around `centre` (destination points on the mean sphere). */
export function circleRing([lon, lat]: LonLat, radius: number): LonLat[] {
  const rad = Math.PI / 180,
    delta = radius / MEAN_EARTH_RADIUS_M,
    phi1 = lat * rad;
  const ring: LonLat[] = [];
  for (let i = 0; i < CIRCLE_VERTICES; i++) {
    const bearing = (2 * Math.PI * i) / CIRCLE_VERTICES;
    const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(bearing));
    const lambda2 =
      lon * rad +
      Math.atan2(
        Math.sin(bearing) * Math.sin(delta) * Math.cos(phi1),
        Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
      );
    ring.push([round(lambda2 / rad, 7), round(phi2 / rad, 7)]);
  }
  ring.push(ring[0]!);
  return ring;
}

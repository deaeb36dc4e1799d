import { bearing, destination, distance, point } from '@turf/turf';
import type { LineStringGeometry, LonLat } from './coa-types.ts';

/** Vertices either side of the nearest one that set the axis' direction (cell centrelines zigzag). */
const SPAN = 3;
const round7 = (v: number) => Number(v.toFixed(7));

/**
 * A phase line across an axis at a point: perpendicular to the axis' direction there (taken over
 * SPAN vertices either side of the nearest vertex), `widthM` long, centred on the point.
 */
export function phaseLineAcross(axis: readonly LonLat[], at: LonLat, widthM: number): LineStringGeometry {
  if (axis.length < 2) throw new RangeError('an axis needs two positions');
  if (!(widthM > 0)) throw new RangeError('a phase line needs a positive width');
  let nearest = 0;
  let best = Infinity;
  axis.forEach((p, i) => {
    const d = distance(point(p), point(at), { units: 'meters' });
    if (d < best) {
      best = d;
      nearest = i;
    }
  });
  const from = axis[Math.max(0, nearest - SPAN)]!;
  const to = axis[Math.min(axis.length - 1, nearest + SPAN)]!;
  const heading = bearing(point(from), point(to));
  const end = (side: number) => {
    const c = destination(point(at), widthM / 2, heading + side, { units: 'meters' }).geometry.coordinates;
    return [round7(c[0]!), round7(c[1]!)] as LonLat;
  };
  return { type: 'LineString', coordinates: [end(-90), end(90)] };
}

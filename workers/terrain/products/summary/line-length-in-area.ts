// Geodesic length, metres, of the part of a polyline inside an area: every segment is cut where it
// crosses an area edge (straight lines in lon/lat, as GeoJSON means them), and the pieces whose
// midpoints are inside count.
import type { Position } from 'geojson';
import { geodesicDistanceMeters } from '../road-graph/geodesic-distance-meters.ts';
import { pointInRings } from './point-in-rings.ts';

function crossingParameters(a: Position, b: Position, rings: readonly Position[][]): number[] {
  const ts = [0, 1];
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [cx, cy] = ring[i];
      const ex = ring[i + 1][0] - cx,
        ey = ring[i + 1][1] - cy;
      const denominator = dx * ey - dy * ex;
      if (denominator === 0) continue; // parallel: a shared stretch is decided by the midpoint test
      const t = ((cx - a[0]) * ey - (cy - a[1]) * ex) / denominator;
      const u = ((cx - a[0]) * dy - (cy - a[1]) * dx) / denominator;
      if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t);
    }
  }
  return ts.sort((x, y) => x - y);
}

export function lineLengthInArea(line: readonly Position[], rings: readonly Position[][]): number {
  let length = 0;
  for (let s = 1; s < line.length; s++) {
    const a = line[s - 1],
      b = line[s];
    const ts = crossingParameters(a, b, rings);
    for (let k = 1; k < ts.length; k++) {
      const t0 = ts[k - 1],
        t1 = ts[k];
      if (t1 <= t0) continue;
      const mid = (t0 + t1) / 2;
      if (!pointInRings(a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid, rings)) continue;
      length += geodesicDistanceMeters(
        a[0] + (b[0] - a[0]) * t0,
        a[1] + (b[1] - a[1]) * t0,
        a[0] + (b[0] - a[0]) * t1,
        a[1] + (b[1] - a[1]) * t1,
      );
    }
  }
  return length;
}

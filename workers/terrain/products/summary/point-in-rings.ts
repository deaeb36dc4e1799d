// Even-odd point-in-polygon over any set of rings (outer rings and holes alike), in lon/lat.
import type { Position } from 'geojson';

export function pointInRings(lon: number, lat: number, rings: readonly Position[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lon < xi + ((lat - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
    }
  }
  return inside;
}

import { mercatorToLonLat } from './mercator-to-lon-lat.ts';
import { tileBoundsMercator } from './tile-bounds-mercator.ts';
import type { LonLatBounds, TileAddress } from './types.ts';

/** Bounds of an XYZ tile in degrees: [west, south, east, north]. */
export function tileBounds(tile: TileAddress): LonLatBounds {
  const [minX, minY, maxX, maxY] = tileBoundsMercator(tile);
  const [west, south] = mercatorToLonLat(minX, minY);
  const [east, north] = mercatorToLonLat(maxX, maxY);
  return [west, south, east, north];
}

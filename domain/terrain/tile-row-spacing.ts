import { pixelGroundSizeMeters } from './pixel-ground-size-meters.ts';
import type { RowSpacing } from './slope-degrees.ts';
import type { TileAddress } from './types.ts';

/**
 * Ground spacing per pixel row of a Web Mercator tile, metres, for slopeDegrees: both axes equal
 * the true ground size of the row (mercator pixel x cos φ of the row centre), since the projection
 * is conformal.
 */
export function tileRowSpacing(tile: TileAddress, size: number): RowSpacing {
  const rows = Float64Array.from({ length: size }, (_, row) => pixelGroundSizeMeters(tile, row, size));
  return { x: rows, y: rows };
}

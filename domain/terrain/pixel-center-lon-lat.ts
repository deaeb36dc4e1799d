import { mercatorToLonLat } from './mercator-to-lon-lat.ts';
import { tileBoundsMercator } from './tile-bounds-mercator.ts';
import type { TileAddress } from './types.ts';
import { TILE_SIZE } from './work-grid.ts';

/**
 * [longitude, latitude] of the centre of pixel (col, row) of a `size`-pixel tile; row 0 is the
 * north edge. Pixels are squares of Web Mercator, so the centre is the mercator midpoint.
 */
export function pixelCenterLonLat(
  tile: TileAddress,
  col: number,
  row: number,
  size: number = TILE_SIZE,
): [number, number] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`tile size must be a positive integer, got ${size}`);
  if (col < 0 || col >= size || row < 0 || row >= size) {
    throw new RangeError(`pixel (${col}, ${row}) is outside a ${size}-pixel tile`);
  }
  const [minX, , maxX, maxY] = tileBoundsMercator(tile);
  const pixel = (maxX - minX) / size;
  return mercatorToLonLat(minX + (col + 0.5) * pixel, maxY - (row + 0.5) * pixel);
}

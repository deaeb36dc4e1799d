import { assertTileAddress } from './assert-tile-address.ts';
import type { MercatorBounds, TileAddress } from './types.ts';
import { MERCATOR_HALF_WORLD_M } from './work-grid.ts';

/** Bounds of an XYZ tile in Web Mercator metres (EPSG:3857): [minX, minY, maxX, maxY]. */
export function tileBoundsMercator(tile: TileAddress): MercatorBounds {
  assertTileAddress(tile);
  const span = (2 * MERCATOR_HALF_WORLD_M) / 2 ** tile.z;
  const minX = -MERCATOR_HALF_WORLD_M + tile.x * span;
  const maxY = MERCATOR_HALF_WORLD_M - tile.y * span;
  return [minX, maxY - span, minX + span, maxY];
}

import { assertTileAddress } from './assert-tile-address.ts';
import type { TileAddress } from './types.ts';

/** The zoom z-1 tile that contains `tile`; a zoom-0 tile has no parent (RangeError). */
export function parentTile(tile: TileAddress): TileAddress {
  assertTileAddress(tile);
  if (tile.z === 0) throw new RangeError('tile 0/0/0 has no parent');
  return { z: tile.z - 1, x: Math.floor(tile.x / 2), y: Math.floor(tile.y / 2) };
}

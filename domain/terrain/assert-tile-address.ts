import type { TileAddress } from './types.ts';

/** Highest zoom accepted: 2^30 tiles per axis keeps x and y exact 32-bit integers. */
export const MAX_TILE_ZOOM = 30;

/**
 * Throws a RangeError unless `tile` is a real XYZ address: integer zoom 0..30 and integer x, y in
 * 0..2^z-1. Grid functions call it so that a bad address fails loudly instead of producing
 * coordinates outside the world.
 */
export function assertTileAddress(tile: TileAddress): void {
  const { z, x, y } = tile;
  if (!Number.isInteger(z) || z < 0 || z > MAX_TILE_ZOOM) {
    throw new RangeError(`tile zoom must be an integer from 0 to ${MAX_TILE_ZOOM}, got ${z}`);
  }
  const n = 2 ** z;
  if (!Number.isInteger(x) || x < 0 || x >= n || !Number.isInteger(y) || y < 0 || y >= n) {
    throw new RangeError(`tile ${z}/${x}/${y} is outside the zoom-${z} grid (x and y from 0 to ${n - 1})`);
  }
}

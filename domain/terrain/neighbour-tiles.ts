import { assertTileAddress } from './assert-tile-address.ts';
import type { TileAddress } from './types.ts';

/** The eight neighbours of a tile; null beyond the north or south edge of the mercator square. */
export interface TileNeighbours<T> {
  nw: T;
  n: T;
  ne: T;
  w: T;
  e: T;
  sw: T;
  s: T;
  se: T;
}

/**
 * Addresses of the eight tiles around `tile`. Columns wrap around the antimeridian (x = -1 is the
 * last column) because the world is continuous there; rows do not wrap (null past the poles).
 */
export function neighbourTiles(tile: TileAddress): TileNeighbours<TileAddress | null> {
  assertTileAddress(tile);
  const n = 2 ** tile.z;
  const at = (dx: number, dy: number): TileAddress | null => {
    const y = tile.y + dy;
    if (y < 0 || y >= n) return null;
    return { z: tile.z, x: (((tile.x + dx) % n) + n) % n, y };
  };
  return {
    nw: at(-1, -1),
    n: at(0, -1),
    ne: at(1, -1),
    w: at(-1, 0),
    e: at(1, 0),
    sw: at(-1, 1),
    s: at(0, 1),
    se: at(1, 1),
  };
}

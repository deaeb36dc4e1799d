import { assertTileAddress } from './assert-tile-address.ts';
import type { TileAddress } from './types.ts';
import { DISPLAY_MIN_ZOOM } from './work-grid.ts';

export interface PyramidLevel {
  zoom: number;
  /** Tiles of this zoom with at least one child in the level below, sorted by y then x. */
  tiles: TileAddress[];
}

/**
 * The display tiles to build above a set of work tiles (all of one zoom), from the work zoom - 1
 * down to `minZoom`, in build order: each level lists the parents of the level below, so a parent
 * is built only after its children exist.
 */
export function displayPyramidTiles(
  workTiles: readonly TileAddress[],
  minZoom: number = DISPLAY_MIN_ZOOM,
): PyramidLevel[] {
  if (workTiles.length === 0) return [];
  const zoom = workTiles[0].z;
  for (const t of workTiles) {
    assertTileAddress(t);
    if (t.z !== zoom) throw new RangeError(`work tiles mix zooms ${zoom} and ${t.z}`);
  }
  if (!Number.isInteger(minZoom) || minZoom < 0 || minZoom > zoom) {
    throw new RangeError(`minimum display zoom must be an integer from 0 to ${zoom}, got ${minZoom}`);
  }
  const levels: PyramidLevel[] = [];
  let below: readonly TileAddress[] = workTiles;
  for (let z = zoom - 1; z >= minZoom; z--) {
    const seen = new Map<string, TileAddress>();
    for (const t of below) {
      const parent = { z, x: t.x >> 1, y: t.y >> 1 };
      seen.set(`${parent.y}/${parent.x}`, parent);
    }
    const tiles = [...seen.values()].sort((a, b) => a.y - b.y || a.x - b.x);
    levels.push({ zoom: z, tiles });
    below = tiles;
  }
  return levels;
}

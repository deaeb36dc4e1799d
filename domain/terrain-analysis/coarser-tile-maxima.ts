import type { TileMaxima } from './tile-maxima.ts';

/**
 * Maxima of tiles 2^`shift` times larger than those of `tiles`, from their maxima: a coarser bound
 * of the same raster at the cost of one pass over the finer tiles, not over the raster.
 */
export function coarserTileMaxima(tiles: TileMaxima, shift: number): TileMaxima {
  if (!Number.isInteger(shift) || shift < 1) throw new RangeError(`shift must be a positive integer, got ${shift}`);
  const tilesWide = ((tiles.tilesWide - 1) >> shift) + 1;
  const tilesHigh = ((tiles.tilesHigh - 1) >> shift) + 1;
  const max = new Float64Array(tilesWide * tilesHigh).fill(-Infinity);
  for (let row = 0; row < tiles.tilesHigh; row++) {
    const tileRow = (row >> shift) * tilesWide;
    for (let col = 0; col < tiles.tilesWide; col++) {
      const v = tiles.max[row * tiles.tilesWide + col];
      const t = tileRow + (col >> shift);
      if (v > max[t]) max[t] = v;
    }
  }
  return { shift: tiles.shift + shift, tilesWide, tilesHigh, max };
}

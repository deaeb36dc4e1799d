/** Maximum of each square tile of a raster, ignoring NaN (−Infinity for an all-nodata tile). */
export interface TileMaxima {
  /** log2 of the tile size in cells. */
  shift: number;
  tilesWide: number;
  tilesHigh: number;
  max: Float64Array;
}

/**
 * Maxima of the `2^shift`-cell square tiles of a width × height raster, row-major; a coarse upper
 * bound of the terrain used to skip stretches of a sight line that cannot block it.
 */
export function tileMaxima(data: ArrayLike<number>, width: number, height: number, shift: number): TileMaxima {
  const tilesWide = ((width - 1) >> shift) + 1;
  const tilesHigh = ((height - 1) >> shift) + 1;
  const max = new Float64Array(tilesWide * tilesHigh).fill(-Infinity);
  for (let row = 0; row < height; row++) {
    const tileRow = (row >> shift) * tilesWide;
    for (let col = 0; col < width; col++) {
      const v = data[row * width + col];
      const t = tileRow + (col >> shift);
      if (v > max[t]) max[t] = v;
    }
  }
  return { shift, tilesWide, tilesHigh, max };
}

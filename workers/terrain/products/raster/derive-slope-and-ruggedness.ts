import type { TileNeighbours } from '../../../../domain/terrain/neighbour-tiles.ts';
import { padTileWithNeighbours } from '../../../../domain/terrain/pad-tile-with-neighbours.ts';
import { slopeDegrees } from '../../../../domain/terrain/slope-degrees.ts';
import { terrainRuggednessIndex } from '../../../../domain/terrain/terrain-ruggedness-index.ts';
import { tileRowSpacing } from '../../../../domain/terrain/tile-row-spacing.ts';
import type { TileRaster } from '../../../../domain/terrain/types.ts';
import type { RasterPool } from '../../pool/create-raster-pool.ts';

export interface SlopeAndRuggedness {
  /** Slope, degrees (Horn, true ground distances), NaN = nodata. */
  slope: TileRaster;
  /** Terrain Ruggedness Index (Riley), metres, NaN = nodata. */
  ruggedness: TileRaster;
}

/**
 * Slope and ruggedness of one elevation work tile, its border pixels computed from the edge pixels
 * of its eight neighbour tiles (null where a neighbour is absent: those border pixels are nodata),
 * so the tiles of an area join without seams. Runs on the raster pool when one is given.
 */
export async function deriveSlopeAndRuggedness(
  elevation: TileRaster,
  neighbours: Partial<TileNeighbours<TileRaster | null>>,
  pool: RasterPool | null,
  signal?: AbortSignal,
): Promise<SlopeAndRuggedness> {
  const values = (raster: TileRaster | null | undefined): Float32Array | null => {
    if (!raster) return null;
    if (!(raster.data instanceof Float32Array)) throw new TypeError('elevation tiles hold Float32 metres');
    if (raster.size !== elevation.size)
      throw new RangeError(`neighbour tile size ${raster.size} differs from ${elevation.size}`);
    return raster.data;
  };
  const grid = padTileWithNeighbours(values(elevation)!, elevation.size, {
    nw: values(neighbours.nw),
    n: values(neighbours.n),
    ne: values(neighbours.ne),
    w: values(neighbours.w),
    e: values(neighbours.e),
    sw: values(neighbours.sw),
    s: values(neighbours.s),
    se: values(neighbours.se),
  });
  const spacing = tileRowSpacing(elevation.tile, elevation.size);
  const result = pool
    ? await pool.slopeAndRuggedness(grid, spacing, signal)
    : { slope: slopeDegrees(grid, spacing), ruggedness: terrainRuggednessIndex(grid) };
  const { tile, size } = elevation;
  return {
    slope: { tile, size, data: result.slope, nodata: NaN },
    ruggedness: { tile, size, data: result.ruggedness, nodata: NaN },
  };
}

import { assertCellInside } from './assert-cell-inside.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import type { TerrainProfile } from './itm/itm-types.ts';
import type { GridCell, GroundRaster } from './types.ts';

/**
 * The terrain profile of `dem` from the centre of `from` to the centre of `to` (ITM's input, first
 * point at `from`): the straight line is cut into the fewest equal intervals no longer than
 * min(cellWidth, cellHeight) ground metres, and the elevation at each point is the bilinear
 * interpolation of the four surrounding cell centres. Null when the line touches nodata. Throws a
 * RangeError when a cell is outside the DEM or both cells are the same.
 */
export function extractTerrainProfile(dem: GroundRaster, from: GridCell, to: GridCell): TerrainProfile | null {
  assertGroundRaster(dem);
  assertCellInside(dem, from, 'profile start');
  assertCellInside(dem, to, 'profile end');
  const { width, height, data, cellWidth, cellHeight } = dem;
  const dCol = to.col - from.col,
    dRow = to.row - from.row;
  const distance = Math.hypot(dCol * cellWidth, dRow * cellHeight);
  if (distance === 0) throw new RangeError('profile start and end are the same cell');
  const intervals = Math.ceil(distance / Math.min(cellWidth, cellHeight));
  const elevations = new Float64Array(intervals + 1);
  for (let k = 0; k <= intervals; k++) {
    const t = k / intervals;
    const z = bilinearBetweenCentres(data, width, height, from.col + dCol * t, from.row + dRow * t);
    if (z !== z) return null;
    elevations[k] = z;
  }
  return { elevations, spacing: distance / intervals };
}

/**
 * Elevation at fractional (col, row) in cell-centre coordinates (integers are centres), bilinear
 * between the surrounding centres; NaN outside the DEM's centres or when one of them is nodata.
 * Shared with the coverage raster so both sample the terrain alike.
 */
export function bilinearBetweenCentres(
  data: ArrayLike<number>,
  width: number,
  height: number,
  col: number,
  row: number,
): number {
  if (!(col >= 0 && row >= 0 && col <= width - 1 && row <= height - 1)) return NaN;
  const c = Math.min(Math.floor(col), Math.max(width - 2, 0));
  const r = Math.min(Math.floor(row), Math.max(height - 2, 0));
  const fc = col - c,
    fr = row - r;
  const i = r * width + c;
  const right = fc === 0 ? 0 : 1,
    down = fr === 0 ? 0 : width;
  const top = data[i] + fc * (data[i + right] - data[i]);
  const bottom = data[i + down] + fc * (data[i + down + right] - data[i + down]);
  return top + fr * (bottom - top);
}

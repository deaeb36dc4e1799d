import { assertCellInside } from './assert-cell-inside.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import { assertSightOptions } from './assert-sight-options.ts';
import { EARTH_RADIUS_M, STANDARD_REFRACTION_K } from './earth-curvature-drop.ts';
import type { GridCell, GroundRaster, SightOptions } from './types.ts';

/**
 * Exact line of sight from the centre of `observer` to the centre of `target` over `dem` (ground
 * metres, NaN = nodata), the brute-force reference for viewshed.
 *
 * Model (Franklin and Ray's "R3"): the straight ray from the observer's eye (DEM + observerHeight)
 * to the target point (DEM + targetHeight) is sampled at every row (or column) of cell centres it
 * crosses along its major axis — where |Δcol| ≥ |Δrow|, at each intermediate column, between the
 * two cell centres of that column the ray passes, by linear interpolation. Every elevation, the
 * target's included, is lowered by the curvature drop d²/(2kR) at its ground distance d from the
 * observer. The target is visible unless some sample's elevation angle, (z − drop − eye) / d, is
 * greater than the target's. Nodata samples do not block; a nodata target is not visible.
 */
export function lineOfSight(dem: GroundRaster, observer: GridCell, target: GridCell, options: SightOptions): boolean {
  assertGroundRaster(dem);
  assertSightOptions(options);
  assertCellInside(dem, observer, 'observer cell');
  assertCellInside(dem, target, 'target cell');
  const { width, data, cellWidth, cellHeight } = dem;
  const { observerHeight, targetHeight = 0 } = options;
  const { refraction = STANDARD_REFRACTION_K, earthRadius = EARTH_RADIUS_M } = options;
  const eye = data[observer.row * width + observer.col] + observerHeight;
  const ground = data[target.row * width + target.col];
  if (ground !== ground || eye !== eye) return false;
  const dCol = target.col - observer.col;
  const dRow = target.row - observer.row;
  if (dCol === 0 && dRow === 0) return true;
  const curvature = 1 / (2 * refraction * earthRadius);
  const east = dCol * cellWidth,
    south = dRow * cellHeight;
  const distance = Math.sqrt(east * east + south * south);
  const targetGradient = (ground + targetHeight - curvature * distance * distance - eye) / distance;
  const steps = Math.max(Math.abs(dCol), Math.abs(dRow));
  const alongColumns = Math.abs(dCol) >= Math.abs(dRow);
  let steepest = -Infinity;
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    let z: number;
    if (alongColumns) {
      const col = observer.col + Math.sign(dCol) * i;
      const row = observer.row + dRow * t;
      z = interpolate(data, row, col, width, true);
    } else {
      const row = observer.row + Math.sign(dRow) * i;
      const col = observer.col + dCol * t;
      z = interpolate(data, row, col, width, false);
    }
    if (z !== z) continue;
    const d = distance * t;
    const gradient = (z - curvature * d * d - eye) / d;
    if (gradient > steepest) steepest = gradient;
  }
  return !(steepest > targetGradient);
}

/** Linear interpolation between the two cell centres of a column (or row) around a fractional row (column). */
function interpolate(data: ArrayLike<number>, row: number, col: number, width: number, alongColumns: boolean): number {
  if (alongColumns) {
    const r0 = Math.floor(row);
    const f = row - r0;
    const a = data[r0 * width + col];
    return f === 0 ? a : a + f * (data[(r0 + 1) * width + col] - a);
  }
  const c0 = Math.floor(col);
  const f = col - c0;
  const a = data[row * width + c0];
  return f === 0 ? a : a + f * (data[row * width + c0 + 1] - a);
}

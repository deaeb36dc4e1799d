import { assertCellInside } from './assert-cell-inside.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import { assertSightOptions } from './assert-sight-options.ts';
import { EARTH_RADIUS_M, STANDARD_REFRACTION_K } from './earth-curvature-drop.ts';
import type { SightOptions } from './types.ts';
import { tileMaxima, type TileMaxima } from './tile-maxima.ts';
import type { GridCell, GroundRaster } from './types.ts';

/** Values of a viewshed raster. */
export const VIEWSHED_HIDDEN = 0;
export const VIEWSHED_VISIBLE = 1;
/** Beyond the radius, or nodata in the DEM. */
export const VIEWSHED_OUTSIDE = 255;

/**
 * Viewshed of `observer` over the cells of `dem` whose centres lie within `radius` ground metres:
 * VIEWSHED_VISIBLE or VIEWSHED_HIDDEN per cell, VIEWSHED_OUTSIDE beyond the radius and on nodata.
 *
 * Each cell is decided by exactly lineOfSight's model and arithmetic (same samples, same
 * expressions, so the same floating-point values): equal to the brute force on every cell, which
 * the tests check. It is faster because it walks each ray from the target back towards the
 * observer and stops at the first sample above the target's elevation angle — hidden cells are
 * usually hidden by nearby terrain — and skips, without evaluating them, stretches of 64 and then 8
 * samples whose highest cell (from precomputed tile maxima) cannot reach the target's elevation
 * angle even at the stretch's nearest distance: a skipped sample is one that could not have blocked,
 * so the decision is the brute force's. Before walking, it tries the samples at the distance where
 * the previous cell of the row was hidden: one sample above the target's angle proves it hidden.
 */
export function viewshed(dem: GroundRaster, observer: GridCell, radius: number, options: SightOptions): Uint8Array {
  assertGroundRaster(dem);
  assertSightOptions(options);
  assertCellInside(dem, observer, 'observer cell');
  if (!(radius > 0) || !Number.isFinite(radius)) throw new RangeError(`radius must be positive metres, got ${radius}`);
  const { width, height, data, cellWidth, cellHeight } = dem;
  const { observerHeight, targetHeight = 0 } = options;
  const { refraction = STANDARD_REFRACTION_K, earthRadius = EARTH_RADIUS_M } = options;
  const out = new Uint8Array(width * height).fill(VIEWSHED_OUTSIDE);
  const eye = data[observer.row * width + observer.col] + observerHeight;
  if (eye !== eye) return out;
  const curvature = 1 / (2 * refraction * earthRadius);
  const terrain: Terrain = {
    data, width, height, eye, curvature,
    coarse: tileMaxima(data, width, height, 6), fine: tileMaxima(data, width, height, 3),
  };
  // One mutable ray, reused for every cell: no allocation in the loop over millions of cells.
  const ray: Ray = {
    steps: 0, majorStart: 0, minorStart: 0, step: 0, minorDelta: 0, alongColumns: true, distance: 0, targetGradient: 0,
  };
  const colReach = Math.floor(radius / cellWidth);
  const rowReach = Math.floor(radius / cellHeight);
  const rowFirst = Math.max(0, observer.row - rowReach);
  const rowLast = Math.min(height - 1, observer.row + rowReach);
  const colFirst = Math.max(0, observer.col - colReach);
  const colLast = Math.min(width - 1, observer.col + colReach);
  for (let tRow = rowFirst; tRow <= rowLast; tRow++) {
    const dRow = tRow - observer.row;
    let blockedAt = 0;
    // The row's chord of the circle, one cell wider each side: the exact test below decides.
    const south = dRow * cellHeight;
    const halfChord = Math.floor(Math.sqrt(Math.max(0, radius * radius - south * south)) / cellWidth) + 1;
    const rowColLast = Math.min(colLast, observer.col + halfChord);
    for (let tCol = Math.max(colFirst, observer.col - halfChord); tCol <= rowColLast; tCol++) {
      const dCol = tCol - observer.col;
      const east = dCol * cellWidth;
      const distance = Math.sqrt(east * east + south * south);
      if (distance > radius) continue;
      const ground = data[tRow * width + tCol];
      if (ground !== ground) continue;
      if (dCol === 0 && dRow === 0) { out[tRow * width + tCol] = VIEWSHED_VISIBLE; continue; }
      const targetGradient = (ground + targetHeight - curvature * distance * distance - eye) / distance;
      const alongColumns = Math.abs(dCol) >= Math.abs(dRow);
      ray.steps = Math.max(Math.abs(dCol), Math.abs(dRow));
      ray.majorStart = alongColumns ? observer.col : observer.row;
      ray.minorStart = alongColumns ? observer.row : observer.col;
      ray.step = Math.sign(alongColumns ? dCol : dRow);
      ray.minorDelta = alongColumns ? dRow : dCol;
      ray.alongColumns = alongColumns;
      ray.distance = distance;
      ray.targetGradient = targetGradient;
      // The sample that hid the previous cell of the row, at the same distance, often hides this one.
      let visible = true;
      if (blockedAt > 0) {
        const hint = Math.max(1, Math.min(ray.steps - 1, Math.round((blockedAt / distance) * ray.steps)));
        visible = !sampleBlocks(terrain, ray, hint)
          && !(hint > 1 && sampleBlocks(terrain, ray, hint - 1))
          && !(hint < ray.steps - 1 && sampleBlocks(terrain, ray, hint + 1));
      }
      if (visible) {
        const blocking = blockingSample(terrain, ray);
        visible = blocking === 0;
        blockedAt = visible ? 0 : (distance * blocking) / ray.steps;
      }
      out[tRow * width + tCol] = visible ? VIEWSHED_VISIBLE : VIEWSHED_HIDDEN;
    }
  }
  return out;
}

interface Terrain {
  data: ArrayLike<number>;
  width: number;
  height: number;
  eye: number;
  curvature: number;
  coarse: TileMaxima;
  fine: TileMaxima;
}

/** A ray from the observer to a target cell, in terms of its major axis (see lineOfSight). */
interface Ray {
  steps: number;
  majorStart: number;
  minorStart: number;
  /** +1 or −1 along the major axis. */
  step: number;
  minorDelta: number;
  alongColumns: boolean;
  distance: number;
  targetGradient: number;
}

/** Whether sample `i` of the ray rises above the target's elevation angle (lineOfSight's arithmetic). */
function sampleBlocks(terrain: Terrain, ray: Ray, i: number): boolean {
  const { data, width, eye, curvature } = terrain;
  const minorStride = ray.alongColumns ? width : 1;
  const t = i / ray.steps;
  const minor = ray.minorStart + ray.minorDelta * t;
  const m0 = Math.floor(minor);
  const f = minor - m0;
  const index = m0 * minorStride + (ray.majorStart + ray.step * i) * (ray.alongColumns ? 1 : width);
  const a = data[index];
  const z = f === 0 ? a : a + f * (data[index + minorStride] - a);
  if (z !== z) return false;
  const d = ray.distance * t;
  return (z - curvature * d * d - eye) / d > ray.targetGradient;
}

/**
 * The sample nearest the target that rises above the target's elevation angle (lineOfSight's
 * arithmetic), or 0 when none does: the ray is clear.
 */
function blockingSample(terrain: Terrain, ray: Ray): number {
  const { data, width, eye, curvature } = terrain;
  const { steps, majorStart, minorStart, step, minorDelta, distance, targetGradient } = ray;
  const minorStride = ray.alongColumns ? width : 1;
  const majorStride = ray.alongColumns ? 1 : width;
  let i = steps - 1;
  while (i >= 1) {
    const coarseLast = lastInTile(ray, i, 1, terrain.coarse.shift);
    if (cannotBlock(terrain, terrain.coarse, ray, i, coarseLast)) { i = coarseLast - 1; continue; }
    while (i >= coarseLast) {
      const fineLast = lastInTile(ray, i, coarseLast, terrain.fine.shift);
      if (cannotBlock(terrain, terrain.fine, ray, i, fineLast)) { i = fineLast - 1; continue; }
      for (; i >= fineLast; i--) {
        const t = i / steps;
        const minor = minorStart + minorDelta * t;
        const m0 = Math.floor(minor);
        const f = minor - m0;
        const index = m0 * minorStride + (majorStart + step * i) * majorStride;
        const a = data[index];
        const z = f === 0 ? a : a + f * (data[index + minorStride] - a);
        if (z !== z) continue;
        const d = distance * t;
        if ((z - curvature * d * d - eye) / d > targetGradient) return i;
      }
    }
  }
  return 0;
}

/** The smallest sample index ≥ `floor`, walking down from `i`, whose major coordinate is in i's tile. */
function lastInTile(ray: Ray, i: number, floor: number, shift: number): number {
  const major = ray.majorStart + ray.step * i;
  const tileStart = (major >> shift) << shift;
  const toEdge = ray.step > 0 ? major - tileStart : tileStart + (1 << shift) - 1 - major;
  return Math.max(floor, i - toEdge);
}

/** Relative and absolute margin that keeps rounding from ever skipping a sample that blocks. */
const BOUND_MARGIN = 1e-7;

/**
 * Whether samples `last`..`first` (one tile column along the major axis) provably cannot block:
 * the highest cell they interpolate between, lowered by the smallest curvature drop, seen at the
 * most favourable distance, is still below the target's elevation angle.
 */
function cannotBlock(terrain: Terrain, tiles: TileMaxima, ray: Ray, first: number, last: number): boolean {
  const { steps, minorStart, minorDelta, distance, targetGradient } = ray;
  const minorA = minorStart + minorDelta * (first / steps);
  const minorB = minorStart + minorDelta * (last / steps);
  const minorSize = ray.alongColumns ? terrain.height : terrain.width;
  const low = Math.floor(Math.min(minorA, minorB));
  const high = Math.min(minorSize - 1, Math.floor(Math.max(minorA, minorB)) + 1);
  const majorTile = (ray.majorStart + ray.step * first) >> tiles.shift;
  let highest = -Infinity;
  for (let minorTile = low >> tiles.shift; minorTile <= high >> tiles.shift; minorTile++) {
    const v = ray.alongColumns
      ? tiles.max[minorTile * tiles.tilesWide + majorTile]
      : tiles.max[majorTile * tiles.tilesWide + minorTile];
    if (v > highest) highest = v;
  }
  if (highest === -Infinity) return true;
  const near = distance * (last / steps);
  const far = distance * (first / steps);
  const rise = highest - terrain.curvature * near * near - terrain.eye;
  const bound = rise >= 0 ? rise / near : rise / far;
  const margin = BOUND_MARGIN * (1 + Math.abs(targetGradient) + Math.abs(highest - terrain.eye) / near);
  return bound < targetGradient - margin;
}

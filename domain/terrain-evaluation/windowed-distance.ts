import { squaredDistanceTransform } from './squared-distance-transform.ts';

/** Squared distances to a set of cells, over the window of the grid within `margin` cells of them. */
export interface WindowedDistance {
  x0: number;
  y0: number;
  w: number;
  h: number;
  /** Squared distance in cells² per window cell, row-major. */
  squared: Float64Array;
  /** Grid index (row · width + col) of a nearest site per window cell; -1 where none. */
  nearest: Int32Array;
}

/**
 * The exact distance transform (squaredDistanceTransform) of `sites` (grid indices), computed only
 * over their bounding box widened by `margin` cells and clipped to the grid: every cell outside the
 * window is farther than `margin` from every site, so callers asking "within margin?" lose nothing
 * and a thin corridor on a large grid costs its own neighbourhood, not the grid.
 */
export function windowedDistance(
  sites: readonly number[],
  width: number,
  height: number,
  margin: number,
): WindowedDistance {
  if (sites.length === 0) throw new RangeError('at least one site is needed');
  let c0 = width,
    c1 = -1,
    r0 = height,
    r1 = -1;
  for (const i of sites) {
    const col = i % width,
      row = (i - col) / width;
    if (col < c0) c0 = col;
    if (col > c1) c1 = col;
    if (row < r0) r0 = row;
    if (row > r1) r1 = row;
  }
  const m = Math.ceil(margin) + 1;
  const x0 = Math.max(0, c0 - m),
    y0 = Math.max(0, r0 - m);
  const w = Math.min(width - 1, c1 + m) - x0 + 1,
    h = Math.min(height - 1, r1 + m) - y0 + 1;
  const local = new Uint8Array(w * h);
  for (const i of sites) {
    const col = i % width,
      row = (i - col) / width;
    local[(row - y0) * w + (col - x0)] = 1;
  }
  const { squared, nearest } = squaredDistanceTransform(local, w, h);
  for (let k = 0; k < nearest.length; k++) {
    const s = nearest[k]!;
    if (s >= 0) nearest[k] = (y0 + Math.floor(s / w)) * width + x0 + (s % w);
  }
  return { x0, y0, w, h, squared, nearest };
}

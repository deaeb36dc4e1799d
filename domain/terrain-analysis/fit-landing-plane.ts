import { assertCellInside } from './assert-cell-inside.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import type { GridCell, GroundRaster } from './types.ts';

/** A least-squares plane fitted over a landing point. */
export interface LandingPlane {
  /** Slope of the plane, degrees from horizontal. */
  slopeDegrees: number;
  /** Largest |DEM − plane| over the cells used, metres (a hump or hollow the plane hides). */
  maxResidual: number;
  /** Cells whose values entered the fit. */
  cellCount: number;
  /** Radius actually used, metres: the disc's, or √(w² + h²) when the disc holds fewer than 9 cell centres. */
  radius: number;
}

/**
 * Fits z = a·x + b·y + c by least squares (ground metres east and north of the centre cell) to the
 * DEM cells whose centres lie in a disc of `diameter` ground metres around `center`; nodata cells
 * and cells outside the raster are left out. A landing point of 25 m is smaller than a 30 m cell, so
 * a disc holding fewer than 9 cell centres is fitted on the whole 3 × 3 block around the centre
 * (diagonals included; `radius` reports √(w² + h²)): a plane through fewer cells says nothing about
 * the ground. Null when fewer than 3 cells, or only
 * collinear ones, are valid.
 */
export function fitLandingPlane(dem: GroundRaster, center: GridCell, diameter: number): LandingPlane | null {
  assertGroundRaster(dem);
  assertCellInside(dem, center, 'landing point');
  if (!(diameter > 0) || !Number.isFinite(diameter)) {
    throw new RangeError(`diameter must be positive metres, got ${diameter}`);
  }
  const { width, height, data, cellWidth: w, cellHeight: h } = dem;
  const inDisc = cellsInDisc(diameter / 2, w, h) >= 9;
  const radius = inDisc ? diameter / 2 : Math.sqrt(w * w + h * h);
  // The 3 × 3 block is taken by index, not by distance: √(w² + h²) squared can round below a
  // diagonal's w² + h² (leaving a 5-cell cross), and unequal sides would reach beyond one cell.
  const colReach = inDisc ? Math.floor(radius / w) : 1,
    rowReach = inDisc ? Math.floor(radius / h) : 1;
  const xs: number[] = [],
    ys: number[] = [],
    zs: number[] = [];
  for (let dRow = -rowReach; dRow <= rowReach; dRow++) {
    const row = center.row + dRow;
    if (row < 0 || row >= height) continue;
    for (let dCol = -colReach; dCol <= colReach; dCol++) {
      const col = center.col + dCol;
      if (col < 0 || col >= width) continue;
      const x = dCol * w,
        y = -dRow * h;
      if (inDisc && x * x + y * y > radius * radius) continue;
      const z = data[row * width + col];
      if (z !== z) continue;
      xs.push(x);
      ys.push(y);
      zs.push(z);
    }
  }
  const n = xs.length;
  if (n < 3) return null;
  // Normal equations of least squares, centred on the mean elevation for conditioning.
  let sx = 0,
    sy = 0,
    sxx = 0,
    syy = 0,
    sxy = 0,
    sz = 0;
  for (let i = 0; i < n; i++) sz += zs[i];
  const zMean = sz / n;
  let sxz = 0,
    syz = 0,
    szc = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i],
      y = ys[i],
      z = zs[i] - zMean;
    sx += x;
    sy += y;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    sxz += x * z;
    syz += y * z;
    szc += z;
  }
  const m = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, n],
  ];
  const det = determinant(m);
  if (Math.abs(det) < 1e-9 * Math.abs(sxx * syy * n)) return null;
  const rhs = [sxz, syz, szc];
  const solve = (k: number) => determinant(m.map((row, i) => row.map((v, j) => (j === k ? rhs[i] : v)))) / det;
  const a = solve(0),
    b = solve(1),
    c = solve(2) + zMean;
  let maxResidual = 0;
  for (let i = 0; i < n; i++) maxResidual = Math.max(maxResidual, Math.abs(zs[i] - (a * xs[i] + b * ys[i] + c)));
  return { slopeDegrees: (Math.atan(Math.sqrt(a * a + b * b)) * 180) / Math.PI, maxResidual, cellCount: n, radius };
}

function cellsInDisc(radius: number, w: number, h: number): number {
  let count = 0;
  for (let dRow = -Math.floor(radius / h); dRow <= Math.floor(radius / h); dRow++) {
    for (let dCol = -Math.floor(radius / w); dCol <= Math.floor(radius / w); dCol++) {
      if ((dCol * w) ** 2 + (dRow * h) ** 2 <= radius * radius) count++;
    }
  }
  return count;
}

function determinant(m: number[][]): number {
  return (
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
  );
}

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extractTerrainProfile } from '../../../domain/terrain-analysis/extract-terrain-profile.ts';
import type { GroundRaster } from '../../../domain/terrain-analysis/types.ts';

// A plane z = col + 10·row: bilinear interpolation reproduces it exactly between cell centres.
const plane = (cellWidth: number, cellHeight: number): GroundRaster => ({
  width: 6,
  height: 5,
  cellWidth,
  cellHeight,
  data: Float64Array.from({ length: 30 }, (_, i) => (i % 6) + 10 * Math.floor(i / 6)),
});

test('equal intervals no longer than the smaller cell side, elevations bilinear between centres', () => {
  // (0,0) → (4,3) over 30 × 40 m cells: 120 m east, 120 m south, 169.7 m → 6 intervals of 28.28 m.
  const profile = extractTerrainProfile(plane(30, 40), { col: 0, row: 0 }, { col: 4, row: 3 })!;
  assert.is(profile.spacing, Math.hypot(120, 120) / 6);
  assert.equal(
    Array.from(profile.elevations, (z) => Number(z.toFixed(9))),
    [0, 5.666666667, 11.333333333, 17, 22.666666667, 28.333333333, 34],
  );
  // Along a row the samples are the cell centres themselves.
  const row = extractTerrainProfile(plane(25, 25), { col: 5, row: 2 }, { col: 1, row: 2 })!;
  assert.equal(Array.from(row.elevations), [25, 24, 23, 22, 21]);
  assert.is(row.spacing, 25);
});

test('a path touching nodata has no profile; the same cell twice or a cell outside is refused', () => {
  const dem = plane(30, 30);
  dem.data[1 * 6 + 2] = NaN;
  assert.is(extractTerrainProfile(dem, { col: 0, row: 1 }, { col: 5, row: 1 }), null);
  assert.ok(extractTerrainProfile(dem, { col: 0, row: 3 }, { col: 5, row: 3 }));
  assert.throws(() => extractTerrainProfile(dem, { col: 1, row: 1 }, { col: 1, row: 1 }), RangeError);
  assert.throws(() => extractTerrainProfile(dem, { col: 1, row: 1 }, { col: 6, row: 1 }), RangeError);
});

test.run();

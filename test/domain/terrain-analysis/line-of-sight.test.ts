import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { earthCurvatureDrop } from '../../../domain/terrain-analysis/earth-curvature-drop.ts';
import { lineOfSight } from '../../../domain/terrain-analysis/line-of-sight.ts';
import type { GroundRaster } from '../../../domain/terrain-analysis/types.ts';
import {
  VIEWSHED_HIDDEN,
  VIEWSHED_OUTSIDE,
  VIEWSHED_VISIBLE,
  viewshed,
} from '../../../domain/terrain-analysis/viewshed.ts';
import { seededRandom } from '../../terrain-raster/support/synthetic-dem.ts';

const flat = (width: number, height: number, cell: number): GroundRaster => ({
  width,
  height,
  data: new Float64Array(width * height),
  cellWidth: cell,
  cellHeight: cell,
});
const flatEarth = Infinity;

test('curvature drop d²/(2kR): 5.88 m at 10 km, 588 m at 100 km (k = 4/3, R = 6 378 137 m)', () => {
  assert.is(earthCurvatureDrop(10_000).toFixed(4), '5.8795');
  assert.is(earthCurvatureDrop(100_000).toFixed(2), '587.95');
  assert.is(earthCurvatureDrop(10_000, 1).toFixed(4), '7.8393'); // no refraction: d²/2R
});

test('a 5 m wall 5 m away hides the ground beyond it; an 8.1 m mast at 10 m shows over it, 7.9 m does not', () => {
  const dem = flat(11, 1, 1);
  dem.data[5] = 5;
  const o = { col: 0, row: 0 };
  // Elevation angle to the wall top: (5 − 2) / 5 = 0.6; to a mast of height h at 10 m: (h − 2) / 10.
  const seen = (col: number, targetHeight = 0) =>
    lineOfSight(
      dem,
      o,
      { col, row: 0 },
      {
        observerHeight: 2,
        targetHeight,
        refraction: flatEarth,
      },
    );
  assert.is(seen(10), false);
  assert.is(seen(10, 8.1), true);
  assert.is(seen(10, 7.9), false);
  assert.is(seen(5), true, 'the wall itself');
  assert.is(seen(4), true);
});

test('the horizon of a 10 m eye over a flat sea is √(2kR·10) = 13.04 km: 13 km visible, 14 km hidden', () => {
  const dem = flat(20, 1, 1000);
  const seen = (col: number) => lineOfSight(dem, { col: 0, row: 0 }, { col, row: 0 }, { observerHeight: 10 });
  assert.is(Math.sqrt(2 * (4 / 3) * 6378137 * 10).toFixed(0), '13042');
  assert.is(seen(13), true);
  assert.is(seen(14), false);
  assert.is(seen(19), false);
  // Without refraction the horizon is √(2R·10) = 11.29 km.
  assert.is(lineOfSight(dem, { col: 0, row: 0 }, { col: 12, row: 0 }, { observerHeight: 10, refraction: 1 }), false);
});

test('samples interpolate between the two cell centres the ray passes in each column', () => {
  // Ray (0,0) → (4,2) crosses column 1 at row 0.5 (between rows 0 and 1) and column 2 at row 1.
  const near = flat(5, 3, 1);
  near.data[1 * 5 + 1] = 10; // row 1, column 1: half of it (5 m) is on the ray
  const eye = { observerHeight: 1, refraction: flatEarth };
  assert.is(lineOfSight(near, { col: 0, row: 0 }, { col: 4, row: 2 }, eye), false);
  const away = flat(5, 3, 1);
  away.data[2 * 5 + 1] = 10; // row 2, column 1: not between the centres the ray passes
  assert.is(lineOfSight(away, { col: 0, row: 0 }, { col: 4, row: 2 }, eye), true);
  // Exactly on the interpolated 5 m: a target at elevation angle equal to the sample's is still visible.
  const grazing = flat(3, 1, 1);
  grazing.data[1] = 2;
  assert.is(lineOfSight(grazing, { col: 0, row: 0 }, { col: 2, row: 0 }, { ...eye, targetHeight: 3 }), true);
});

test('nodata: a nodata target is not visible, a nodata sample does not block', () => {
  const dem = flat(4, 1, 1);
  dem.data[2] = NaN;
  assert.is(lineOfSight(dem, { col: 0, row: 0 }, { col: 3, row: 0 }, { observerHeight: 1 }), true);
  assert.is(lineOfSight(dem, { col: 0, row: 0 }, { col: 2, row: 0 }, { observerHeight: 1 }), false);
});

test('the viewshed equals the brute force on every cell (rough DEMs, curvature, nodata, non-square cells)', () => {
  const random = seededRandom(5);
  let cells = 0,
    visible = 0;
  for (const [width, height, cellWidth, cellHeight] of [
    [41, 37, 30, 30],
    [33, 45, 400, 250],
    [50, 50, 1000, 1000],
  ]) {
    const data = new Float32Array(width * height);
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) data[r * width + c] = 200 * Math.sin(c / 7) * Math.cos(r / 9) + 40 * random();
    }
    for (let k = 0; k < 6; k++) data[Math.floor(random() * data.length)] = NaN;
    const dem: GroundRaster = { width, height, data, cellWidth, cellHeight };
    const middle = { col: Math.floor(width / 2), row: Math.floor(height / 2) };
    for (const observer of [{ col: 3, row: 4 }, middle, { col: width - 1, row: 0 }]) {
      const options = { observerHeight: 15, targetHeight: 2 };
      const radius = 0.45 * Math.hypot(width * cellWidth, height * cellHeight);
      const fast = viewshed(dem, observer, radius, options);
      for (let row = 0; row < height; row++) {
        for (let col = 0; col < width; col++) {
          const value = fast[row * width + col];
          const inside = Math.hypot((col - observer.col) * cellWidth, (row - observer.row) * cellHeight) <= radius;
          if (!inside || Number.isNaN(data[row * width + col])) {
            assert.is(value, VIEWSHED_OUTSIDE);
            continue;
          }
          const expected = lineOfSight(dem, observer, { col, row }, options) ? VIEWSHED_VISIBLE : VIEWSHED_HIDDEN;
          assert.is(value, expected, `cell ${col}, ${row} from ${observer.col}, ${observer.row}`);
          cells++;
          if (expected === VIEWSHED_VISIBLE) visible++;
        }
      }
    }
  }
  assert.ok(visible > 0.1 * cells && visible < 0.9 * cells, `${visible} of ${cells} visible: a discriminating terrain`);
});

test('the viewshed equals the brute force on every cell of a 200 x 200 DEM (tile skips and hints at work)', () => {
  const random = seededRandom(8);
  const width = 200,
    height = 200;
  const data = new Float32Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      data[r * width + c] = 300 * Math.sin(c / 23) * Math.cos(r / 17) + 100 * Math.sin((c + r) / 9) + 5 * random();
    }
  }
  const dem: GroundRaster = { width, height, data, cellWidth: 25, cellHeight: 25 };
  const options = { observerHeight: 30 };
  for (const observer of [
    { col: 100, row: 100 },
    { col: 20, row: 170 },
  ]) {
    const fast = viewshed(dem, observer, 6000, options);
    let mismatches = 0,
      visible = 0;
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        if (fast[row * width + col] === VIEWSHED_OUTSIDE) continue;
        const seen = lineOfSight(dem, observer, { col, row }, options);
        if (seen !== (fast[row * width + col] === VIEWSHED_VISIBLE)) mismatches++;
        if (seen) visible++;
      }
    }
    assert.is(mismatches, 0);
    assert.ok(visible > 1000, `${visible} visible`);
  }
});

test('bad input: observer outside, negative heights, zero radius, k ≤ 0, bad earth radius are RangeErrors', () => {
  const dem = flat(3, 3, 10);
  assert.throws(() => viewshed(dem, { col: 3, row: 0 }, 100, { observerHeight: 2 }), /outside/);
  assert.throws(() => viewshed(dem, { col: 0, row: 0 }, 0, { observerHeight: 2 }), /radius/);
  assert.throws(() => viewshed(dem, { col: 0, row: 0 }, 100, { observerHeight: -1 }), /observer height/);
  const o = { col: 0, row: 0 };
  assert.throws(() => viewshed(dem, o, 100, { observerHeight: 2, targetHeight: NaN }), /target height/);
  assert.throws(() => lineOfSight(dem, o, { col: 1, row: 1 }, { observerHeight: 2, refraction: 0 }), /refraction/);
  assert.throws(() => viewshed(dem, o, 100, { observerHeight: 2, earthRadius: -1 }), /earth radius/);
  assert.throws(() => lineOfSight(dem, { col: 0, row: 0 }, { col: 0, row: 9 }, { observerHeight: 2 }), /outside/);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fitLandingPlane } from '../../../domain/terrain-analysis/fit-landing-plane.ts';
import { LANDING_POINT_DIAMETERS_M } from '../../../domain/terrain-analysis/landing-point-diameters.ts';
import { landingSlopeClass } from '../../../domain/terrain-analysis/landing-slope-class.ts';
import type { GroundRaster } from '../../../domain/terrain-analysis/types.ts';

function raster(width: number, height: number, cell: number, z: (x: number, y: number) => number): GroundRaster {
  const data = new Float64Array(width * height);
  // x east and y north of the north-west cell centre, metres.
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) data[r * width + c] = z(c * cell, -r * cell);
  return { width, height, data, cellWidth: cell, cellHeight: cell };
}

test('plane z = 100 + 0.1x + 0.05y: slope atan(√0.0125) = 6.3794°, no residual, 49 cells in an 80 m disc', () => {
  const fit = fitLandingPlane(
    raster(21, 21, 10, (x, y) => 100 + 0.1 * x + 0.05 * y),
    { col: 10, row: 10 },
    80,
  );
  assert.ok(fit);
  assert.ok(Math.abs(fit.slopeDegrees - 6.379370208442804) < 1e-9, `${fit.slopeDegrees}`);
  assert.ok(fit.maxResidual < 1e-9);
  assert.is(fit.cellCount, 49);
  assert.is(fit.radius, 40);
});

test('z = x is a 45° slope', () => {
  const fit = fitLandingPlane(
    raster(9, 9, 5, (x) => x),
    { col: 4, row: 4 },
    30,
  );
  assert.ok(fit && Math.abs(fit.slopeDegrees - 45) < 1e-9);
});

test('a 25 m point on 30 m cells is widened to the 3 x 3 cells; a 9 m hump: level plane at 1 m, residual 8 m', () => {
  const dem = raster(5, 5, 30, () => 0);
  dem.data[2 * 5 + 2] = 9;
  const fit = fitLandingPlane(dem, { col: 2, row: 2 }, 25);
  assert.ok(fit);
  assert.is(fit.cellCount, 9);
  assert.is(fit.radius, Math.sqrt(2 * 30 * 30));
  assert.ok(Math.abs(fit.slopeDegrees) < 1e-12);
  assert.ok(Math.abs(fit.maxResidual - 8) < 1e-12);
});

test('size 2 (35 m) on 17 m cells: the full 3 x 3 least-squares plane, diagonals included', () => {
  // The disc (radius 17.5 m) holds the centre and its 4 neighbours (17 m) but not the diagonals
  // (24 m): fewer than 9 cells, so the 3 x 3 block is fitted. Only the north-east corner is raised
  // 6 m: a = Σxz / Σx² = 17·6 / (6·17²) = 1/17 m/m, b likewise, c = 6/9 m; a 5-cell cross would see
  // a level plane.
  const dem = raster(5, 5, 17, () => 0);
  dem.data[1 * 5 + 3] = 6;
  const fit = fitLandingPlane(dem, { col: 2, row: 2 }, LANDING_POINT_DIAMETERS_M[2]);
  assert.ok(fit);
  assert.is(fit.cellCount, 9);
  assert.is(fit.radius, Math.sqrt(2 * 17 * 17));
  const expected = (Math.atan(Math.SQRT2 / 17) * 180) / Math.PI; // 4.7554°
  assert.ok(Math.abs(fit.slopeDegrees - expected) < 1e-12, `${fit.slopeDegrees} vs ${expected}`);
  assert.ok(Math.abs(expected - 4.755431) < 1e-6, `${expected}`);
  // The corner itself: 6 − (1 + 1 + 2/3) = 10/3 m above the plane.
  assert.ok(Math.abs(fit.maxResidual - 10 / 3) < 1e-12, `${fit.maxResidual}`);
});

test('unequal cell sides (10 m × 30 m): the widened fit stays the 3 x 3 block, not a 7 x 3 one', () => {
  const dem = raster(9, 5, 10, (x, y) => 0.1 * x + 0.02 * y);
  const tall = { ...dem, cellHeight: 30 };
  // z = 0.1·x + 0.02·(−row·10) on the grid = 0.1·x + (0.02/3)·y in ground metres of 30 m rows.
  const fit = fitLandingPlane(tall, { col: 4, row: 2 }, 25);
  assert.ok(fit);
  assert.is(fit.cellCount, 9);
  const expected = (Math.atan(Math.hypot(0.1, 0.02 / 3)) * 180) / Math.PI;
  assert.ok(Math.abs(fit.slopeDegrees - expected) < 1e-9, `${fit.slopeDegrees} vs ${expected}`);
});

test('nodata and cells beyond the raster are left out; too few cells give null', () => {
  const dem = raster(3, 3, 10, (x, y) => 0.2 * x - 0.1 * y);
  dem.data[4] = NaN;
  const corner = fitLandingPlane(dem, { col: 0, row: 0 }, 10);
  assert.ok(corner);
  assert.is(corner.cellCount, 3); // (0,0), (1,0), (0,1): the centre (1,1) is nodata
  assert.ok(Math.abs(corner.slopeDegrees - (Math.atan(Math.sqrt(0.05)) * 180) / Math.PI) < 1e-9);
  assert.is(
    fitLandingPlane(
      raster(2, 1, 10, () => 0),
      { col: 0, row: 0 },
      10,
    ),
    null,
  );
});

test('bad input: a diameter that is not positive metres, a point outside', () => {
  const dem = raster(3, 3, 10, () => 0);
  assert.throws(() => fitLandingPlane(dem, { col: 1, row: 1 }, 0), /diameter/);
  assert.throws(() => fitLandingPlane(dem, { col: 1, row: 1 }, NaN), /diameter/);
  assert.throws(() => fitLandingPlane(dem, { col: 3, row: 1 }, 25), /outside/);
});

test('slope classes after FM 3-21.38: ≤ 7° land, ≤ 15° upslope or hover, steeper hover only', () => {
  assert.is(landingSlopeClass(0), 'land');
  assert.is(landingSlopeClass(7), 'land');
  assert.is(landingSlopeClass(7.01), 'upslope_or_hover');
  assert.is(landingSlopeClass(15), 'upslope_or_hover');
  assert.is(landingSlopeClass(15.5), 'hover_only');
  assert.throws(() => landingSlopeClass(-1), /slope/);
  assert.throws(() => landingSlopeClass(NaN), /slope/);
});

test('a size-1 point (25 m) on a 6.38° plane of 10 m cells can land; on a plane twice as steep it cannot', () => {
  const point = { col: 4, row: 4 },
    diameter = LANDING_POINT_DIAMETERS_M[1];
  const gentle = fitLandingPlane(
    raster(9, 9, 10, (x, y) => 0.1 * x + 0.05 * y),
    point,
    diameter,
  );
  const steep = fitLandingPlane(
    raster(9, 9, 10, (x, y) => 0.2 * x + 0.1 * y),
    point,
    diameter,
  );
  assert.ok(gentle && steep);
  assert.is(gentle.cellCount, 9); // 25 m disc: centre and 4 neighbours at 10 m < 9 cells → widened to 3 x 3
  assert.is(landingSlopeClass(gentle.slopeDegrees), 'land');
  assert.is(landingSlopeClass(steep.slopeDegrees), 'upslope_or_hover'); // atan(√0.05) = 12.6°
});

test.run();

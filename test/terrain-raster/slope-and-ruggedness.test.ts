import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { haloGridRows } from '../../domain/terrain/halo-grid-rows.ts';
import { padTileWithNeighbours } from '../../domain/terrain/pad-tile-with-neighbours.ts';
import { slopeDegrees } from '../../domain/terrain/slope-degrees.ts';
import { terrainRuggednessIndex } from '../../domain/terrain/terrain-ruggedness-index.ts';
import { tileRowSpacing } from '../../domain/terrain/tile-row-spacing.ts';
import type { HaloGrid } from '../../domain/terrain/types.ts';
import { gridOf, hills } from './support/synthetic-dem.ts';

const deg = (radians: number) => (radians * 180) / Math.PI;
const uniform = (rows: number, d: number) => ({ x: new Float64Array(rows).fill(d), y: new Float64Array(rows).fill(d) });

/** A halo grid whose halo is taken from a larger raster (or NaN outside it). */
function haloOf(values: Float32Array, width: number, height: number): HaloGrid {
  const data = new Float32Array((width + 2) * (height + 2)).fill(NaN);
  for (let r = 0; r < height; r++) data.set(values.subarray(r * width, (r + 1) * width), (r + 1) * (width + 2) + 1);
  return { width, height, data };
}

test('Horn slope of a hand-computed 3x3 window', () => {
  // dz/dx = ((30+2·60+90) - (10+2·40+70)) / (8·10) = 1; dz/dy = ((70+2·80+90) - (10+2·20+30)) / 80 = 3
  const grid = { width: 1, height: 1, data: Float32Array.from([10, 20, 30, 40, 50, 60, 70, 80, 90]) };
  const [slope] = slopeDegrees(grid, uniform(1, 10));
  assert.ok(Math.abs(slope - deg(Math.atan(Math.sqrt(10)))) < 1e-4, `${slope}`);
  assert.ok(Math.abs(slope - 72.4516) < 1e-4);
});

test('slope of a tilted plane is exact everywhere, and uses the ground spacing given per row', () => {
  // z = 0.1·east + 0.2·north metres on a 30 m grid: slope = atan(√(0.1² + 0.2²)) = 12.6044°.
  const w = 20,
    h = 15;
  const values = gridOf(w + 2, h + 2, 0, 0, 30, -30, (x, y) => 0.1 * x + 0.2 * y + 500);
  const slope = slopeDegrees({ width: w, height: h, data: values }, uniform(h, 30));
  const expected = deg(Math.atan(Math.sqrt(0.05)));
  for (const s of slope) assert.ok(Math.abs(s - expected) < 1e-4, `${s} vs ${expected}`);
  // Rows of 1 m per pixel eastwards, with 10 m and 20 m ground spacing: atan(0.1) and atan(0.05).
  const ramp = { width: 3, height: 2, data: Float32Array.from({ length: 20 }, (_, i) => i % 5) };
  const s = slopeDegrees(ramp, { x: [10, 20], y: [10, 20] });
  assert.ok(Math.abs(s[0] - deg(Math.atan(0.1))) < 1e-5);
  assert.ok(Math.abs(s[3] - deg(Math.atan(0.05))) < 1e-5);
});

test('TRI (Riley) of a hand-computed window: √(Σ (zᵢ - z₀)²)', () => {
  const grid = { width: 1, height: 1, data: Float32Array.from([10, 20, 30, 40, 50, 60, 70, 80, 90]) };
  // differences -40 -30 -20 -10 10 20 30 40 -> squares sum to 6000
  assert.ok(Math.abs(terrainRuggednessIndex(grid)[0] - Math.sqrt(6000)) < 1e-4);
  const flat = { width: 2, height: 2, data: new Float32Array(16).fill(123) };
  assert.equal(Array.from(terrainRuggednessIndex(flat)), [0, 0, 0, 0]);
});

test('nodata anywhere in the 3x3 window gives nodata, for the centre and for each neighbour', () => {
  for (let k = 0; k < 9; k++) {
    const data = Float32Array.from([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    data[k] = NaN;
    const grid = { width: 1, height: 1, data };
    assert.ok(Number.isNaN(slopeDegrees(grid, uniform(1, 10))[0]), `slope with NaN at ${k}`);
    assert.ok(Number.isNaN(terrainRuggednessIndex(grid)[0]), `TRI with NaN at ${k}`);
  }
});

test("tiles computed with their neighbours' halo equal the whole-raster computation exactly (no seams)", () => {
  const size = 64;
  const whole = gridOf(3 * size, 3 * size, 600000, 5170000, 30, -30, hills);
  const wholeSlope = slopeDegrees(haloOf(whole, 3 * size, 3 * size), uniform(3 * size, 30));
  const wholeTri = terrainRuggednessIndex(haloOf(whole, 3 * size, 3 * size));
  const tileAt = (tx: number, ty: number) => {
    const t = new Float32Array(size * size);
    for (let r = 0; r < size; r++)
      t.set(
        whole.subarray((ty * size + r) * 3 * size + tx * size, (ty * size + r) * 3 * size + tx * size + size),
        r * size,
      );
    return t;
  };
  const check = (tx: number, ty: number) => {
    const at = (dx: number, dy: number) => {
      const x = tx + dx,
        y = ty + dy;
      return x >= 0 && x < 3 && y >= 0 && y < 3 ? tileAt(x, y) : null;
    };
    const grid = padTileWithNeighbours(tileAt(tx, ty), size, {
      nw: at(-1, -1),
      n: at(0, -1),
      ne: at(1, -1),
      w: at(-1, 0),
      e: at(1, 0),
      sw: at(-1, 1),
      s: at(0, 1),
      se: at(1, 1),
    });
    const slope = slopeDegrees(grid, uniform(size, 30));
    const tri = terrainRuggednessIndex(grid);
    let nan = 0;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const w = (ty * size + r) * 3 * size + tx * size + c;
        if (Number.isNaN(wholeSlope[w])) {
          assert.ok(Number.isNaN(slope[r * size + c]));
          nan++;
          continue;
        }
        assert.is(slope[r * size + c], wholeSlope[w], `slope tile ${tx},${ty} pixel ${c},${r}`);
        assert.is(tri[r * size + c], wholeTri[w], `TRI tile ${tx},${ty} pixel ${c},${r}`);
      }
    }
    return nan;
  };
  assert.is(check(1, 1), 0, 'the centre tile has all eight neighbours: no nodata');
  assert.is(check(0, 0), 2 * size - 1, 'the corner tile loses its outer row and column, like the whole raster');
  assert.is(check(2, 1), size);
});

test('strips of a halo grid stack up to the whole computation', () => {
  const values = gridOf(50, 40, 0, 0, 25, -25, hills);
  const grid = haloOf(values, 50, 40);
  const whole = slopeDegrees(grid, uniform(40, 25));
  const top = slopeDegrees(haloGridRows(grid, 0, 17), uniform(17, 25));
  const bottom = slopeDegrees(haloGridRows(grid, 17, 40), uniform(23, 25));
  const stacked = new Float32Array(50 * 40);
  stacked.set(top, 0);
  stacked.set(bottom, 17 * 50);
  assert.equal(Array.from(stacked).map(String), Array.from(whole).map(String));
  assert.throws(() => haloGridRows(grid, 30, 30), /not a strip/);
});

test('work-tile spacing is the true ground size per row', () => {
  const spacing = tileRowSpacing({ z: 12, x: 2132, y: 1441 }, 256);
  assert.is(spacing.x.length, 256);
  assert.ok(Math.abs(spacing.x[0] - 38.21851414258813 * Math.cos((46.97991 * Math.PI) / 180)) < 1e-3);
  assert.ok(spacing.x[0] < spacing.x[255]);
});

test('bad grids and spacings are rejected', () => {
  assert.throws(
    () => slopeDegrees({ width: 2, height: 2, data: new Float32Array(9) }, uniform(2, 1)),
    /needs 16 values/,
  );
  assert.throws(() => slopeDegrees({ width: 1, height: 1, data: new Float32Array(9) }, uniform(2, 1)), /row spacing/);
  assert.throws(
    () => slopeDegrees({ width: 1, height: 1, data: new Float32Array(9) }, uniform(1, 0)),
    /positive metres/,
  );
  assert.throws(() => terrainRuggednessIndex({ width: 0, height: 1, data: new Float32Array(6) }), /positive integers/);
  assert.throws(() => padTileWithNeighbours(new Float32Array(15), 4, {}), /4x4/);
  assert.throws(() => padTileWithNeighbours(new Float32Array(16), 4, { n: new Float32Array(3) }), /n tile/);
});

test.run();

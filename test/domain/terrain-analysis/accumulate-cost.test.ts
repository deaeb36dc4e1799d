import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accumulateCost } from '../../../domain/terrain-analysis/accumulate-cost.ts';
import { leastCostPath } from '../../../domain/terrain-analysis/least-cost-path.ts';
import type { GroundRaster } from '../../../domain/terrain-analysis/types.ts';

// The worked example of the r.cost manual (GRASS 8.2, "EXAMPLES"): a 7 x 6 integer cost surface,
// start at the boxed 3 (column 5, row 4), outputs printed as GRASS writes integer maps (v + 0.5, truncated).
const manualCosts = [
  2, 2, 1, 1, 5, 5, 5, 2, 2, 8, 8, 5, 2, 1, 7, 1, 1, 8, 2, 2, 2, 8, 7, 8, 8, 8, 8, 5, 8, 8, 1, 1, 5, 3, 9, 8, 1, 1, 2,
  5, 3, 9,
];
const manualWithoutKnight = [
  22, 21, 21, 20, 17, 15, 14, 20, 19, 22, 20, 15, 12, 11, 22, 18, 17, 18, 13, 11, 9, 21, 14, 13, 12, 8, 6, 6, 16, 13, 8,
  7, 4, 0, 6, 14, 9, 8, 9, 6, 3, 8,
];
const manualWithKnight = [
  21, 21, 20, 19, 17, 15, 14, 20, 19, 22, 19, 15, 12, 11, 22, 18, 17, 17, 12, 11, 9, 21, 14, 13, 12, 8, 6, 6, 16, 13, 8,
  7, 4, 0, 6, 14, 9, 8, 9, 6, 3, 8,
];
const unitCells = (data: number[], width: number): GroundRaster => ({
  width,
  height: data.length / width,
  data: Float64Array.from(data),
  cellWidth: 1,
  cellHeight: 1,
});
const asGrassInteger = (v: number) => Math.floor(v + 0.5);

test('r.cost manual example, 8 neighbours: every cell as printed in the manual', () => {
  const { cost } = accumulateCost(unitCells(manualCosts, 7), [{ col: 5, row: 4 }], 8);
  assert.equal(Array.from(cost, asGrassInteger), manualWithoutKnight);
});

test("r.cost manual example, knight's move: as printed, except the one cell GRASS 8.2 itself no longer gives", () => {
  const { cost } = accumulateCost(unitCells(manualCosts, 7), [{ col: 5, row: 4 }], 16);
  const expected = [...manualWithKnight];
  // Column 3, row 5: the manual (written for an older r.cost) prints 9; GRASS 8.2.1's r.cost -k gives
  // 8.385255 (checked by running it): the knight's move from the start over W (5) and SW (5) to 2
  // costs (3 + 5 + 5 + 2) / 4 · √5 = 8.3853.
  expected[5 * 7 + 3] = 8;
  assert.equal(Array.from(cost, asGrassInteger), expected);
  assert.ok(Math.abs(cost[5 * 7 + 3] - (15 / 4) * Math.sqrt(5)) < 1e-12);
});

test("exact numbers: a king's move costs the mean of both cells times its ground length", () => {
  const raster: GroundRaster = {
    width: 3,
    height: 2,
    data: Float64Array.from([1, 3, 5, 2, 4, 6]),
    cellWidth: 20,
    cellHeight: 30,
  };
  const { cost, previous } = accumulateCost(raster, [{ col: 0, row: 0 }], 8);
  assert.is(cost[1], 2 * 20); // east: (1 + 3) / 2 · 20 m
  assert.is(cost[3], 1.5 * 30); // south: (1 + 2) / 2 · 30 m
  assert.is(cost[4], 2.5 * Math.sqrt(20 * 20 + 30 * 30)); // south-east diagonal: 90.139 < 40 + 3.5 · 30
  assert.is(cost[2], 40 + 4 * 20);
  assert.is(previous[4], 0);
  assert.is(previous[0], -1);
});

test("exact numbers: a knight's move averages the four cells it touches over √(w² + 4h²)", () => {
  const raster: GroundRaster = {
    width: 2,
    height: 3,
    data: Float64Array.from([1, 100, 100, 100, 100, 1]),
    cellWidth: 10,
    cellHeight: 10,
  };
  const { cost, previous } = accumulateCost(raster, [{ col: 0, row: 0 }], 16);
  // (0,0) → (1,2) is two rows south, one column east: crosses S (row 1, col 0) and SE (row 1, col 1).
  assert.is(cost[5], ((1 + 100 + 100 + 1) / 4) * Math.sqrt(10 * 10 + 4 * 10 * 10));
  assert.is(previous[5], 0);
});

test("nodata is never entered, and a knight's move may not cross it", () => {
  const raster: GroundRaster = {
    width: 2,
    height: 3,
    data: Float64Array.from([1, 1, NaN, 1, 1, 1]),
    cellWidth: 1,
    cellHeight: 1,
  };
  const { cost, previous } = accumulateCost(raster, [{ col: 0, row: 0 }], 16);
  assert.ok(Number.isNaN(cost[2]));
  // The knight's move to (1,2) would cross the nodata cell (0,1): the path goes round by (1,1).
  assert.is(previous[5], 3);
  assert.is(cost[5], Math.SQRT2 + 1);
});

test('an area no start reaches stays NaN; the path there is null', () => {
  const raster: GroundRaster = {
    width: 3,
    height: 1,
    data: Float64Array.from([1, NaN, 1]),
    cellWidth: 1,
    cellHeight: 1,
  };
  const accumulation = accumulateCost(raster, [{ col: 0, row: 0 }], 8);
  assert.ok(Number.isNaN(accumulation.cost[2]));
  assert.is(leastCostPath(accumulation, { col: 2, row: 0 }), null);
});

test('several starts: each cell gets the cost from the cheapest one', () => {
  const raster: GroundRaster = {
    width: 5,
    height: 1,
    data: new Float64Array(5).fill(2),
    cellWidth: 10,
    cellHeight: 10,
  };
  const { cost } = accumulateCost(
    raster,
    [
      { col: 0, row: 0 },
      { col: 4, row: 0 },
    ],
    8,
  );
  assert.equal(Array.from(cost), [0, 20, 40, 20, 0]);
});

test('the path back follows the predecessors from the start to the target, costs increasing', () => {
  const accumulation = accumulateCost(unitCells(manualCosts, 7), [{ col: 5, row: 4 }], 8);
  const path = leastCostPath(accumulation, { col: 0, row: 0 });
  assert.ok(path);
  assert.equal(path.cells[0], { col: 5, row: 4 });
  assert.equal(path.cells[path.cells.length - 1], { col: 0, row: 0 });
  assert.is(path.costs[path.costs.length - 1], accumulation.cost[0]);
  for (let i = 1; i < path.cells.length; i++) {
    const a = path.cells[i - 1],
      b = path.cells[i];
    assert.ok(Math.abs(a.col - b.col) <= 1 && Math.abs(a.row - b.row) <= 1, "king's moves only");
    assert.ok(path.costs[i] > path.costs[i - 1]);
  }
});

test('bad input: negative costs, starts outside, wrong sizes and neighbourhoods are RangeErrors', () => {
  const ok: GroundRaster = { width: 2, height: 1, data: Float64Array.from([1, 1]), cellWidth: 1, cellHeight: 1 };
  assert.throws(() => accumulateCost({ ...ok, data: Float64Array.from([1, -1]) }, [{ col: 0, row: 0 }]), /negative/);
  assert.throws(() => accumulateCost(ok, [{ col: 2, row: 0 }]), /outside/);
  assert.throws(() => accumulateCost(ok, []), /start/);
  assert.throws(() => accumulateCost({ ...ok, cellWidth: 0 }, [{ col: 0, row: 0 }]), /cell size/);
  assert.throws(() => accumulateCost({ ...ok, width: 3 }, [{ col: 0, row: 0 }]), /values/);
  assert.throws(() => accumulateCost(ok, [{ col: 0, row: 0 }], 4 as 8), /neighbourhood/);
});

test.run();

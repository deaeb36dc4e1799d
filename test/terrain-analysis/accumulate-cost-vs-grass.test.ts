import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accumulateCost } from '../../domain/terrain-analysis/accumulate-cost.ts';
import type { Neighbourhood } from '../../domain/terrain-analysis/types.ts';
import { seededRandom } from '../terrain-raster/support/synthetic-dem.ts';
import { leastCostPath } from '../../domain/terrain-analysis/least-cost-path.ts';
import { grassRCost, grassRPath } from './support/grass.ts';

// A random 200 x 200 cost raster with rectangular cells (20 m east-west, 30 m north-south), 1 % of
// cells nodata and three start cells, through GRASS r.cost and through accumulateCost.
const width = 200,
  height = 200,
  ewRes = 20,
  nsRes = 30;
const random = seededRandom(12);
const costs = new Float64Array(width * height);
for (let i = 0; i < costs.length; i++) costs[i] = random() < 0.01 ? NaN : Math.round(1 + random() * 9999) / 100;
const starts = [
  { col: 17, row: 40 },
  { col: 150, row: 10 },
  { col: 99, row: 180 },
];

for (const neighbourhood of [8, 16] as Neighbourhood[]) {
  test(`every accumulated cost equals GRASS r.cost${neighbourhood === 16 ? ' -k' : ''} within 1e-9 relative`, () => {
    const raster = { width, height, data: costs, cellWidth: ewRes, cellHeight: nsRes };
    const ours = accumulateCost(raster, starts, neighbourhood);
    const grass = grassRCost({ width, height, data: costs, ewRes, nsRes }, starts, neighbourhood === 16);
    let compared = 0,
      worst = 0,
      nullMismatches = 0;
    for (let i = 0; i < grass.length; i++) {
      // GRASS counts lengths in east-west cells; ours are ground metres.
      const mine = ours.cost[i] / ewRes;
      if (Number.isNaN(grass[i]) || Number.isNaN(mine)) {
        if (Number.isNaN(grass[i]) !== Number.isNaN(mine)) nullMismatches++;
        continue;
      }
      compared++;
      if (grass[i] === 0) {
        assert.is(mine, 0);
        continue;
      }
      worst = Math.max(worst, Math.abs(mine - grass[i]) / grass[i]);
    }
    assert.is(nullMismatches, 0, 'nodata and unreached cells match');
    assert.ok(compared > 0.98 * width * height, `${compared} cells compared`);
    assert.ok(worst < 1e-9, `worst relative difference ${worst}`);
  });
}

for (const neighbourhood of [8, 16] as Neighbourhood[]) {
  const flag = neighbourhood === 16 ? ' -k' : '';
  test(`the paths back equal GRASS r.path over r.cost${flag}'s directions, cell for cell`, () => {
    const targets = [
      { col: 190, row: 195 },
      { col: 5, row: 5 },
      { col: 120, row: 90 },
    ];
    const raster = { width, height, data: costs, cellWidth: ewRes, cellHeight: nsRes };
    const accumulation = accumulateCost(raster, starts, neighbourhood);
    const ours = new Uint8Array(width * height);
    for (const target of targets) {
      const path = leastCostPath(accumulation, target);
      assert.ok(path, `a path to ${target.col},${target.row}`);
      for (const cell of path.cells) ours[cell.row * width + cell.col] = 1;
    }
    const grass = grassRPath({ width, height, data: costs, ewRes, nsRes }, starts, targets, neighbourhood === 16);
    let differing = 0,
      onPath = 0;
    for (let i = 0; i < ours.length; i++) {
      if (ours[i] !== grass[i]) differing++;
      onPath += ours[i];
    }
    assert.ok(onPath > 150, `${onPath} path cells`);
    assert.is(differing, 0);
  });
}

test.run();

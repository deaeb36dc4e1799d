// The war game's samplers over rasters: mobility from the mobility codes, line of sight by the
// project's exact lineOfSight over a DEM of the ridge with two passes; then the whole game on that
// DEM — the enemy overwatch sees down the east pass, the ridge hides the approach elsewhere — and the
// comparison still prefers the west pass.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adjudicateWargame } from '../../../domain/wargame/adjudicate-wargame.ts';
import { compareCoas } from '../../../domain/wargame/compare-coas.ts';
import { rasterTerrainSamplers } from '../../../domain/wargame/raster-terrain-samplers.ts';
import { evaluationCriteria } from '../../../domain/llm-simulation/evaluation-criteria.ts';
import { EAST_PASS, OBJECTIVE, ridgeRasters, scenario, WEST_PASS } from './ridge-two-passes.ts';

const rasters = ridgeRasters();
const samplers = rasterTerrainSamplers(rasters);

test('rasterTerrainSamplers: the mobility class of the cell under a position; null outside the grid or without a raster', () => {
  assert.is(samplers.mobility([10.0, 50.02], 'tracked'), 'GO');
  assert.is(samplers.mobility([10.0, 50.05], 'tracked'), 'NO-GO');
  assert.is(samplers.mobility([WEST_PASS.lon, 50.05], 'tracked'), 'GO');
  assert.is(samplers.mobility([EAST_PASS.lon, 50.05], 'tracked'), 'SLOW-GO');
  assert.is(samplers.mobility([12.0, 50.05], 'tracked'), null);
  assert.is(samplers.mobility([10.0, 50.02], 'foot'), null);
  assert.is(rasterTerrainSamplers({ ...rasters, mobility: {} }).mobility([10.0, 50.02], 'tracked'), null);
});

test('rasterTerrainSamplers: the ridge hides the ground behind it; the pass opens a line of sight down it', () => {
  assert.is(samplers.visible(OBJECTIVE, [10.0, 50.08]), true);
  assert.is(samplers.visible(OBJECTIVE, [10.0, 50.02]), false);
  const overwatch: [number, number] = [EAST_PASS.lon, 50.062];
  assert.is(samplers.visible(overwatch, [EAST_PASS.lon, 50.03]), true);
  assert.is(samplers.visible(overwatch, [10.005, 50.03]), false);
  assert.is(samplers.visible(overwatch, [12.0, 50.03]), false);
  // Memoised per cell pair: asking again gives the same answer.
  assert.is(samplers.visible(overwatch, [EAST_PASS.lon, 50.03]), true);
});

test('rasterTerrainSamplers: a war game on the DEM is reproducible and prefers the west pass', () => {
  const onDem = (main: 'west' | 'east') =>
    adjudicateWargame({ ...scenario(main, 5), terrain: rasterTerrainSamplers(ridgeRasters()) });
  const west = onDem('west');
  const east = onDem('east');
  assert.is(JSON.stringify(onDem('east')), JSON.stringify(east));
  // The overwatch platoon sees the east approach before the crest: the east main effort is exposed south of it.
  const firstHit = east.turns.flatMap((t) => t.synchronisation.protection).find((l) => l.startsWith('TM A exposed'));
  assert.ok(firstHit, 'the east main effort is exposed');
  const comparison = compareCoas([east, west], evaluationCriteria(null));
  assert.is(comparison.recommendation!.coa, 'COA 1 (west pass)');
});

test('rasterTerrainSamplers: rasters that do not cover the grid are refused', () => {
  assert.throws(
    () =>
      rasterTerrainSamplers({ elevation: { grid: rasters.elevation.grid, data: new Float32Array(4) }, mobility: {} }),
    RangeError,
  );
  assert.throws(() => rasterTerrainSamplers({ ...rasters, mobility: { foot: new Uint8Array(4) } }), RangeError);
});

test.run();

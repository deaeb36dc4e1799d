import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DEFAULT_MOBILITY_CONFIG,
  MOBILITY_GO,
  MOBILITY_NO_GO,
  MOBILITY_NODATA,
  MOBILITY_SLOW_GO,
  WORLDCOVER,
} from '../../../domain/terrain/mobility-config.ts';
import { mobilityRaster } from '../../../domain/terrain/mobility-raster.ts';

const slopeFromPercent = (percent: number) => (Math.atan(percent / 100) * 180) / Math.PI;
const GRASS = WORLDCOVER.grassland;

function classify(vehicle: 'foot' | 'wheeled' | 'tracked', slopes: number[], covers: number[], roads?: number[]) {
  return Array.from(
    mobilityRaster(
      {
        slopeDegrees: Float32Array.from(slopes),
        landCover: Uint8Array.from(covers),
        landCoverNodata: 0,
        roads: roads ? Uint8Array.from(roads) : null,
      },
      vehicle,
    ),
  );
}

test('codes are 0 GO, 1 SLOW-GO, 2 NO-GO, 255 nodata', () => {
  assert.equal([MOBILITY_GO, MOBILITY_SLOW_GO, MOBILITY_NO_GO, MOBILITY_NODATA], [0, 1, 2, 255]);
});

test('slope classes follow the per-vehicle percent thresholds, boundaries included', () => {
  // wheeled: GO < 20 %, SLOW-GO < 30 %, NO-GO from 30 %
  const wheeled = [19.9, 20.1, 29.9, 30.1, 80].map(slopeFromPercent);
  assert.equal(
    classify(
      'wheeled',
      wheeled,
      wheeled.map(() => GRASS),
    ),
    [0, 1, 1, 2, 2],
  );
  // tracked: GO < 30 %, SLOW-GO < 45 %, NO-GO from 45 %
  const tracked = [29.9, 30.1, 44.9, 45.1].map(slopeFromPercent);
  assert.equal(
    classify(
      'tracked',
      tracked,
      tracked.map(() => GRASS),
    ),
    [0, 1, 1, 2],
  );
  // foot: GO < 30 %, SLOW-GO < 100 % (45°), NO-GO from 45°
  assert.equal(classify('foot', [16.6, 16.8, 44.9, 45.1], [GRASS, GRASS, GRASS, GRASS]), [0, 1, 1, 2]);
  assert.equal(DEFAULT_MOBILITY_CONFIG.wheeled.goBelowSlopePercent, 20);
  assert.equal(DEFAULT_MOBILITY_CONFIG.tracked.slowGoBelowSlopePercent, 45);
});

test('land cover restricts: water NO-GO for all, forest by vehicle class, most restrictive wins', () => {
  const covers = [
    WORLDCOVER.permanentWater,
    WORLDCOVER.treeCover,
    WORLDCOVER.builtUp,
    WORLDCOVER.herbaceousWetland,
    WORLDCOVER.cropland,
  ];
  const flat = covers.map(() => 1);
  assert.equal(classify('foot', flat, covers), [2, 0, 0, 1, 0]);
  assert.equal(classify('wheeled', flat, covers), [2, 2, 1, 2, 0]);
  assert.equal(classify('tracked', flat, covers), [2, 1, 1, 2, 0]);
  // SLOW-GO slope on GO cover stays SLOW-GO; GO slope on SLOW-GO cover is SLOW-GO.
  assert.equal(classify('tracked', [slopeFromPercent(35), 1], [GRASS, WORLDCOVER.treeCover]), [1, 1]);
});

test('roads are GO whatever the slope or cover; unknown slope or cover is nodata', () => {
  assert.equal(
    classify('wheeled', [60, 1, NaN], [WORLDCOVER.permanentWater, WORLDCOVER.treeCover, GRASS], [1, 1, 1]),
    [0, 0, 0],
  );
  assert.equal(classify('wheeled', [NaN, 1, 1, 1], [GRASS, 0, 17, GRASS]), [255, 255, 255, 0]);
});

test('a custom configuration replaces the defaults', () => {
  const strict = {
    ...DEFAULT_MOBILITY_CONFIG,
    foot: { ...DEFAULT_MOBILITY_CONFIG.foot, goBelowSlopePercent: 5, slowGoBelowSlopePercent: 10, roadsAreGo: false },
  };
  const out = mobilityRaster(
    {
      slopeDegrees: Float32Array.from([slopeFromPercent(4), slopeFromPercent(6), slopeFromPercent(11)]),
      landCover: Uint8Array.from([GRASS, GRASS, GRASS]),
      landCoverNodata: 0,
      roads: Uint8Array.from([0, 0, 1]),
    },
    'foot',
    strict,
  );
  assert.equal(Array.from(out), [0, 1, 2]);
});

test('bad inputs are rejected', () => {
  const inputs = { slopeDegrees: new Float32Array(2), landCover: new Uint8Array(3), landCoverNodata: 0 };
  assert.throws(() => mobilityRaster(inputs, 'wheeled'), /differ in size/);
  assert.throws(
    () => mobilityRaster({ ...inputs, landCover: new Uint8Array(2) }, 'hovercraft' as never),
    /unknown vehicle class/,
  );
  const broken = {
    ...DEFAULT_MOBILITY_CONFIG,
    tracked: { ...DEFAULT_MOBILITY_CONFIG.tracked, slowGoBelowSlopePercent: 10 },
  };
  assert.throws(() => mobilityRaster({ ...inputs, landCover: new Uint8Array(2) }, 'tracked', broken), /thresholds/);
});

test.run();

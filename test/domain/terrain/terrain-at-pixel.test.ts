// The point query's pure parts: the work pixel of a position and the terrain of one pixel from its
// 3x3 elevation window (hand-computed slopes, the default mobility rules).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { terrainAtPixel } from '../../../domain/terrain/terrain-at-pixel.ts';
import { workPixelOfLonLat } from '../../../domain/terrain/work-pixel-of-lon-lat.ts';
import { pixelCenterLonLat } from '../../../domain/terrain/pixel-center-lon-lat.ts';
import { MAX_MERCATOR_LATITUDE } from '../../../domain/terrain/work-grid.ts';
import { WORLDCOVER } from '../../../domain/terrain/mobility-config.ts';

const flat = (z: number) => new Array(9).fill(z);
const at = (elevationWindow: number[], groundSpacingM: number, landCover: number) =>
  terrainAtPixel({ elevationWindow, groundSpacingM, landCover, landCoverNodata: 0 });
// Rises 10 m per pixel eastwards: with 10 m pixels, dz/dx = 1, a 45° (100 %) slope.
const eastRamp = [0, 10, 20, 0, 10, 20, 0, 10, 20];

test('a 45° ramp on grassland: NO-GO for every class (100 % is past every slope limit)', () => {
  assert.equal(at(eastRamp, 10, WORLDCOVER.grassland), {
    elevation_m: 10,
    slope_deg: 45,
    land_cover: { code: 30, name: 'Grassland' },
    mobility: { foot: 'NO-GO', wheeled: 'NO-GO', tracked: 'NO-GO' },
  });
});

test('a gentle ramp southwards (1.25 m per 20 m pixel) in tree cover: the land cover decides', () => {
  const window = [0, 0, 0, 1.25, 1.25, 1.25, 2.5, 2.5, 2.5];
  const answer = at(window, 20, WORLDCOVER.treeCover);
  // gy = (4 × 2.5) / (8 × 20) = 0.0625; atan(0.0625) = 3.5763°.
  assert.is(answer.slope_deg, 3.58);
  assert.is(answer.elevation_m, 1.3);
  assert.equal(answer.land_cover, { code: 10, name: 'Tree cover' });
  assert.equal(answer.mobility, { foot: 'GO', wheeled: 'NO-GO', tracked: 'SLOW-GO' });
});

test('a missing neighbour leaves slope and mobility unknown, elevation known; nodata land cover likewise', () => {
  const window = flat(100);
  window[0] = Number.NaN;
  const gap = at(window, 30, WORLDCOVER.cropland);
  assert.equal(gap, {
    elevation_m: 100,
    slope_deg: null,
    land_cover: { code: 40, name: 'Cropland' },
    mobility: { foot: null, wheeled: null, tracked: null },
  });
  const noCover = at(flat(12.34), 30, 0);
  const unknown = { foot: null, wheeled: null, tracked: null };
  assert.equal(noCover, { elevation_m: 12.3, slope_deg: 0, land_cover: null, mobility: unknown });
  const water = at(flat(0), 30, WORLDCOVER.permanentWater);
  assert.equal(water.mobility, { foot: 'NO-GO', wheeled: 'NO-GO', tracked: 'NO-GO' });
  assert.throws(() => at([1, 2], 30, 10), /9 values/);
});

test('workPixelOfLonLat: edges belong east/south, the world corners clamp, pixel centres come back', () => {
  assert.equal(workPixelOfLonLat(0, 0), { tile: { z: 12, x: 2048, y: 2048 }, col: 0, row: 0 });
  assert.equal(workPixelOfLonLat(-180, MAX_MERCATOR_LATITUDE), { tile: { z: 12, x: 0, y: 0 }, col: 0, row: 0 });
  const southEast = { tile: { z: 12, x: 4095, y: 4095 }, col: 255, row: 255 };
  assert.equal(workPixelOfLonLat(180, -MAX_MERCATOR_LATITUDE), southEast);
  const tile = { z: 12, x: 2331, y: 1185 };
  for (const [col, row] of [
    [224, 211],
    [0, 255],
    [255, 0],
  ] as const) {
    const [lon, lat] = pixelCenterLonLat(tile, col, row);
    assert.equal(workPixelOfLonLat(lon, lat), { tile, col, row });
  }
});

test.run();

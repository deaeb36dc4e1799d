import { test } from 'uvu';
import * as assert from 'uvu/assert';
import proj4 from 'proj4';
import { gridNorthAngleDegrees } from '../../../domain/cartography/grid-north-angle-degrees.ts';
import type { MapFrame } from '../../../domain/cartography/map-composition.ts';
import { scaleBar } from '../../../domain/cartography/scale-bar.ts';
import { frameAround, ZAGREB_FRAME } from '../../cartography/support/map-fixtures.ts';

// 600 px over one degree of longitude at the equator: 111 319.490793 / 600 = 185.532485 m per pixel.
const EQUATOR: MapFrame = { bbox: [0, -0.5, 1, 0.5], width: 600, height: 600 };
const METERS_PER_PIXEL = 111319.49079327357 / 600;

const assertBar = (maxPixels: number, meters: number, divisions: number, label: string) => {
  const bar = scaleBar(EQUATOR, maxPixels);
  assert.equal({ ...bar, pixels: 0 }, { meters, pixels: 0, divisions, label });
  assert.ok(Math.abs(bar.pixels - meters / METERS_PER_PIXEL) < 1e-9, `${bar.pixels}`);
};

test('the longest 1, 2 or 5 × 10ⁿ metres that fits, and its pixels at the centre latitude', () => {
  assertBar(200, 20000, 4, '20 km'); // 200 px = 37 106 m; 20 km = 107.798 px
  assertBar(300, 50000, 5, '50 km'); // 300 px = 55 660 m
  assertBar(60, 10000, 5, '10 km'); // 60 px = 11 132 m
  // 2 px = 371 m -> 200 m
  assert.equal(scaleBar(EQUATOR, 2).label, '200 m');
});

test('exact powers of ten are kept, not rounded down a step', () => {
  // 20 mercator m per px centred on 60° N: exactly 10 m per pixel on the ground.
  const frame = frameAround(0, 60, 600, 400, 20);
  const bar = scaleBar(frame, 100);
  assert.is(bar.meters, 1000);
  assert.ok(Math.abs(bar.pixels - 100) < 1e-9);
  assert.is(scaleBar(frame, 50).meters, 500);
  assert.is(scaleBar(frame, 49.9).meters, 200);
});

test('grid convergence at the centre agrees with proj4 and with the spherical formula', () => {
  // Zagreb lies 0.95° east of zone 33's central meridian (15° E): grid north is east of true north.
  const gamma = gridNorthAngleDegrees(ZAGREB_FRAME, 33);
  const spherical = (Math.atan(Math.tan((0.95 * Math.PI) / 180) * Math.sin((45.775 * Math.PI) / 180)) * 180) / Math.PI;
  assert.ok(gamma > 0 && Math.abs(gamma - spherical) < 0.01, `${gamma} vs ${spherical}`);
  // proj4: the bearing of a 1 km step north along constant easting through the centre.
  const utm = '+proj=utm +zone=33 +datum=WGS84 +units=m';
  const [e, n] = proj4('WGS84', utm, [15.95, 45.775]);
  const [lon0, lat0] = proj4(utm, 'WGS84', [e!, n! - 500]);
  const [lon1, lat1] = proj4(utm, 'WGS84', [e!, n! + 500]);
  const dx = (lon1! - lon0!) * Math.cos((45.775 * Math.PI) / 180);
  const bearing = (Math.atan2(dx, lat1! - lat0!) * 180) / Math.PI;
  assert.ok(Math.abs(gamma - bearing) < 1e-3, `${gamma} vs ${bearing}`);
  assert.ok(gridNorthAngleDegrees(frameAround(14, 45.775, 600, 400, 18.5), 33) < 0, 'west of the meridian');
});

test.run();

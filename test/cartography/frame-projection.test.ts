import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { frameMetersPerPixel } from '../../domain/cartography/frame-meters-per-pixel.ts';
import { framePixelOfLonLat } from '../../domain/cartography/frame-pixel-of-lon-lat.ts';
import { lonLatOfFramePixel } from '../../domain/cartography/lon-lat-of-frame-pixel.ts';
import type { MapFrame } from '../../domain/cartography/map-composition.ts';
import { frameAround, ZAGREB_FRAME } from './support/map-fixtures.ts';

const close = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} vs ${expected}`);

test('the bbox corners are the face corners, and the mercator middle its centre', () => {
  const frame: MapFrame = { bbox: [10, 40, 12, 42], width: 600, height: 400 };
  assert.equal(framePixelOfLonLat(frame, 10, 42), [0, 0]);
  assert.equal(framePixelOfLonLat(frame, 12, 40), [600, 400]);
  const [x, y] = framePixelOfLonLat(frame, 11, 41);
  close(x, 300, 1e-9, 'x of the middle longitude');
  // Mercator y of 40°, 41°, 42°: 4 865 942.2795, 5 012 341.6638, 5 160 979.4440 m; 41° lies below the
  // face's middle row because mercator stretches northwards.
  close(y, ((5160979.444049783 - 5012341.663847514) / (5160979.444049783 - 4865942.279503176)) * 400, 1e-6, 'y');
  assert.ok(y > 200);
});

test('pixel to lon/lat inverts lon/lat to pixel', () => {
  for (const [px, py] of [
    [0, 0],
    [600, 400],
    [123.25, 77.5],
    [-10, 410],
  ] as const) {
    const [lon, lat] = lonLatOfFramePixel(ZAGREB_FRAME, px, py);
    const [x, y] = framePixelOfLonLat(ZAGREB_FRAME, lon, lat);
    close(x, px, 1e-7, 'x');
    close(y, py, 1e-7, 'y');
  }
});

test('metres per pixel: mercator size times cos of the centre latitude', () => {
  // At the equator one degree of longitude is 2πR/360 = 111 319.490793 m.
  const equator: MapFrame = { bbox: [0, -0.5, 1, 0.5], width: 600, height: 600 };
  close(frameMetersPerPixel(equator), 111319.49079327357 / 600, 1e-9, 'equator');
  // Centred on 60° N: cos 60° = 0.5, whatever the bbox's mid-latitude.
  close(frameMetersPerPixel(frameAround(0, 60, 600, 400, 20)), 10, 1e-9, '60° N');
  close(frameMetersPerPixel(ZAGREB_FRAME), 18.5 * Math.cos((45.775 * Math.PI) / 180), 1e-9, 'Zagreb');
});

test.run();

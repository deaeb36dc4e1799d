import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { childTiles } from '../../../domain/terrain/child-tiles.ts';
import { lonLatToMercator } from '../../../domain/terrain/lon-lat-to-mercator.ts';
import { mercatorToLonLat } from '../../../domain/terrain/mercator-to-lon-lat.ts';
import { neighbourTiles } from '../../../domain/terrain/neighbour-tiles.ts';
import { parentTile } from '../../../domain/terrain/parent-tile.ts';
import { pixelCenterLonLat } from '../../../domain/terrain/pixel-center-lon-lat.ts';
import { pixelGroundSizeMeters } from '../../../domain/terrain/pixel-ground-size-meters.ts';
import { tileBounds } from '../../../domain/terrain/tile-bounds.ts';
import { tileBoundsMercator } from '../../../domain/terrain/tile-bounds-mercator.ts';
import {
  DISPLAY_MIN_ZOOM,
  MAX_MERCATOR_LATITUDE,
  MERCATOR_HALF_WORLD_M,
  TILE_SIZE,
  WORK_ZOOM,
} from '../../../domain/terrain/work-grid.ts';

// Reference values: the OSM slippy-map formulas evaluated independently in Python (math module),
// and gdaltransform (PROJ) for EPSG:4326 -> EPSG:3857.
const close = (actual: number, expected: number, tolerance: number, what = '') =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what} ${actual} differs from ${expected} by more than ${tolerance}`,
  );

test('working grid constants', () => {
  assert.is(WORK_ZOOM, 12);
  assert.is(TILE_SIZE, 256);
  assert.is(DISPLAY_MIN_ZOOM, 8);
  close(MERCATOR_HALF_WORLD_M, 20037508.342789244, 1e-6);
  close(MAX_MERCATOR_LATITUDE, 85.0511287798066, 1e-12);
});

test('tile 0/0/0 covers the whole mercator square', () => {
  const [w, s, e, n] = tileBounds({ z: 0, x: 0, y: 0 });
  close(w, -180, 1e-12);
  close(e, 180, 1e-12);
  close(s, -85.0511287798066, 1e-12);
  close(n, 85.0511287798066, 1e-12);
  const m = tileBoundsMercator({ z: 0, x: 0, y: 0 });
  for (const [i, v] of [-20037508.342789244, -20037508.342789244, 20037508.342789244, 20037508.342789244].entries())
    close(m[i], v, 1e-6);
});

test('known zoom-12 tiles have the bounds of the slippy-map formulas', () => {
  const cases: [number, number, number[]][] = [
    [2132, 1441, [7.3828125, 46.92025531537452, 7.470703125, 46.98025235521882]], // Bern
    [940, 1654, [-97.3828125, 32.62087018318111, -97.294921875, 32.694865977875054]], // Dallas
    [3768, 2457, [151.171875, -33.87041555094183, 151.259765625, -33.79740876757248]], // Sydney
  ];
  for (const [x, y, expected] of cases) {
    const bounds = tileBounds({ z: 12, x, y });
    expected.forEach((v, i) => close(bounds[i], v, 1e-11, `12/${x}/${y}[${i}]`));
  }
  // Width of a zoom-12 tile: 2·π·6378137 / 4096 metres of mercator.
  const [minX, minY, maxX, maxY] = tileBoundsMercator({ z: 12, x: 2132, y: 1441 });
  close(maxX - minX, 9783.939620502, 1e-6);
  close(maxY - minY, 9783.939620502, 1e-6);
  close(minX, -20037508.342789244 + 2132 * 9783.939620502, 1e-5);
});

test('lon/lat <-> mercator agrees with PROJ (gdaltransform)', () => {
  const [x, y] = lonLatToMercator(7.4474, 46.948);
  close(x, 829040.775733826, 1e-6);
  close(y, 5933590.47541202, 1e-6);
  const [lon, lat] = mercatorToLonLat(829040.775733826, 5933590.47541202);
  close(lon, 7.4474, 1e-12);
  close(lat, 46.948, 1e-12);
});

test('pixel centres sit half a pixel inside the tile corners', () => {
  const tile = { z: 12, x: 2132, y: 1441 };
  const [w, s, e, n] = tileBounds(tile);
  const [lon0, lat0] = pixelCenterLonLat(tile, 0, 0, 256);
  close(lon0, w + (e - w) / 512, 1e-12);
  assert.ok(lat0 < n && lat0 > n - (n - s) / 256);
  const [, latMid] = pixelCenterLonLat(tile, 0, 127, 256);
  const [, latMid2] = pixelCenterLonLat(tile, 0, 128, 256);
  const [, centreLat] = mercatorToLonLat(0, (tileBoundsMercator(tile)[1] + tileBoundsMercator(tile)[3]) / 2);
  assert.ok(latMid > centreLat && latMid2 < centreLat);
  const [lonLast, latLast] = pixelCenterLonLat(tile, 255, 255, 256);
  close(lonLast, e - (e - w) / 512, 1e-12);
  assert.ok(latLast > s);
});

test('ground pixel size is the mercator pixel times cos(latitude)', () => {
  // Equator: tile 12/2048/2047 touches latitude 0 with its south edge.
  const mercatorPixel = (2 * Math.PI * 6378137) / (256 * 4096);
  close(mercatorPixel, 38.21851414258813, 1e-9);
  const equatorRow = pixelGroundSizeMeters({ z: 12, x: 2048, y: 2047 }, 255, 256);
  close(equatorRow, 38.2185, 1e-3);
  const tile = { z: 12, x: 2132, y: 1441 };
  const [, lat] = pixelCenterLonLat(tile, 0, 100, 256);
  close(pixelGroundSizeMeters(tile, 100, 256), mercatorPixel * Math.cos((lat * Math.PI) / 180), 1e-9);
  close(pixelGroundSizeMeters(tile, 100, 256), 26.09, 0.01); // 38.2185 m x cos(46.95°)
  assert.ok(
    pixelGroundSizeMeters(tile, 0, 256) < pixelGroundSizeMeters(tile, 255, 256),
    'rows further north are smaller',
  );
});

test('parent and children', () => {
  assert.equal(parentTile({ z: 12, x: 2133, y: 1441 }), { z: 11, x: 1066, y: 720 });
  assert.equal(childTiles({ z: 11, x: 1066, y: 720 }), [
    { z: 12, x: 2132, y: 1440 },
    { z: 12, x: 2133, y: 1440 },
    { z: 12, x: 2132, y: 1441 },
    { z: 12, x: 2133, y: 1441 },
  ]);
  for (const child of childTiles({ z: 5, x: 17, y: 9 })) assert.equal(parentTile(child), { z: 5, x: 17, y: 9 });
  assert.throws(() => parentTile({ z: 0, x: 0, y: 0 }), /no parent/);
});

test('neighbours wrap across the antimeridian but not the poles', () => {
  const n = neighbourTiles({ z: 2, x: 0, y: 0 });
  assert.is(n.n, null);
  assert.is(n.nw, null);
  assert.is(n.ne, null);
  assert.equal(n.w, { z: 2, x: 3, y: 0 });
  assert.equal(n.e, { z: 2, x: 1, y: 0 });
  assert.equal(n.sw, { z: 2, x: 3, y: 1 });
  assert.equal(neighbourTiles({ z: 12, x: 10, y: 20 }).se, { z: 12, x: 11, y: 21 });
});

test('bad tile addresses and pixels are rejected', () => {
  assert.throws(() => tileBounds({ z: 12, x: 4096, y: 0 }), /outside the zoom-12 grid/);
  assert.throws(() => tileBounds({ z: 12, x: -1, y: 0 }), /outside/);
  assert.throws(() => tileBounds({ z: 1.5, x: 0, y: 0 }), /zoom must be an integer/);
  assert.throws(() => tileBoundsMercator({ z: 31, x: 0, y: 0 }), /zoom must be an integer/);
  assert.throws(() => tileBounds({ z: 3, x: 1.2, y: 0 }), /outside/);
  assert.throws(() => pixelCenterLonLat({ z: 12, x: 0, y: 0 }, 256, 0, 256), /outside a 256-pixel tile/);
  assert.throws(() => pixelGroundSizeMeters({ z: 12, x: 0, y: 0 }, -1, 256), /outside/);
  assert.throws(() => pixelCenterLonLat({ z: 12, x: 0, y: 0 }, 0, 0, 0), /positive integer/);
});

test.run();

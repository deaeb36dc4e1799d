// The synthetic world on real coastlines: land where the real land is, sea and large lakes where
// the real ones are (Natural Earth-scale OSM polygons of @geo-maps, README "Terrain sources").
// Places that came out 100 % water before (Fulda, Grafenwöhr, the Bernese Oberland) are land now.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import type { RasterSourceProvider, VectorSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { isRealWater, realWaterRow } from '../../workers/terrain/sources/synthetic/real-water.ts';
import { RIVER_WIDTH, syntheticRelief } from '../../workers/terrain/sources/synthetic/synthetic-relief.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import { tileOfLonLat } from './support/settlement-tile.ts';

const elevation = createSyntheticProvider('elevation') as RasterSourceProvider;
const landCover = createSyntheticProvider('land_cover') as RasterSourceProvider;
const roads = createSyntheticProvider('roads') as VectorSourceProvider;

const LAND = {
  Fulda: [9.68, 50.55],
  Grafenwoehr: [11.95, 49.7],
  Bern: [7.45, 46.95],
  Kouvola: [26.7, 60.87],
  'Fort Irwin': [-116.68, 35.26],
};
const WATER = {
  'North Sea': [3.0, 55.5],
  'Lake Constance': [9.4, 47.6],
  'Lake Geneva': [6.5, 46.43],
  'Gulf of Finland': [25.0, 59.8],
  Pacific: [-150, 0],
};

test('the real map: Fulda, Grafenwöhr, Bern, Kouvola and Fort Irwin are land; seas and large lakes are water', () => {
  for (const [name, [lon, lat]] of Object.entries(LAND)) assert.is(isRealWater(lon, lat), false, name);
  for (const [name, [lon, lat]] of Object.entries(WATER)) assert.is(isRealWater(lon, lat), true, name);
  // the same answer a world away (longitudes past the antimeridian wrap)
  assert.is(isRealWater(9.68 + 360, 50.55), false);
  assert.is(isRealWater(3.0 - 360, 55.5), true);
});

test('the work tile of each land place is land: ≥ 1 m everywhere, water only in river channels, with roads', async () => {
  for (const [name, [lon, lat]] of Object.entries(LAND)) {
    const tile = tileOfLonLat(lon, lat);
    const dem = (await elevation.readTile(tile)).data;
    const cover = (await landCover.readTile(tile)).data;
    let min = Infinity;
    for (const v of dem) min = Math.min(min, v);
    const water = cover.filter((c) => c === 80).length / cover.length;
    assert.ok(min >= 1, `${name}: lowest ${min} m`);
    assert.ok(water < 0.3, `${name}: ${(water * 100).toFixed(1)} % water`); // the generator's rivers are 100-800 m wide
    for (let row = 0; row < 256; row += 4) {
      for (let col = 0; col < 256; col += 4) {
        if (cover[row * 256 + col] !== 80) continue;
        const [x, y] = pixelCenterLonLat(tile, col, row);
        assert.ok(syntheticRelief(x, y).river < RIVER_WIDTH, `${name}: water off a river channel at (${col}, ${row})`);
      }
    }
    assert.ok((await roads.readTile(tile)).features.length > 0, `${name}: no road`);
  }
});

test('the North Sea and Lake Constance tiles are water below sea level, with no roads at sea', async () => {
  for (const name of ['North Sea', 'Lake Constance'] as const) {
    const [lon, lat] = WATER[name];
    const tile = tileOfLonLat(lon, lat);
    const dem = (await elevation.readTile(tile)).data;
    const cover = (await landCover.readTile(tile)).data;
    const water = cover.filter((c) => c === 80).length / cover.length;
    let max = -Infinity;
    for (const v of dem) max = Math.max(max, v);
    if (name === 'North Sea') {
      assert.is(water, 1);
      assert.ok(max <= -5, `${max}`);
      assert.is((await roads.readTile(tile)).features.length, 0);
    } else {
      assert.ok(water > 0.5, `${name}: ${(water * 100).toFixed(1)} % water`); // the lake fills most of its tile
    }
  }
});

test('a coastal tile: each pixel of the raster equals the point answer (row search and point search agree)', async () => {
  const tile = tileOfLonLat(24.94, 60.16); // Helsinki's shore
  const dem = (await elevation.readTile(tile)).data;
  const cover = (await landCover.readTile(tile)).data;
  let sea = 0;
  for (let row = 0; row < 256; row += 5) {
    const lons = Array.from({ length: 256 }, (_, col) => pixelCenterLonLat(tile, col, row)[0]);
    const lat = pixelCenterLonLat(tile, 0, row)[1];
    const rowWater = new Uint8Array(256);
    realWaterRow(lat, lons, rowWater);
    for (let col = 0; col < 256; col++) {
      const water = isRealWater(lons[col], lat);
      assert.is(rowWater[col] === 1, water, `(${col}, ${row})`);
      assert.is(dem[row * 256 + col], Math.fround(syntheticRelief(lons[col], lat).elevation), `(${col}, ${row})`);
      if (water) {
        sea += 1;
        assert.is(cover[row * 256 + col], 80);
      }
    }
  }
  assert.ok(sea > 500 && sea < 52 * 256 - 500, `the tile holds sea and land (${sea} sampled sea pixels)`);
});

test.run();

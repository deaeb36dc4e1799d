// The synthetic source: determinism, plausible value ranges, consistency between datasets, and
// continuity across tile borders and the antimeridian. No figure here is a recorded output of the
// generator: every assertion is an invariant the world must keep.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import type { Position } from 'geojson';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import type { RasterSourceProvider, VectorSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { snowlineMeters } from '../../workers/terrain/sources/synthetic/snowline-meters.ts';
import { RIVER_WIDTH, syntheticRelief } from '../../workers/terrain/sources/synthetic/synthetic-relief.ts';
import { SOIL_CLASSES } from '../../workers/terrain/sources/synthetic/synthetic-soil.ts';
import { ROAD_CLASSES } from '../../workers/terrain/sources/vector/road-class.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { DATASET_NAMES, type TileAddress, type TileFeature, type TileRaster } from '../../domain/terrain/types.ts';

const raster = (dataset: 'elevation' | 'land_cover' | 'population') =>
  createSyntheticProvider(dataset) as RasterSourceProvider;
const vector = (dataset: 'roads' | 'soil' | 'buildings') => createSyntheticProvider(dataset) as VectorSourceProvider;
const digest = (value: unknown) =>
  createHash('sha256')
    .update(
      value instanceof Uint8Array || ArrayBuffer.isView(value)
        ? Buffer.from((value as Uint8Array).buffer, (value as Uint8Array).byteOffset, (value as Uint8Array).byteLength)
        : JSON.stringify(value),
    )
    .digest('hex');

import { settlementNear, tileOfLonLat } from './support/settlement-tile.ts';

// The tile of a synthetic town in southern Finland: built-up land, countryside and streets.
const TOWN = settlementNear(25, 60, 'town');
const TOWN_TILE: TileAddress = tileOfLonLat(TOWN.lon, TOWN.lat);
const WORLDCOVER = new Set([10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 100]);

test('every dataset: kind, sampling, fingerprint and a description that says synthetic', () => {
  for (const dataset of DATASET_NAMES) {
    const provider = createSyntheticProvider(dataset);
    assert.is(provider.dataset, dataset);
    assert.is(provider.fingerprint, `synthetic:${dataset}:v2`);
    assert.match(provider.description, /^Synthetic /);
    assert.match(provider.description, /not a real survey/);
    assert.is(provider.kind, ['elevation', 'land_cover', 'population'].includes(dataset) ? 'raster' : 'vector');
  }
  assert.is(raster('elevation').sampling, 'bilinear');
  assert.is(raster('land_cover').sampling, 'nearest');
  assert.is(raster('population').sampling, 'nearest');
});

test('same place, same values: independent of provider instance and of which tile was read first', async () => {
  const a = TOWN_TILE,
    b = { ...TOWN_TILE, x: TOWN_TILE.x + 1 };
  for (const dataset of DATASET_NAMES) {
    const first = createSyntheticProvider(dataset);
    const second = createSyntheticProvider(dataset);
    const aThenB = [digest(((await first.readTile(a)) as TileRaster).data ?? (await first.readTile(a)))];
    const bFirst = await second.readTile(b);
    const bThenA = await second.readTile(a);
    assert.is(digest((bThenA as TileRaster).data ?? bThenA), aThenB[0], dataset);
    assert.is.not(digest((bFirst as TileRaster).data ?? bFirst), aThenB[0], `${dataset}: two tiles differ`);
  }
});

test('raster shapes: elevation Float32 with NaN nodata, land cover Uint8 with nodata 0, population Float32', async () => {
  const elevation = await raster('elevation').readTile(TOWN_TILE);
  const landCover = await raster('land_cover').readTile(TOWN_TILE);
  const population = await raster('population').readTile(TOWN_TILE);
  assert.instance(elevation.data, Float32Array);
  assert.ok(Number.isNaN(elevation.nodata));
  assert.instance(landCover.data, Uint8Array);
  assert.is(landCover.nodata, 0);
  assert.instance(population.data, Float32Array);
  for (const r of [elevation, landCover, population]) {
    assert.equal(r.tile, TOWN_TILE);
    assert.is(r.size, 256);
    assert.is(r.data.length, 65536);
  }
});

test('elevations stay in -50..4000 m everywhere, including poles and the antimeridian', async () => {
  const tiles: TileAddress[] = [
    { z: 12, x: 0, y: 0 },
    { z: 12, x: 4095, y: 4095 },
    { z: 12, x: 4095, y: 2048 },
    TOWN_TILE,
  ];
  let min = Infinity,
    max = -Infinity;
  for (let k = 0; k < 40; k++) tiles.push({ z: 12, x: (k * 997) % 4096, y: 300 + ((k * 631) % 3500) });
  for (const tile of tiles) {
    for (const v of (await raster('elevation').readTile(tile)).data) {
      assert.ok(Number.isFinite(v));
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  assert.ok(min >= -50 && max <= 4000, `${min}..${max}`);
  assert.ok(max - min > 500, 'the sample holds both lowland and mountains');
});

test('land cover follows relief: water at or below sea level, snow only above the snow line', async () => {
  for (const tile of [
    TOWN_TILE,
    { z: 12, x: 2390, y: 1720 },
    { z: 12, x: 1300, y: 2900 },
    { z: 12, x: 3100, y: 1000 },
  ]) {
    const elevation = (await raster('elevation').readTile(tile)).data;
    const landCover = (await raster('land_cover').readTile(tile)).data;
    for (let i = 0; i < elevation.length; i++) {
      assert.ok(WORLDCOVER.has(landCover[i]), `class ${landCover[i]}`);
      if (elevation[i] <= 0) assert.is(landCover[i], 80);
      if (landCover[i] === 70) {
        const [, lat] = pixelCenterLonLat(tile, i % 256, Math.floor(i / 256));
        assert.ok(elevation[i] >= snowlineMeters(lat));
      }
    }
  }
});

test('population: persons per pixel ≥ 0, none on water, more in built-up pixels than elsewhere', async () => {
  const landCover = (await raster('land_cover').readTile(TOWN_TILE)).data;
  const population = (await raster('population').readTile(TOWN_TILE)).data;
  let built = 0,
    builtPeople = 0,
    rural = 0,
    ruralPeople = 0;
  for (let i = 0; i < population.length; i++) {
    assert.ok(population[i] >= 0);
    if (landCover[i] === 80) assert.is(population[i], 0);
    if (landCover[i] === 50) {
      built++;
      builtPeople += population[i];
    } else if (landCover[i] !== 80) {
      rural++;
      ruralPeople += population[i];
    }
  }
  assert.ok(built > 0 && rural > 0, 'the tile holds a settlement and countryside');
  assert.ok(builtPeople / built > 10 * (ruralPeople / rural), 'settlements are denser than countryside');
});

test('the world is continuous across the antimeridian', () => {
  for (const lat of [-60, -12.5, 0, 33.3, 70]) {
    const west = syntheticRelief(-180, lat).elevation;
    const east = syntheticRelief(180, lat).elevation;
    assert.ok(Math.abs(west - east) < 1e-6, `${lat}: ${west} vs ${east}`);
  }
});

function endpoints(feature: TileFeature): Position[] {
  const g = feature.geometry as { type: string; coordinates: Position[] | Position[][] };
  const lines = g.type === 'LineString' ? [g.coordinates as Position[]] : (g.coordinates as Position[][]);
  return lines.flatMap((line) => [line[0], line[line.length - 1]]);
}

test('roads continue across tile borders: every cut on a shared edge has its partner in the neighbour', async () => {
  const west = TOWN_TILE,
    east = { ...TOWN_TILE, x: TOWN_TILE.x + 1 },
    south = { ...TOWN_TILE, y: TOWN_TILE.y + 1 };
  const cuts = async (tile: TileAddress, axis: 0 | 1, at: number) =>
    (await vector('roads').readTile(tile)).features
      .flatMap((f) =>
        endpoints(f)
          .filter((p) => Math.abs(p[axis] - at) < 1e-9)
          .map((p) => `${f.id}@${p[1 - axis].toFixed(9)}`),
      )
      .sort();
  const eastEdge = tileBounds(west)[2];
  const fromWest = await cuts(west, 0, eastEdge);
  const southEdge = tileBounds(west)[1];
  const fromNorth = await cuts(west, 1, southEdge);
  assert.ok(fromWest.length + fromNorth.length > 0, 'some road leaves the tile');
  assert.equal(await cuts(east, 0, eastEdge), fromWest);
  assert.equal(await cuts(south, 1, southEdge), fromNorth);
});

test('roads: classes, booleans and lanes are well formed; every lattice class appears in a 5 x 5 tile block', async () => {
  const classes = new Set<string>();
  for (let dy = 0; dy < 5; dy++)
    for (let dx = 0; dx < 5; dx++) {
      for (const f of (await vector('roads').readTile({ z: 12, x: 2328 + dx, y: 1184 + dy })).features) {
        assert.ok((ROAD_CLASSES as readonly string[]).includes(f.properties.class as string));
        assert.type(f.properties.oneway, 'boolean');
        assert.type(f.properties.bridge, 'boolean');
        assert.type(f.properties.tunnel, 'boolean');
        assert.type(f.properties.surface, 'string');
        classes.add(f.properties.class as string);
      }
    }
  for (const cls of ['residential', 'track', 'tertiary', 'secondary']) assert.ok(classes.has(cls), cls);
});

test('soil polygons tile the plane: clipped areas add up to the tile, no gaps or overlaps', async () => {
  for (const tile of [TOWN_TILE, { z: 12, x: 0, y: 1900 }, { z: 12, x: 4095, y: 1900 }]) {
    const [w, s, e, n] = tileBounds(tile);
    let area = 0;
    for (const f of (await vector('soil').readTile(tile)).features) {
      assert.ok((SOIL_CLASSES as readonly string[]).includes(f.properties.soil_class as string));
      const polygons =
        f.geometry.type === 'Polygon'
          ? [f.geometry.coordinates]
          : (f.geometry as { coordinates: Position[][][] }).coordinates;
      for (const rings of polygons) {
        const ring = rings[0];
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
          area += ((ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1])) / 2;
      }
    }
    assert.ok(
      Math.abs(Math.abs(area) - (e - w) * (n - s)) < 1e-9 * (e - w) * (n - s),
      `${area} vs ${(e - w) * (n - s)}`,
    );
  }
});

test('buildings: closed rectangles with kind, storeys and height, unique ids, none on water', async () => {
  const features = (await vector('buildings').readTile(TOWN_TILE)).features;
  assert.ok(features.length > 50);
  assert.is(new Set(features.map((f) => f.id)).size, features.length);
  for (const f of features) {
    assert.type(f.properties.building, 'string');
    assert.ok(Number.isInteger(f.properties.levels) && (f.properties.levels as number) >= 1);
    assert.is(f.properties.height, (f.properties.levels as number) * 3);
    const ring = (f.geometry as { coordinates: Position[][] }).coordinates[0];
    assert.equal(ring[0], ring[ring.length - 1]);
    if (ring.length === 5) {
      // not cut by the tile edge: its centre is on dry land
      const lon = (ring[0][0] + ring[2][0]) / 2,
        lat = (ring[0][1] + ring[2][1]) / 2;
      const relief = syntheticRelief(lon, lat);
      assert.ok(relief.elevation > 0 && relief.river >= RIVER_WIDTH);
    }
  }
});

test('bad input: an address off the grid is a RangeError; an aborted read rejects', async () => {
  for (const tile of [
    { z: 12, x: 4096, y: 0 },
    { z: 12, x: -1, y: 0 },
    { z: 12.5, x: 0, y: 0 },
  ]) {
    await raster('elevation')
      .readTile(tile)
      .then(
        () => assert.unreachable('accepted'),
        (e) => assert.instance(e, RangeError),
      );
    await vector('roads')
      .readTile(tile)
      .then(
        () => assert.unreachable('accepted'),
        (e) => assert.instance(e, RangeError),
      );
  }
  const controller = new AbortController();
  controller.abort();
  await vector('soil')
    .readTile(TOWN_TILE, controller.signal)
    .then(
      () => assert.unreachable('not aborted'),
      (e) => assert.is(e.name, 'AbortError'),
    );
});

test.run();

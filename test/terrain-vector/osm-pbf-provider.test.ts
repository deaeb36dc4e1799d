// The OSM PBF provider on a PBF file the test writes: tag normalisation, oneway handling, closed
// ways vs areas, multipolygon buildings, clipping at a work-tile border, and error codes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOsmPbfProvider } from '../../workers/terrain/sources/vector/create-osm-pbf-provider.ts';
import { SourceError } from '../../workers/terrain/sources/source-provider.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import type { TileFeature } from '../../domain/terrain/types.ts';
import { writeOsmPbf, type PbfNode, type PbfWay } from './support/write-osm-pbf.ts';

// Two neighbouring work tiles; the shared border is at longitude BORDER.
const WEST = { z: 12, x: 2331, y: 1185 };
const EAST = { z: 12, x: 2332, y: 1185 };
const [, south, BORDER, north] = tileBounds(WEST);
const lat = (f: number) => Number((south + (north - south) * f).toFixed(7));
const lon = (offset: number) => Number((BORDER + offset).toFixed(7));

const nodes: PbfNode[] = [
  { id: 1, lon: lon(-0.004), lat: lat(0.5) },
  { id: 2, lon: lon(-0.001), lat: lat(0.5) },
  { id: 3, lon: lon(0.003), lat: lat(0.5) },
  { id: 4, lon: lon(-0.01), lat: lat(0.2) },
  { id: 5, lon: lon(-0.005), lat: lat(0.2) },
  { id: 6, lon: lon(-0.01), lat: lat(0.3) },
  { id: 7, lon: lon(-0.01), lat: lat(0.4) },
  { id: 8, lon: lon(-0.008), lat: lat(0.4) },
  // a closed square building, all in the west tile
  { id: 30, lon: lon(-0.003), lat: lat(0.8) },
  { id: 31, lon: lon(-0.002), lat: lat(0.8) },
  { id: 32, lon: lon(-0.002), lat: lat(0.85) },
  { id: 33, lon: lon(-0.003), lat: lat(0.85) },
  // a multipolygon building with a courtyard, outer ring made of two ways
  { id: 40, lon: lon(-0.009), lat: lat(0.7) },
  { id: 41, lon: lon(-0.006), lat: lat(0.7) },
  { id: 42, lon: lon(-0.006), lat: lat(0.75) },
  { id: 43, lon: lon(-0.009), lat: lat(0.75) },
  { id: 44, lon: lon(-0.008), lat: lat(0.71) },
  { id: 45, lon: lon(-0.007), lat: lat(0.71) },
  { id: 46, lon: lon(-0.007), lat: lat(0.72) },
  // a building in the east tile
  { id: 50, lon: lon(0.002), lat: lat(0.6) },
  { id: 51, lon: lon(0.003), lat: lat(0.6) },
  { id: 52, lon: lon(0.003), lat: lat(0.61) },
];
const ways: PbfWay[] = [
  {
    id: 10,
    refs: [1, 2, 3],
    tags: { highway: 'primary', oneway: '-1', lanes: '2;3', bridge: 'viaduct', surface: 'Asphalt', name: 'Testikatu' },
  },
  { id: 11, refs: [4, 5], tags: { highway: 'motorway' } },
  { id: 12, refs: [5, 4], tags: { highway: 'motorway_link', oneway: 'no' } },
  { id: 13, refs: [6, 7], tags: { highway: 'footway', tunnel: 'yes', lanes: 'many' } },
  { id: 14, refs: [30, 31, 32, 33, 30], tags: { highway: 'pedestrian', area: 'yes' } },
  { id: 15, refs: [6, 999], tags: { highway: 'residential' } },
  { id: 16, refs: [7, 998, 8], tags: { highway: 'service', junction: 'roundabout' } },
  {
    id: 17,
    refs: [30, 31, 32, 33, 30],
    tags: { building: 'House', 'building:levels': '2', height: '7.5 m', name: 'Talo' },
  },
  { id: 18, refs: [30, 31, 32, 30], tags: { building: 'no' } },
  { id: 19, refs: [30, 31, 32], tags: { building: 'yes' } },
  { id: 21, refs: [40, 41, 42], tags: {} },
  { id: 22, refs: [42, 43, 40], tags: {} },
  { id: 23, refs: [44, 45, 46, 44], tags: {} },
  { id: 25, refs: [50, 51, 52, 50], tags: { building: 'garage', 'building:levels': 'two' } },
];
const relations = [
  {
    id: 20,
    tags: { type: 'multipolygon', building: 'apartments' },
    members: [
      { type: 'way' as const, ref: 22, role: 'outer' },
      { type: 'way' as const, ref: 21, role: 'outer' },
      { type: 'way' as const, ref: 23, role: 'inner' },
    ],
  },
  {
    id: 24,
    tags: { type: 'multipolygon', building: 'yes' },
    members: [{ type: 'way' as const, ref: 777, role: 'outer' }],
  },
];

let dir = '';
let path = '';
const byId = (features: TileFeature[]) => new Map(features.map((f) => [String(f.id), f]));

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'osm-pbf-'));
  path = join(dir, 'area.osm.pbf');
  await writeFile(path, writeOsmPbf({ nodes, ways, relations }));
});
test.after(() => rm(dir, { recursive: true, force: true }));

test('roads: tags are normalised; oneway=-1 reverses the line; areas and one-node ways are left out', async () => {
  const provider = createOsmPbfProvider('roads', path);
  assert.is(provider.kind, 'vector');
  assert.is(provider.dataset, 'roads');
  const west = byId((await provider.readTile(WEST)).features);
  assert.equal([...west.keys()].sort(), ['w10', 'w11', 'w12', 'w13', 'w16']);
  assert.equal(west.get('w10')!.properties, {
    class: 'primary',
    oneway: true,
    bridge: true,
    tunnel: false,
    surface: 'asphalt',
    lanes: 2,
    name: 'Testikatu',
  });
  assert.equal(west.get('w11')!.properties, { class: 'motorway', oneway: true, bridge: false, tunnel: false });
  assert.equal(west.get('w12')!.properties, { class: 'motorway', oneway: false, bridge: false, tunnel: false });
  assert.equal(west.get('w13')!.properties, { class: 'path', oneway: false, bridge: false, tunnel: true });
  assert.equal(west.get('w16')!.properties, { class: 'service', oneway: true, bridge: false, tunnel: false });
  // way 16 lost its missing middle node; way 10 is reversed and cut at the tile border
  assert.equal(west.get('w16')!.geometry, {
    type: 'LineString',
    coordinates: [
      [lon(-0.01), lat(0.4)],
      [lon(-0.008), lat(0.4)],
    ],
  });
  assert.equal(west.get('w10')!.geometry, {
    type: 'LineString',
    coordinates: [
      [BORDER, lat(0.5)],
      [lon(-0.001), lat(0.5)],
      [lon(-0.004), lat(0.5)],
    ],
  });
  const east = (await provider.readTile(EAST)).features;
  assert.is(east.length, 1);
  // The east tile cuts at its own west edge (equal to BORDER within a few ulps; the road graph snaps both).
  const eastWest = tileBounds(EAST)[0];
  assert.ok(Math.abs(eastWest - BORDER) < 1e-12);
  assert.equal(east[0].geometry, {
    type: 'LineString',
    coordinates: [
      [lon(0.003), lat(0.5)],
      [eastWest, lat(0.5)],
    ],
  });
});

test('buildings: closed ways and multipolygon relations with their courtyard; levels and height parsed', async () => {
  const provider = createOsmPbfProvider('buildings', path);
  const west = byId((await provider.readTile(WEST)).features);
  assert.equal([...west.keys()].sort(), ['r20', 'w17']);
  assert.equal(west.get('w17')!.properties, { building: 'house', levels: 2, height: 7.5, name: 'Talo' });
  assert.equal(west.get('r20')!.properties, { building: 'apartments' });
  const r20 = west.get('r20')!.geometry as { type: string; coordinates: number[][][] };
  assert.is(r20.type, 'Polygon');
  assert.is(r20.coordinates.length, 2, 'outer ring and one courtyard');
  assert.is(r20.coordinates[0].length, 5);
  assert.is(r20.coordinates[1].length, 4);
  const east = (await provider.readTile(EAST)).features;
  assert.equal(
    east.map((f) => [f.id, f.properties]),
    [['w25', { building: 'garage' }]],
  );
});

test('a tile with nothing in it is an empty collection, not an error', async () => {
  const provider = createOsmPbfProvider('roads', path);
  assert.equal(await provider.readTile({ z: 12, x: 100, y: 100 }), { type: 'FeatureCollection', features: [] });
});

test('fingerprint and description: stable for the same file, new after the file changes', async () => {
  const a = createOsmPbfProvider('roads', path);
  const b = createOsmPbfProvider('roads', path);
  assert.is(a.fingerprint, b.fingerprint);
  assert.match(a.fingerprint, /^osm-pbf:v2:[0-9a-f]{32}$/);
  assert.is(a.description, `OpenStreetMap roads from ${path}`);
  const other = join(dir, 'other.osm.pbf');
  await writeFile(other, writeOsmPbf({ nodes, ways: ways.slice(0, 2) }));
  assert.is.not(createOsmPbfProvider('roads', other).fingerprint, a.fingerprint);
});

test('errors: a missing file is unreachable, garbage and truncated files are invalid, other datasets are refused', async () => {
  const codeOf = async (p: Promise<unknown>) =>
    p.then(
      () => 'no error',
      (e: unknown) => (e instanceof SourceError ? e.code : String(e)),
    );
  assert.is(
    await codeOf(createOsmPbfProvider('roads', join(dir, 'missing.osm.pbf')).readTile(WEST)),
    'ROADS_SOURCE_UNREACHABLE',
  );
  assert.is(
    await codeOf(createOsmPbfProvider('buildings', join(dir, 'missing.osm.pbf')).readTile(WEST)),
    'BUILDINGS_SOURCE_UNREACHABLE',
  );
  const garbage = join(dir, 'garbage.osm.pbf');
  await writeFile(
    garbage,
    new Uint8Array(4000).map((_, i) => (i * 7919) % 251),
  );
  assert.is(await codeOf(createOsmPbfProvider('roads', garbage).readTile(WEST)), 'INVALID_SOURCE_DATA');
  const truncated = join(dir, 'truncated.osm.pbf');
  const whole = writeOsmPbf({ nodes, ways, relations });
  await writeFile(truncated, whole.subarray(0, whole.length - 40));
  assert.is(await codeOf(createOsmPbfProvider('roads', truncated).readTile(WEST)), 'INVALID_SOURCE_DATA');
  for (const dataset of ['soil', 'elevation'] as const) {
    assert.throws(
      () => createOsmPbfProvider(dataset, path),
      (e: unknown) => e instanceof SourceError && e.code === 'INVALID_SOURCE_CONFIG',
    );
  }
  assert.throws(
    () => createOsmPbfProvider('roads', 'https://example.test/a.osm.pbf'),
    (e: unknown) => e instanceof SourceError && e.code === 'INVALID_SOURCE_CONFIG',
  );
});

test('a failed read is not cached: the next read after the file appears succeeds', async () => {
  const later = join(dir, 'later.osm.pbf');
  const provider = createOsmPbfProvider('roads', later);
  await provider.readTile(WEST).catch(() => undefined);
  await writeFile(later, writeOsmPbf({ nodes, ways }));
  assert.is((await provider.readTile(WEST)).features.length, 5);
});

test('an unsorted file (no Sort.Type_then_ID) is read completely', async () => {
  const unsorted = join(dir, 'unsorted.osm.pbf');
  await writeFile(unsorted, writeOsmPbf({ nodes, ways, relations, sorted: false }));
  assert.is((await createOsmPbfProvider('buildings', unsorted).readTile(WEST)).features.length, 2);
});

test('a roads provider serves the waterway lines of its extract; fords and layers ride on the roads', async () => {
  const file = join(dir, 'water.osm.pbf');
  await writeFile(
    file,
    writeOsmPbf({
      nodes: [
        { id: 1, lon: lon(-0.01), lat: lat(0.5) },
        { id: 2, lon: lon(0.01), lat: lat(0.5) },
        { id: 3, lon: lon(-0.005), lat: lat(0.4) },
        { id: 4, lon: lon(-0.005), lat: lat(0.6) },
      ],
      ways: [
        { id: 1, refs: [1, 2], tags: { waterway: 'river', width: '30 m', name: 'Joki' } },
        { id: 2, refs: [3, 4], tags: { waterway: 'stream', tunnel: 'culvert' } },
        { id: 3, refs: [3, 4], tags: { highway: 'track', ford: 'yes' } },
        { id: 4, refs: [4, 3], tags: { highway: 'residential', layer: '1' } },
      ],
    }),
  );
  const roads = createOsmPbfProvider('roads', file);
  assert.ok(roads.waterways, 'a roads provider has waterways');
  assert.is(createOsmPbfProvider('buildings', file).waterways, undefined);
  assert.is.not(roads.waterways!.fingerprint, roads.fingerprint);
  const water = (await roads.waterways!.readTile(WEST)).features;
  assert.equal(
    water.map((f) => [f.id, f.properties]),
    [['w1', { waterway: 'river', width_m: 30, name: 'Joki' }]],
  );
  assert.equal(
    (water[0]!.geometry as { coordinates: number[][] }).coordinates,
    [
      [lon(-0.01), lat(0.5)],
      [BORDER, lat(0.5)],
    ],
    'clipped to the tile',
  );
  const byRoad = byId((await roads.readTile(WEST)).features);
  assert.equal(byRoad.get('w3')!.properties, {
    class: 'track',
    oneway: false,
    bridge: false,
    tunnel: false,
    ford: true,
  });
  assert.equal(byRoad.get('w4')!.properties.layer, 1);
  assert.not.ok('w1' in Object.fromEntries(byRoad), 'a waterway is not a road');
});

test.run();

// Land cover from an OSM PBF file the test writes: every pixel of two work tiles is compared with
// the raster expected from the coverage rule (the area under a pixel's centre; the smallest area
// where several overlap; unmapped pixels nodata), plus the tag mapping, the raster-first fill and
// the configuration.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOsmLandCoverProvider } from '../../workers/terrain/sources/vector/create-osm-land-cover-provider.ts';
import { osmLandCoverClass } from '../../workers/terrain/sources/vector/osm/osm-land-cover-class.ts';
import { createFilledRasterProvider } from '../../workers/terrain/sources/create-filled-raster-provider.ts';
import { createSourceProvider, sourceProvidersFromEnv } from '../../workers/terrain/sources/create-source-provider.ts';
import { SourceError, type RasterSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { tileBoundsMercator } from '../../domain/terrain/tile-bounds-mercator.ts';
import { mercatorToLonLat } from '../../domain/terrain/mercator-to-lon-lat.ts';
import type { TileAddress, TileRaster } from '../../domain/terrain/types.ts';
import { writeOsmPbf, type PbfNode, type PbfRelation, type PbfWay } from './support/write-osm-pbf.ts';

const WEST: TileAddress = { z: 12, x: 2331, y: 1185 };
const EAST: TileAddress = { z: 12, x: 2332, y: 1185 };
const SIZE = 256;

// Nodes at pixel coordinates (x columns, y rows from the north-west corner of WEST; x ≥ 256 is in EAST).
const nodes: PbfNode[] = [];
function node(x: number, y: number): number {
  const [minX, , maxX, maxY] = tileBoundsMercator(WEST);
  const pixel = (maxX - minX) / SIZE;
  const [lon, lat] = mercatorToLonLat(minX + x * pixel, maxY - y * pixel);
  nodes.push({ id: nodes.length + 1, lon: Number(lon.toFixed(7)), lat: Number(lat.toFixed(7)) });
  return nodes.length;
}
/** A closed way's refs around the pixel rectangle [x0, x1] × [y0, y1]. */
function rect(x0: number, y0: number, x1: number, y1: number): number[] {
  const ids = [node(x0, y0), node(x1, y0), node(x1, y1), node(x0, y1)];
  return [...ids, ids[0]];
}

const ways: PbfWay[] = [
  { id: 1, refs: rect(0, 0, 10, 10), tags: { landuse: 'forest' } },
  { id: 2, refs: rect(2, 2, 5, 5), tags: { natural: 'water', water: 'lake' } }, // a lake in the forest
  { id: 3, refs: rect(7, 7, 8, 8), tags: { building: 'yes' } }, // a one-pixel building in the forest
  { id: 4, refs: rect(20, 0, 30, 10), tags: {} }, // outer of the bog relation
  { id: 5, refs: rect(22, 2, 24, 4), tags: {} }, // its hole
  { id: 6, refs: rect(40, 0, 42, 2), tags: { natural: 'wetland', wetland: 'mangrove' } },
  // a triangle whose long side passes a quarter pixel from the centres next to it
  {
    id: 7,
    refs: (() => {
      const a = node(50, 0);
      return [a, node(60.25, 0), node(50, 10.25), a];
    })(),
    tags: { landuse: 'meadow' },
  },
  { id: 8, refs: rect(0, 20, 64, 41), tags: { landuse: 'residential' } },
  { id: 9, refs: rect(5, 25, 10, 30), tags: { leisure: 'park' } }, // smaller: wins over the residential area
  { id: 10, refs: rect(70, 0, 80, 10), tags: { landuse: 'military' } }, // says nothing about cover
  { id: 11, refs: rect(82, 0, 90, 10), tags: { natural: 'water', intermittent: 'yes' } }, // not permanent water
  {
    id: 12,
    refs: (() => {
      const r = rect(100, 0, 110, 10);
      return r.slice(0, 4);
    })(),
    tags: { landuse: 'forest' },
  }, // not closed
  { id: 13, refs: rect(250, 50, 261, 60), tags: { landuse: 'farmland' } }, // across the tile border
  { id: 14, refs: rect(120, 0, 130, 10), tags: { natural: 'glacier' } },
  { id: 15, refs: rect(140, 0, 150, 4), tags: { natural: 'bare_rock' } },
  { id: 16, refs: rect(160, 0, 170, 4), tags: { natural: 'scrub' } },
];
const relations: PbfRelation[] = [
  {
    id: 100,
    tags: { type: 'multipolygon', natural: 'wetland', wetland: 'bog' },
    members: [
      { type: 'way', ref: 4, role: 'outer' },
      { type: 'way', ref: 5, role: 'inner' },
    ],
  },
];

function fill(raster: Uint8Array, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) raster[y * SIZE + x] = value;
}

function expectedWest(): Uint8Array {
  const r = new Uint8Array(SIZE * SIZE);
  fill(r, 0, 0, 10, 10, 10);
  fill(r, 2, 2, 5, 5, 80);
  fill(r, 7, 7, 8, 8, 50);
  fill(r, 20, 0, 30, 10, 90);
  fill(r, 22, 2, 24, 4, 0);
  fill(r, 40, 0, 42, 2, 95);
  // centre (x + 0.5, y + 0.5) inside x + y < 60.25: row y holds columns 50 .. 59 - y
  for (let y = 0; y < 10; y++) fill(r, 50, y, 60 - y, y + 1, 30);
  fill(r, 0, 20, 64, 41, 50);
  fill(r, 5, 25, 10, 30, 30);
  fill(r, 250, 50, 256, 60, 40);
  fill(r, 120, 0, 130, 10, 70);
  fill(r, 140, 0, 150, 4, 60);
  fill(r, 160, 0, 170, 4, 20);
  return r;
}

let dir = '';
let path = '';
test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'osm-cover-'));
  path = join(dir, 'area.osm.pbf');
  await writeFile(path, writeOsmPbf({ nodes, ways, relations }));
});
test.after(() => rm(dir, { recursive: true, force: true }));

function differences(actual: ArrayLike<number>, expected: ArrayLike<number>): string[] {
  const out: string[] = [];
  for (let i = 0; i < expected.length && out.length < 10; i++) {
    if (actual[i] !== expected[i]) out.push(`(${i % SIZE}, ${Math.floor(i / SIZE)}): ${actual[i]} != ${expected[i]}`);
  }
  return out;
}

test('every pixel of two tiles: centre rule, smallest area wins, holes, unmapped pixels nodata', async () => {
  const provider = createOsmLandCoverProvider(path);
  assert.is(provider.kind, 'raster');
  assert.is(provider.dataset, 'land_cover');
  assert.is(provider.sampling, 'nearest');
  const west = await provider.readTile(WEST);
  assert.is(west.nodata, 0);
  assert.is(west.size, SIZE);
  assert.equal(differences(west.data, expectedWest()), []);
  const east = await provider.readTile(EAST);
  const expectedEast = new Uint8Array(SIZE * SIZE);
  fill(expectedEast, 0, 50, 5, 60, 40);
  assert.equal(differences(east.data, expectedEast), []);
  // counts as a reader would quote them
  const count = (value: number) => west.data.filter((v) => v === value).length;
  assert.equal(
    [count(10), count(80), count(50), count(90), count(95), count(30)],
    [100 - 9 - 1, 9, 1 + 64 * 21 - 25, 96, 4, 55 + 25],
  );
});

test('the tag mapping: water first, wetland kinds, buildings over land use, unknown values and prototype keys', () => {
  assert.is(osmLandCoverClass({ natural: 'water', landuse: 'reservoir' }), 80);
  assert.is(osmLandCoverClass({ waterway: 'riverbank' }), 80);
  assert.is(osmLandCoverClass({ landuse: 'basin' }), 80);
  assert.is(osmLandCoverClass({ natural: 'water', seasonal: 'yes' }), null);
  assert.is(osmLandCoverClass({ natural: 'wetland' }), 90);
  assert.is(osmLandCoverClass({ natural: 'wetland', wetland: 'reedbed' }), 90);
  assert.is(osmLandCoverClass({ natural: 'wetland', wetland: 'swamp' }), 10);
  assert.is(osmLandCoverClass({ natural: 'wetland', wetland: 'tidalflat' }), 60);
  assert.is(osmLandCoverClass({ building: 'house', landuse: 'farmland' }), 50);
  assert.is(osmLandCoverClass({ building: 'no', landuse: 'farmland' }), 40);
  assert.is(osmLandCoverClass({ landuse: 'orchard' }), 10);
  assert.is(osmLandCoverClass({ landuse: 'vineyard' }), 20);
  assert.is(osmLandCoverClass({ natural: 'heath' }), 20);
  assert.is(osmLandCoverClass({ leisure: 'golf_course' }), 30);
  assert.is(osmLandCoverClass({ amenity: 'parking' }), 50);
  assert.is(osmLandCoverClass({ landuse: 'quarry' }), 60);
  assert.is(osmLandCoverClass({ landuse: 'forest', area: 'no' }), null);
  assert.is(osmLandCoverClass({ landuse: 'constructor' }), null);
  assert.is(osmLandCoverClass({ natural: 'toString' }), null);
  assert.is(osmLandCoverClass({ highway: 'primary' }), null);
});

function fakeRaster(
  values: (tile: TileAddress) => TileRaster | 'no-coverage',
  fingerprint: string,
): RasterSourceProvider & { reads: number } {
  const provider = {
    kind: 'raster' as const,
    dataset: 'land_cover' as const,
    sampling: 'nearest' as const,
    fingerprint,
    description: fingerprint,
    reads: 0,
    async readTile(tile: TileAddress) {
      provider.reads += 1;
      const raster = values(tile);
      if (raster === 'no-coverage') throw new SourceError('NO_COVERAGE', 'outside', 'land_cover');
      return raster;
    },
  };
  return provider;
}

test('a raster completed by OSM: the raster wins where it has a class, OSM fills nodata and uncovered tiles', async () => {
  const osm = createOsmLandCoverProvider(path);
  // the raster knows the left half of WEST (class 40 everywhere there), nothing right of it; EAST is outside it
  const primary = fakeRaster((tile) => {
    if (tile.x === EAST.x) return 'no-coverage';
    const data = new Uint8Array(SIZE * SIZE);
    for (let i = 0; i < data.length; i++) if (i % SIZE < 128) data[i] = 40;
    return { tile, size: SIZE, data, nodata: 0 };
  }, 'raster-a');
  const filled = createFilledRasterProvider(primary, osm);
  const west = await filled.readTile(WEST);
  const expected = expectedWest();
  for (let i = 0; i < expected.length; i++) if (i % SIZE < 128) expected[i] = 40;
  assert.equal(differences(west.data, expected), []);
  assert.equal(differences((await filled.readTile(EAST)).data, (await osm.readTile(EAST)).data), []);
  assert.is(filled.fingerprint, `filled(raster-a|${osm.fingerprint})`);
  assert.match(filled.description, /raster-a; where it has no data: OpenStreetMap land cover/);

  // a raster with no nodata pixel never reads the fallback; other errors are not hidden by it
  const fallback = fakeRaster(() => {
    throw new Error('must not be read');
  }, 'never');
  const full = createFilledRasterProvider(
    fakeRaster((tile) => ({ tile, size: SIZE, data: new Uint8Array(SIZE * SIZE).fill(30), nodata: 0 }), 'full'),
    fallback,
  );
  assert.is((await full.readTile(WEST)).data[0], 30);
  assert.is(fallback.reads, 0);
  const broken = createFilledRasterProvider(
    fakeRaster(() => {
      throw new SourceError('LAND_COVER_SOURCE_UNREACHABLE', 'down', 'land_cover');
    }, 'b'),
    osm,
  );
  const error = await broken.readTile(WEST).catch((e: unknown) => e);
  assert.ok(error instanceof SourceError && error.code === 'LAND_COVER_SOURCE_UNREACHABLE');
});

test('configuration: osm-pbf as LAND_COVER_SOURCE; a raster with an OSM extract for roads is completed by it', () => {
  const alone = createSourceProvider('land_cover', `osm-pbf:${path}`);
  assert.is(alone.kind, 'raster');
  assert.match(alone.description, /^OpenStreetMap land cover/);
  assert.throws(
    () => createSourceProvider('land_cover', 'osm-pbf:https://h/x.osm.pbf'),
    (e: unknown) => e instanceof SourceError && e.code === 'INVALID_SOURCE_CONFIG',
  );
  assert.throws(
    () => createSourceProvider('soil', `osm-pbf:${path}`),
    (e: unknown) => e instanceof SourceError && e.code === 'INVALID_SOURCE_CONFIG',
  );

  const both = sourceProvidersFromEnv({
    LAND_COVER_SOURCE: 'geotiff:/data/worldcover.tif',
    ROADS_SOURCE: `osm-pbf:${path}`,
  });
  assert.match(both.land_cover.fingerprint, /^filled\(geotiff\|.*\|osm-pbf:v2:[0-9a-f]{32}:land-cover-v1\)$/);
  assert.match(both.land_cover.description, /where it has no data: OpenStreetMap land cover .* from /);
  const fromBuildings = sourceProvidersFromEnv({
    LAND_COVER_SOURCE: 'geotiff:/data/worldcover.tif',
    BUILDINGS_SOURCE: `osm-pbf:${path}`,
  });
  assert.match(fromBuildings.land_cover.fingerprint, /^filled\(/);
  // no raster: nothing is switched behind the user's back (synthetic stays synthetic, OSM stays OSM)
  assert.match(sourceProvidersFromEnv({ ROADS_SOURCE: `osm-pbf:${path}` }).land_cover.description, /^Synthetic/);
  assert.match(
    sourceProvidersFromEnv({ LAND_COVER_SOURCE: 'geotiff:/data/wc.tif' }).land_cover.fingerprint,
    /^geotiff\|/,
  );
});

test('land cover of a missing file is LAND_COVER_SOURCE_UNREACHABLE', async () => {
  const error = await createOsmLandCoverProvider(join(dir, 'missing.osm.pbf'))
    .readTile(WEST)
    .catch((e: unknown) => e);
  assert.ok(error instanceof SourceError && error.code === 'LAND_COVER_SOURCE_UNREACHABLE', String(error));
});

test.run();

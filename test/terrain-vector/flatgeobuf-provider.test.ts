// The FlatGeobuf provider on files GDAL writes (with and without spatial index), from disk and over
// a loopback HTTP server that honours Range: the indexed path must fetch only header, index and the
// tile's features, never the whole file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFlatGeobufProvider } from '../../workers/terrain/sources/vector/create-flatgeobuf-provider.ts';
import { SourceError } from '../../workers/terrain/sources/source-provider.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { serveBytes, type ByteServer } from './support/serve-bytes.ts';
import { cellsInBounds, SOIL_BLOCK, soilGrid } from './support/soil-grid.ts';

const grid = soilGrid();
let dir = '';
let indexed = '';
let unindexed = '';
let mercator = '';
let indexedBytes: Uint8Array;
let server: ByteServer;
let noRangeServer: ByteServer;

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: unknown) => (e instanceof SourceError ? e.code : String(e)),
  );
const ogr2ogr = (...args: string[]) => execFileSync('ogr2ogr', args, { stdio: 'pipe' });

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fgb-'));
  const source = join(dir, 'soil.geojson');
  await writeFile(source, JSON.stringify(grid));
  indexed = join(dir, 'soil.fgb');
  unindexed = join(dir, 'soil-no-index.fgb');
  mercator = join(dir, 'soil-3857.fgb');
  ogr2ogr('-f', 'FlatGeobuf', indexed, source);
  ogr2ogr('-f', 'FlatGeobuf', '-lco', 'SPATIAL_INDEX=NO', unindexed, source);
  ogr2ogr('-f', 'FlatGeobuf', '-t_srs', 'EPSG:3857', mercator, source);
  indexedBytes = new Uint8Array(await readFile(indexed));
  server = await serveBytes({
    '/soil.fgb': indexedBytes,
    '/cut.fgb': indexedBytes.subarray(0, indexedBytes.length - 500),
  });
  noRangeServer = await serveBytes({ '/soil.fgb': indexedBytes }, { ignoreRange: true });
});
test.after(async () => {
  await server.close();
  await noRangeServer.close();
  await rm(dir, { recursive: true, force: true });
});

const cellsOf = (features: Array<{ properties: Record<string, unknown> }>) =>
  features.map((f) => f.properties.cell as number).sort((a, b) => a - b);

for (const [name, location] of [
  ['indexed file', () => indexed],
  ['file without index', () => unindexed],
] as const) {
  test(`${name}: each tile gets exactly the squares overlapping it, with properties`, async () => {
    const provider = createFlatGeobufProvider('soil', location());
    let total = 0;
    for (const tile of SOIL_BLOCK) {
      const features = (await provider.readTile(tile)).features;
      assert.equal(cellsOf(features), cellsInBounds(grid, tileBounds(tile)));
      for (const f of features)
        assert.is(f.properties.soil_class, grid.features[f.properties.cell as number].properties.soil_class);
      total += features.length;
    }
    assert.is(total, 400);
  });
}

test('http with Range: header+index once, then one range read per tile; far fewer bytes than the file', async () => {
  server.requests.length = 0;
  const provider = createFlatGeobufProvider('soil', server.url('/soil.fgb'));
  const first = (await provider.readTile(SOIL_BLOCK[0])).features;
  assert.equal(cellsOf(first), cellsInBounds(grid, tileBounds(SOIL_BLOCK[0])));
  // magic+header size, header, index, features
  assert.is(server.requests.length, 4);
  assert.ok(server.requests.every((r) => r.method === 'GET' && r.range !== null));
  await provider.readTile(SOIL_BLOCK[3]);
  assert.is(server.requests.length, 5);
  const sent = server.requests.reduce((n, r) => n + r.bytesSent, 0);
  assert.ok(sent < indexedBytes.length * 0.75, `sent ${sent} of ${indexedBytes.length}`);
  // a tile with no features costs no request at all
  assert.equal((await provider.readTile({ z: 12, x: 0, y: 0 })).features, []);
  assert.is(server.requests.length, 5);
});

test('http server that ignores Range: still correct', async () => {
  const provider = createFlatGeobufProvider('soil', noRangeServer.url('/soil.fgb'));
  assert.equal(
    cellsOf((await provider.readTile(SOIL_BLOCK[2])).features),
    cellsInBounds(grid, tileBounds(SOIL_BLOCK[2])),
  );
});

test('fingerprint and description', () => {
  const provider = createFlatGeobufProvider('soil', indexed);
  assert.match(provider.fingerprint, /^flatgeobuf:v1:[0-9a-f]{32}$/);
  assert.is(provider.fingerprint, createFlatGeobufProvider('soil', indexed).fingerprint);
  assert.is.not(provider.fingerprint, createFlatGeobufProvider('soil', unindexed).fingerprint);
  assert.is(provider.description, `FlatGeobuf soil from ${indexed}`);
});

test('errors: missing file, 404 and refused connection are unreachable; garbage, truncation and a projected CRS are invalid', async () => {
  assert.is(
    await codeOf(createFlatGeobufProvider('soil', join(dir, 'none.fgb')).readTile(SOIL_BLOCK[0])),
    'SOIL_SOURCE_UNREACHABLE',
  );
  assert.is(
    await codeOf(createFlatGeobufProvider('soil', server.url('/none.fgb')).readTile(SOIL_BLOCK[0])),
    'SOIL_SOURCE_UNREACHABLE',
  );
  assert.is(
    await codeOf(createFlatGeobufProvider('roads', 'http://127.0.0.1:1/x.fgb').readTile(SOIL_BLOCK[0])),
    'ROADS_SOURCE_UNREACHABLE',
  );
  const garbage = join(dir, 'garbage.fgb');
  await writeFile(
    garbage,
    new Uint8Array(3000).map((_, i) => (i * 31) % 256),
  );
  assert.is(await codeOf(createFlatGeobufProvider('soil', garbage).readTile(SOIL_BLOCK[0])), 'INVALID_SOURCE_DATA');
  const headerOnly = join(dir, 'header-only.fgb');
  await writeFile(headerOnly, indexedBytes.subarray(0, 200));
  assert.is(await codeOf(createFlatGeobufProvider('soil', headerOnly).readTile(SOIL_BLOCK[0])), 'INVALID_SOURCE_DATA');
  assert.is(
    await codeOf(createFlatGeobufProvider('soil', server.url('/cut.fgb')).readTile(SOIL_BLOCK[3])),
    'INVALID_SOURCE_DATA',
  );
  const error = await createFlatGeobufProvider('soil', mercator)
    .readTile(SOIL_BLOCK[0])
    .then(
      () => null,
      (e: unknown) => e as SourceError,
    );
  assert.is(error?.code, 'INVALID_SOURCE_DATA');
  assert.match(error!.message, /EPSG:3857 is not supported/);
});

test.run();

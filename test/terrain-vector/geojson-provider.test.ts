import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGeoJsonProvider } from '../../workers/terrain/sources/vector/create-geojson-provider.ts';
import { SourceError } from '../../workers/terrain/sources/source-provider.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { serveBytes, type ByteServer } from './support/serve-bytes.ts';
import { cellsInBounds, SOIL_BLOCK, soilGrid } from './support/soil-grid.ts';

const grid = soilGrid();
const text = JSON.stringify(grid);
let dir = '';
let path = '';
let server: ByteServer;

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: unknown) => (e instanceof SourceError ? e.code : String(e)),
  );

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'geojson-'));
  path = join(dir, 'soil.geojson');
  await writeFile(path, text);
  server = await serveBytes({ '/soil.geojson': text, '/broken.geojson': '{"type":"FeatureCollection","features":[' });
});
test.after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test('file: each work tile gets exactly the polygons overlapping it, clipped, with properties', async () => {
  const provider = createGeoJsonProvider('soil', path);
  let total = 0;
  for (const tile of SOIL_BLOCK) {
    const features = (await provider.readTile(tile)).features;
    const expected = cellsInBounds(grid, tileBounds(tile));
    assert.equal(
      features.map((f) => f.properties.cell),
      expected,
    );
    total += features.length;
    for (const f of features) assert.is(f.id, `f${f.properties.cell}`);
  }
  // 380 squares; the lat border cuts the middle row of 20 into two parts each
  assert.is(total, 400);
});

test('a square cut by the tile border ends exactly on it', async () => {
  const tile = SOIL_BLOCK[0];
  const [, south] = tileBounds(tile);
  const features = (await createGeoJsonProvider('soil', path).readTile(tile)).features;
  const cut = features.filter((f) =>
    (f.geometry as { coordinates: number[][][] }).coordinates[0].some((p) => p[1] === south),
  );
  assert.is(cut.length, 10);
  assert.is(cut[0].properties.soil_class, grid.features[cut[0].properties.cell as number].properties.soil_class);
});

test('url: same features as the file, one GET for the whole document', async () => {
  const provider = createGeoJsonProvider('soil', server.url('/soil.geojson'));
  for (const tile of SOIL_BLOCK) {
    assert.equal(
      (await provider.readTile(tile)).features.map((f) => f.properties.cell),
      cellsInBounds(grid, tileBounds(tile)),
    );
  }
  assert.is(server.requests.filter((r) => r.path === '/soil.geojson').length, 1);
});

test('empty tile → empty collection; fingerprint and description', async () => {
  const provider = createGeoJsonProvider('soil', path);
  assert.equal((await provider.readTile({ z: 12, x: 0, y: 0 })).features, []);
  assert.match(provider.fingerprint, /^geojson:v1:[0-9a-f]{32}$/);
  assert.is(provider.fingerprint, createGeoJsonProvider('soil', path).fingerprint);
  assert.is.not(provider.fingerprint, createGeoJsonProvider('soil', server.url('/soil.geojson')).fingerprint);
  assert.is(provider.description, `GeoJSON soil from ${path}`);
});

test('unreachable: missing file, 404, refused connection', async () => {
  assert.is(
    await codeOf(createGeoJsonProvider('soil', join(dir, 'nope.geojson')).readTile(SOIL_BLOCK[0])),
    'SOIL_SOURCE_UNREACHABLE',
  );
  assert.is(
    await codeOf(createGeoJsonProvider('roads', server.url('/nope.geojson')).readTile(SOIL_BLOCK[0])),
    'ROADS_SOURCE_UNREACHABLE',
  );
  assert.is(
    await codeOf(createGeoJsonProvider('buildings', 'http://127.0.0.1:1/x.geojson').readTile(SOIL_BLOCK[0])),
    'BUILDINGS_SOURCE_UNREACHABLE',
  );
});

test('invalid data: truncated JSON, not GeoJSON, positions out of range or not numbers, not UTF-8', async () => {
  assert.is(
    await codeOf(createGeoJsonProvider('soil', server.url('/broken.geojson')).readTile(SOIL_BLOCK[0])),
    'INVALID_SOURCE_DATA',
  );
  const cases: Array<[string, string | Uint8Array]> = [
    ['array.geojson', '[1,2,3]'],
    [
      'unknown-type.geojson',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Circle', coordinates: [1, 2] } }],
      }),
    ],
    [
      'lat-lon-swapped.geojson',
      JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [60, 170] } }),
    ],
    [
      'string-coords.geojson',
      JSON.stringify({
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'LineString',
          coordinates: [
            ['1', '2'],
            [3, 4],
          ],
        },
      }),
    ],
    [
      'flat-ring.geojson',
      JSON.stringify({
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        },
      }),
    ],
    ['latin1.geojson', new Uint8Array([0x7b, 0xe9, 0x7d])],
  ];
  for (const [name, content] of cases) {
    await writeFile(join(dir, name), content);
    const error = await createGeoJsonProvider('soil', join(dir, name))
      .readTile(SOIL_BLOCK[0])
      .then(
        () => null,
        (e: unknown) => e,
      );
    assert.instance(error, SourceError, name);
    assert.is((error as SourceError).code, 'INVALID_SOURCE_DATA', name);
    assert.is((error as SourceError).dataset, 'soil');
  }
});

test('a bare geometry and a single Feature are accepted; null geometries are skipped', async () => {
  const [w, s] = tileBounds(SOIL_BLOCK[0]);
  await writeFile(join(dir, 'point.geojson'), JSON.stringify({ type: 'Point', coordinates: [w + 0.001, s + 0.001] }));
  await writeFile(
    join(dir, 'nulls.geojson'),
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 7, properties: null, geometry: null },
        {
          type: 'Feature',
          id: 8,
          properties: { a: 1 },
          geometry: { type: 'Point', coordinates: [w + 0.001, s + 0.001] },
        },
      ],
    }),
  );
  assert.is(
    (await createGeoJsonProvider('buildings', join(dir, 'point.geojson')).readTile(SOIL_BLOCK[0])).features.length,
    1,
  );
  const features = (await createGeoJsonProvider('buildings', join(dir, 'nulls.geojson')).readTile(SOIL_BLOCK[0]))
    .features;
  assert.equal(features, [
    { type: 'Feature', id: 8, properties: { a: 1 }, geometry: { type: 'Point', coordinates: [w + 0.001, s + 0.001] } },
  ]);
});

test.run();

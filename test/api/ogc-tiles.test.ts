// OGC API Tiles over HTTP, on PGlite and PostgreSQL: the documents (landing page, conformance,
// WebMercatorQuad, collections with their prepared extents, tilesets), and the tiles themselves:
// 200 with type, ETag and Cache-Control and bytes that decode to what was stored, 304, 204 empty
// or not-ready, 404 for every bad address, 503 when storage fails, the global catalog across
// accounts, and the map-owned collections endpoint with its access rules. Jobs are put in chosen
// states through the terrain job decider; tiles are written to the blob store as workers do.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http } from '../support/test-service.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { MAX_MERCATOR_LATITUDE } from '../../domain/terrain/work-grid.ts';
import { decodeElevationPng } from '../../workers/terrain/products/raster/decode-elevation-png.ts';
import { contentEtag } from '../../api/ogc/content-etag.ts';
import {
  createJob,
  elevationPng,
  heightAt,
  putTile,
  roadsMvt,
  startTilesService,
  type TilesService,
} from './ogc-tiles-support.ts';

const ROOT = '/api/ogc/tiles';
const COLLECTION_IDS = [
  'svc-native--terrain-elevation',
  'svc-native--terrain-landcover',
  'svc-native--roads',
  'svc-native--soil',
  'svc-native--population',
  'svc-native--buildings',
];
const tilePath = (collection: string, z: number, y: number, x: number, ext: string) =>
  `${ROOT}/collections/${collection}/tiles/WebMercatorQuad/${z}/${y}/${x}.${ext}`;
const elevation = (t: TileAddress) => tilePath('svc-native--terrain-elevation', t.z, t.y, t.x, 'png');
const roads = (t: TileAddress, ext = 'mvt') => tilePath('svc-native--roads', t.z, t.y, t.x, ext);

/** Work tiles of the fixture areas (zoom 12). */
const AREA_A: Array<[number, number]> = [
  [2176, 1360],
  [2177, 1360],
  [2176, 1361],
  [2177, 1361],
];
const AREA_B: Array<[number, number]> = [[2300, 1300]];
const AREA_C: Array<[number, number]> = [[2400, 1400]];
const AREA_D: Array<[number, number]> = [[2500, 1500]];
/** The last column of zoom-8 tile x = 140 (work columns 2240..2255). */
const AREA_E: Array<[number, number]> = [[2255, 1440]];

async function get(
  svc: TilesService,
  path: string,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const key = options.key === undefined ? svc.key : options.key;
  const response = await fetch(svc.url + path, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: () => JSON.parse(Buffer.from(bytes).toString('utf8')),
  };
}

/** [west, south, east, north] of a set of work tiles. */
function boundsOf(tiles: Array<[number, number]>) {
  const xs = tiles.map(([x]) => x);
  const ys = tiles.map(([, y]) => y);
  const [west, , , north] = tileBounds({ z: 12, x: Math.min(...xs), y: Math.min(...ys) });
  const [, south, east] = tileBounds({ z: 12, x: Math.max(...xs), y: Math.max(...ys) });
  return [west, south, east, north];
}

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TilesService }>(`ogc tiles [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTilesService(backend);
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test('landing page, conformance and the WebMercatorQuad tile matrix set', async ({ svc }) => {
    const root = `${svc.url}${ROOT}`;
    const landing = await http(svc.url, 'GET', ROOT, { key: svc.key });
    assert.is(landing.status, 200);
    assert.match(landing.headers.get('content-type')!, /^application\/json/);
    assert.equal(
      landing.body.links.map((l: any) => [l.rel, l.href, l.type]),
      [
        ['self', root, 'application/json'],
        ['service-desc', `${svc.url}/api/openapi.json`, 'application/vnd.oai.openapi+json;version=3.1'],
        ['conformance', `${root}/conformance`, 'application/json'],
        ['data', `${root}/collections`, 'application/json'],
        ['http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes', `${root}/tileMatrixSets`, 'application/json'],
      ],
    );
    const proxied = await http(svc.url, 'GET', `${ROOT}?f=json`, {
      key: svc.key,
      headers: { 'x-forwarded-host': 'tiles.example.org', 'x-forwarded-proto': 'https' },
    });
    // Forwarding headers count only behind a configured proxy (TRUST_PROXY; test/api/browser-login.test.ts).
    assert.is(proxied.body.links[0].href, root, 'without TRUST_PROXY, X-Forwarded-* change no link');

    const conformance = (await http(svc.url, 'GET', `${ROOT}/conformance`, { key: svc.key })).body.conformsTo;
    for (const c of [
      'ogcapi-tiles-1/1.0/conf/core',
      'ogcapi-tiles-1/1.0/conf/tileset',
      'ogcapi-tiles-1/1.0/conf/tilesets-list',
      'ogcapi-tiles-1/1.0/conf/geodata-tilesets',
      'ogcapi-tiles-1/1.0/conf/png',
      'ogcapi-tiles-1/1.0/conf/mvt',
      'tms/2.0/conf/json-tilematrixset',
    ]) {
      assert.ok(conformance.includes(`http://www.opengis.net/spec/${c}`), c);
    }

    const list = (await http(svc.url, 'GET', `${ROOT}/tileMatrixSets`, { key: svc.key })).body;
    assert.equal(
      list.tileMatrixSets.map((t: any) => [t.id, t.links[0].href]),
      [['WebMercatorQuad', `${root}/tileMatrixSets/WebMercatorQuad`]],
    );
    const tms = await http(svc.url, 'GET', `${ROOT}/tileMatrixSets/WebMercatorQuad`, { key: svc.key });
    assert.is(tms.status, 200);
    const d = tms.body;
    assert.is(d.id, 'WebMercatorQuad');
    assert.is(d.uri, 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad');
    assert.is(d.crs, 'http://www.opengis.net/def/crs/EPSG/0/3857');
    assert.is(d.tileMatrices.length, 25);
    assert.equal(
      d.tileMatrices.map((m: any) => m.id),
      Array.from({ length: 25 }, (_, z) => String(z)),
    );
    const origin = 20037508.3427892;
    for (const [z, m] of d.tileMatrices.entries()) {
      assert.equal(m.pointOfOrigin, [-origin, origin]);
      assert.is(m.cornerOfOrigin, 'topLeft');
      assert.equal([m.tileWidth, m.tileHeight, m.matrixWidth, m.matrixHeight], [256, 256, 2 ** z, 2 ** z]);
      assert.ok(Math.abs(m.cellSize * 256 * 2 ** z - 2 * origin) < 1e-6, `level ${z}: the matrix spans the world`);
      assert.ok(
        Math.abs(m.scaleDenominator * 0.00028 - m.cellSize) < 1e-9 * m.cellSize,
        `level ${z}: scale = cell size / 0.28 mm`,
      );
    }
    // The standard's published values (17-083r4 Annex D.1), to their printed precision.
    assert.ok(Math.abs(d.tileMatrices[0].scaleDenominator - 559082264.028717) < 1e-5);
    assert.ok(Math.abs(d.tileMatrices[12].cellSize - 38.2185141425881) < 1e-9);
    // The TMS 1.0 names GDAL 3.6 reads describe the same matrices.
    assert.is(d.type, 'TileMatrixSetType');
    assert.is(d.supportedCRS, d.crs);
    assert.equal(
      d.tileMatrix.map((m: any) => [m.identifier, m.scaleDenominator, m.topLeftCorner, m.matrixWidth]),
      d.tileMatrices.map((m: any) => [m.id, m.scaleDenominator, m.pointOfOrigin, m.matrixWidth]),
    );
  });

  test('collections before any job: the six collections, world extent, nothing prepared', async ({ svc }) => {
    const r = await http(svc.url, 'GET', `${ROOT}/collections`, { key: svc.key });
    assert.is(r.status, 200);
    assert.equal(
      r.body.collections.map((c: any) => c.id),
      COLLECTION_IDS,
    );
    for (const c of r.body.collections) {
      assert.is(c['svc:prepared_bbox'], null);
      assert.equal(c.extent.spatial.bbox, [[-180, -MAX_MERCATOR_LATITUDE, 180, MAX_MERCATOR_LATITUDE]]);
      assert.ok(Math.abs(MAX_MERCATOR_LATITUDE - 85.0511287798066) < 1e-12);
      assert.is(c.extent.spatial.crs, 'http://www.opengis.net/def/crs/OGC/1.3/CRS84');
    }
  });

  test('fixtures: jobs in chosen states and their tiles', async ({ svc }) => {
    // A: terrain and roads ready; soil still running; population failed; buildings blocked.
    await createJob(svc, {
      tiles: AREA_A,
      fingerprint: 'fp-a',
      phases: {
        terrain_display_tiles: 'complete',
        road_display_tiles: 'cached',
        soil_display_tiles: 'running',
        population_display_tiles: 'failed',
        buildings_display_tiles: 'blocked',
      },
    });
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-a',
      { z: 12, x: 2176, y: 1360 },
      elevationPng({ z: 12, x: 2176, y: 1360 }),
    );
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-a',
      { z: 8, x: 136, y: 85 },
      elevationPng({ z: 8, x: 136, y: 85 }),
    );
    await putTile(svc, 'svc-native--roads', 'fp-a', { z: 12, x: 2176, y: 1360 }, roadsMvt({ z: 12, x: 2176, y: 1360 }));
    await putTile(svc, 'svc-native--roads', 'fp-a', { z: 12, x: 2177, y: 1361 }, new Uint8Array(0));
    // B: three jobs over one tile, oldest to newest: ready (fp-old), ready (fp-new), running.
    await createJob(svc, { tiles: AREA_B, fingerprint: 'fp-old', phases: { terrain_display_tiles: 'complete' } });
    await createJob(svc, { tiles: AREA_B, fingerprint: 'fp-new', phases: { terrain_display_tiles: 'partial' } });
    await createJob(svc, { tiles: AREA_B, fingerprint: 'fp-newest', phases: { terrain_display_tiles: 'running' } });
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-old',
      { z: 12, x: 2300, y: 1300 },
      elevationPng({ z: 12, x: 1, y: 1 }),
    );
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-new',
      { z: 12, x: 2300, y: 1300 },
      elevationPng({ z: 12, x: 2300, y: 1300 }),
    );
    // D: a finished (success) job.
    await createJob(svc, { tiles: AREA_D, fingerprint: 'fp-d', finish: true });
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-d',
      { z: 12, x: 2500, y: 1500 },
      elevationPng({ z: 12, x: 2500, y: 1500 }),
    );
    // E: one work tile on the east edge of zoom-8 tile 140; a stray tile next door no job covers.
    await createJob(svc, { tiles: AREA_E, fingerprint: 'fp-e', phases: { terrain_display_tiles: 'complete' } });
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-e',
      { z: 8, x: 140, y: 90 },
      elevationPng({ z: 8, x: 140, y: 90 }),
    );
    await putTile(
      svc,
      'svc-native--terrain-elevation',
      'fp-e',
      { z: 8, x: 141, y: 90 },
      elevationPng({ z: 8, x: 141, y: 90 }),
    );
  });

  test('200: a PNG tile with type, strong ETag, Cache-Control, and the heights that were encoded', async ({ svc }) => {
    const tile = { z: 12, x: 2176, y: 1360 };
    const r = await get(svc, elevation(tile));
    assert.is(r.status, 200);
    assert.is(r.headers.get('content-type'), 'image/png');
    assert.is(r.headers.get('cache-control'), 'private, max-age=300');
    assert.is(r.headers.get('x-tile-status'), 'ready');
    assert.match(r.headers.get('etag')!, /^"[0-9a-f]{32}"$/);
    assert.is(r.headers.get('etag'), contentEtag(elevationPng(tile)));
    assert.is(Number(r.headers.get('content-length')), r.bytes.length);
    const { size, values } = decodeElevationPng(r.bytes);
    assert.is(size, 256);
    assert.ok(Number.isNaN(values[0]!), 'the nodata pixel decodes as nodata');
    let worst = 0;
    for (let row = 0; row < 256; row++) {
      for (let col = 0; col < 256; col++)
        if (row + col > 0) worst = Math.max(worst, Math.abs(values[row * 256 + col]! - heightAt(tile, col, row)));
    }
    // Half the 0.1 m encoding step, plus float32 rounding of the decoded metres.
    assert.ok(worst <= 0.05 + 1e-4, `every height within half the 0.1 m encoding step (worst ${worst})`);
    const parent = await get(svc, elevation({ z: 8, x: 136, y: 85 }));
    assert.is(parent.status, 200, 'a zoom-8 tile over the prepared work tiles is served');
    assert.is(
      contentEtag(parent.bytes),
      contentEtag(elevationPng({ z: 8, x: 136, y: 85 })),
      'the zoom-8 tile that was stored',
    );
  });

  test('200: an MVT tile whose one layer is named after the collection; .pbf is the same tile', async ({ svc }) => {
    const tile = { z: 12, x: 2176, y: 1360 };
    const r = await get(svc, roads(tile));
    assert.is(r.status, 200);
    assert.is(r.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
    assert.is(r.headers.get('etag'), contentEtag(roadsMvt(tile)));
    const vt = new VectorTile(new PbfReader(r.bytes));
    assert.equal(Object.keys(vt.layers), ['svc-native--roads']);
    const layer = vt.layers['svc-native--roads']!;
    assert.is(layer.length, 1);
    assert.equal({ ...layer.feature(0).properties }, { class: 'primary', name: 'road 12/2176/1360' });
    const feature = layer.feature(0).toGeoJSON(tile.x, tile.y, tile.z);
    assert.is(feature.geometry.type, 'LineString');
    const pbf = await get(svc, roads(tile, 'pbf'));
    assert.is(pbf.status, 200);
    assert.is(contentEtag(pbf.bytes), contentEtag(r.bytes));
    assert.is(pbf.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
  });

  test('304: If-None-Match with the ETag (strong, weak, in a list, or *); another tag gets the tile', async ({
    svc,
  }) => {
    const path = elevation({ z: 12, x: 2176, y: 1360 });
    const etag = (await get(svc, path)).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"0000", ${etag}`, '*']) {
      const r = await get(svc, path, { headers: { 'if-none-match': header } });
      assert.is(r.status, 304, header);
      assert.is(r.bytes.length, 0);
      assert.is(r.headers.get('etag'), etag);
      assert.is(r.headers.get('cache-control'), 'private, max-age=300');
    }
    const other = await get(svc, path, { headers: { 'if-none-match': '"0123456789abcdef0123456789abcdef"' } });
    assert.is(other.status, 200);
    assert.is(other.headers.get('etag'), etag);
  });

  test('204 empty vs not-ready, with the headers that tell them apart', async ({ svc }) => {
    const expectNoTile = async (path: string, status: 'empty' | 'not-ready', why: string) => {
      const r = await get(svc, path);
      assert.is(r.status, 204, `${why}: ${path}`);
      assert.is(r.bytes.length, 0);
      assert.is(r.headers.get('x-tile-status'), status, why);
      assert.is(r.headers.get('content-type'), null);
      if (status === 'not-ready') {
        assert.is(r.headers.get('retry-after'), '5', why);
        assert.is(r.headers.get('cache-control'), 'no-store', why);
      } else {
        assert.is(r.headers.get('retry-after'), null, why);
        assert.is(r.headers.get('cache-control'), 'private, max-age=60', why);
      }
    };
    const a = { z: 12, x: 2176, y: 1360 };
    await expectNoTile(tilePath('svc-native--soil', 12, a.y, a.x, 'mvt'), 'not-ready', 'soil phase running');
    await expectNoTile(
      tilePath('svc-native--soil', 8, 85, 136, 'pbf'),
      'not-ready',
      'soil phase running, seen from zoom 8',
    );
    await expectNoTile(tilePath('svc-native--population', 12, a.y, a.x, 'mvt'), 'empty', 'population phase failed');
    await expectNoTile(tilePath('svc-native--buildings', 12, a.y, a.x, 'mvt'), 'empty', 'buildings phase blocked');
    await expectNoTile(roads({ z: 12, x: 2177, y: 1361 }), 'empty', 'a 0-byte vector tile is an empty tile');
    await expectNoTile(elevation({ z: 12, x: 2177, y: 1361 }), 'empty', 'phase ready but the tile was never written');
    await expectNoTile(
      tilePath('svc-native--terrain-landcover', 12, a.y, a.x, 'png'),
      'empty',
      'land cover: phase ready, no tile',
    );
    await expectNoTile(elevation({ z: 12, x: 100, y: 100 }), 'empty', 'no job anywhere near');
    await expectNoTile(elevation({ z: 8, x: 141, y: 90 }), 'empty', 'a stored tile that no job covers is not served');

    // A cancelled job leaves its phases canceled: empty. A later running job over it: not-ready.
    const c = { z: 12, x: AREA_C[0]![0], y: AREA_C[0]![1] };
    await createJob(svc, { tiles: AREA_C, phases: { terrain_display_tiles: 'running' }, cancel: true });
    await expectNoTile(elevation(c), 'empty', 'the only job is cancelled');
    await createJob(svc, { tiles: AREA_C, phases: { terrain_display_tiles: 'queued' } });
    await expectNoTile(elevation(c), 'not-ready', 'a running job has the phase queued');
    await expectNoTile(elevation({ z: 10, x: c.x >> 2, y: c.y >> 2 }), 'not-ready', 'the same from zoom 10');
  });

  test('the newest ready job is served, even while a newer one is running; finished jobs serve too', async ({
    svc,
  }) => {
    const b = { z: 12, x: 2300, y: 1300 };
    const r = await get(svc, elevation(b));
    assert.is(r.status, 200);
    // Compared by hash: a byte-array diff of a failing assertion would take uvu minutes to print.
    assert.is(contentEtag(r.bytes), contentEtag(elevationPng(b)), 'the fp-new tile, not the fp-old one');
    const d = await get(svc, elevation({ z: 12, x: 2500, y: 1500 }));
    assert.is(d.status, 200, 'a job that finished (success) keeps serving');
    // Zoom 8 tile 140 holds work column 2255; tile 141 starts at 2256.
    assert.is((await get(svc, elevation({ z: 8, x: 140, y: 90 }))).status, 200);
  });

  test('a global catalog: another account reads the tiles; no key is 401', async ({ svc }) => {
    const other = await svc.newAccount();
    const r = await get(svc, elevation({ z: 12, x: 2176, y: 1360 }), { key: other.key });
    assert.is(r.status, 200);
    assert.is(contentEtag(r.bytes), contentEtag(elevationPng({ z: 12, x: 2176, y: 1360 })));
    for (const path of [
      ROOT,
      `${ROOT}/collections`,
      elevation({ z: 12, x: 2176, y: 1360 }),
      `${ROOT}/tileMatrixSets/WebMercatorQuad`,
    ]) {
      const anonymous = await get(svc, path, { key: null });
      assert.is(anonymous.status, 401, path);
      assert.equal(anonymous.json(), { detail: 'Not authenticated' });
    }
    assert.is((await get(svc, elevation({ z: 12, x: 2176, y: 1360 }), { key: 'opk_nope' })).status, 401);
  });

  test('404 for every address that cannot hold a tile; 422 for a non-integer address', async ({ svc }) => {
    const cases: Array<[string, string]> = [
      [tilePath('svc-native--nope', 12, 1360, 2176, 'png'), 'unknown collection'],
      [tilePath('layer--' + randomUUID(), 12, 1360, 2176, 'png'), 'a map layer id is not a global collection'],
      [tilePath('svc-native--terrain-elevation', 12, 1360, 2176, 'mvt'), 'PNG collection asked as MVT'],
      [tilePath('svc-native--terrain-elevation', 12, 1360, 2176, 'pbf'), 'PNG collection asked as PBF'],
      [tilePath('svc-native--roads', 12, 1360, 2176, 'png'), 'MVT collection asked as PNG'],
      [tilePath('svc-native--roads', 12, 1360, 2176, 'jpg'), 'unknown extension'],
      [elevation({ z: 7, x: 68, y: 42 }), 'zoom 7 is below the tileset'],
      [elevation({ z: 13, x: 4352, y: 2720 }), 'zoom 13 is above the tileset'],
      [elevation({ z: 0, x: 0, y: 0 }), 'zoom 0'],
      [elevation({ z: 8, x: 256, y: 85 }), 'column past the zoom-8 matrix'],
      [elevation({ z: 8, x: 136, y: 256 }), 'row past the zoom-8 matrix'],
      [elevation({ z: 12, x: -1, y: 1360 }), 'negative column'],
      [
        `${ROOT}/collections/svc-native--terrain-elevation/tiles/WorldCRS84Quad/8/85/136.png`,
        'another tile matrix set',
      ],
      [`${ROOT}/collections/svc-native--nope`, 'unknown collection document'],
      [`${ROOT}/collections/svc-native--nope/tiles`, 'unknown collection tilesets'],
      [`${ROOT}/collections/svc-native--nope/tiles/WebMercatorQuad`, 'unknown collection tileset'],
      [`${ROOT}/tileMatrixSets/WorldCRS84Quad`, 'unknown tile matrix set'],
    ];
    for (const [path, why] of cases) {
      const r = await get(svc, path);
      assert.is(r.status, 404, `${why}: ${path}`);
      assert.type(r.json().detail, 'string', why);
    }
    const wrongExt = (await get(svc, cases[2]![0])).json();
    assert.match(wrongExt.detail, /\.png tiles, not \.mvt/);
    const bad = await get(
      svc,
      `${ROOT}/collections/svc-native--terrain-elevation/tiles/WebMercatorQuad/abc/85/136.png`,
    );
    assert.is(bad.status, 422);
    assert.equal(bad.json().detail[0].loc, ['path', 'tileMatrix']);
  });

  test('503 with a FastAPI body and Retry-After when the tile storage fails', async ({ svc }) => {
    const store = svc.service.blobStore;
    const original = store.get;
    const tile = elevation({ z: 12, x: 2176, y: 1360 });
    assert.is((await get(svc, tile)).status, 200);
    store.get = async () => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    };
    try {
      assert.is((await get(svc, tile)).status, 200, 'a tile the API holds in memory is still served');
      svc.service.apiCaches.tileBodies.clear();
      const r = await get(svc, tile);
      assert.is(r.status, 503);
      assert.equal(r.json(), { detail: 'Tile storage is unavailable; retry later' });
      assert.is(r.headers.get('retry-after'), '30');
      const empty = await get(svc, elevation({ z: 12, x: 100, y: 100 }));
      assert.is(empty.status, 204, 'an address with nothing prepared does not touch the storage');
    } finally {
      store.get = original;
    }
    assert.is(
      (await get(svc, elevation({ z: 12, x: 2176, y: 1360 }))).status,
      200,
      'served again once the storage is back',
    );
  });

  test('collections, tilesets and tileset metadata after the jobs: extents, limits, links', async ({ svc }) => {
    const root = `${svc.url}${ROOT}`;
    const all = [...AREA_A, ...AREA_B, ...AREA_C, ...AREA_D, ...AREA_E];
    const r = await http(svc.url, 'GET', `${ROOT}/collections`, { key: svc.key });
    const byId = Object.fromEntries(r.body.collections.map((c: any) => [c.id, c]));
    // Population failed and buildings were blocked in area A: those collections leave A out.
    const expected: Record<string, Array<[number, number]>> = {
      'svc-native--terrain-elevation': all,
      'svc-native--terrain-landcover': all,
      'svc-native--roads': all,
      'svc-native--soil': all,
      'svc-native--population': all.filter((t) => !AREA_A.includes(t)),
      'svc-native--buildings': all.filter((t) => !AREA_A.includes(t)),
    };
    for (const id of COLLECTION_IDS) {
      const c = byId[id];
      const bbox = boundsOf(expected[id]!);
      assert.equal(c['svc:prepared_bbox'], bbox, id);
      assert.equal(c.extent.spatial.bbox, [bbox], id);
      const vector = !id.includes('terrain');
      assert.is(c.dataType, vector ? 'vector' : 'map');
      assert.equal(
        c.links.map((l: any) => [l.rel, l.href]),
        [
          ['self', `${root}/collections/${id}`],
          [
            vector
              ? 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector'
              : 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-map',
            `${root}/collections/${id}/tiles`,
          ],
          ['http://www.opengis.net/def/rel/ogc/1.0/tileset', `${root}/collections/${id}/tiles/WebMercatorQuad`],
          ['http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme', `${root}/tileMatrixSets/WebMercatorQuad`],
        ],
      );
      const one = await http(svc.url, 'GET', `${ROOT}/collections/${id}`, { key: svc.key });
      assert.equal(one.body, c, `${id}: the collection document is its entry in the list`);

      const tilesets = (await http(svc.url, 'GET', `${ROOT}/collections/${id}/tiles`, { key: svc.key })).body;
      assert.is(tilesets.tilesets.length, 1);
      assert.is(tilesets.tilesets[0].dataType, c.dataType);
      assert.is(
        tilesets.tilesets[0].tileMatrixSetURI,
        'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad',
      );
      assert.is(
        tilesets.tilesets[0].links.find((l: any) => l.rel === 'self').href,
        `${root}/collections/${id}/tiles/WebMercatorQuad`,
      );

      const tileset = (await http(svc.url, 'GET', `${ROOT}/collections/${id}/tiles/WebMercatorQuad`, { key: svc.key }))
        .body;
      assert.is(tileset.dataType, c.dataType);
      assert.is(tileset.crs, 'http://www.opengis.net/def/crs/EPSG/0/3857');
      assert.equal(tileset.mediaTypes, [vector ? 'application/vnd.mapbox-vector-tile' : 'image/png']);
      assert.equal(tileset.boundingBox, {
        lowerLeft: [bbox[0], bbox[1]],
        upperRight: [bbox[2], bbox[3]],
        crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
      });
      assert.equal(
        tileset.tileMatrixSetLimits,
        [8, 9, 10, 11, 12].map((z) => ({
          tileMatrix: String(z),
          minTileRow: 0,
          maxTileRow: 2 ** z - 1,
          minTileCol: 0,
          maxTileCol: 2 ** z - 1,
        })),
      );
      const item = tileset.links.find((l: any) => l.rel === 'item');
      assert.equal(
        [item.href, item.type, item.templated],
        [
          `${root}/collections/${id}/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}.${vector ? 'mvt' : 'png'}`,
          vector ? 'application/vnd.mapbox-vector-tile' : 'image/png',
          true,
        ],
      );
      assert.is(
        tileset.links.find((l: any) => l.rel === 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme').href,
        `${root}/tileMatrixSets/WebMercatorQuad`,
      );
      if (vector) {
        assert.equal(
          tileset.layers.map((l: any) => [l.id, l.dataType, l.minTileMatrix, l.maxTileMatrix]),
          [[id, 'vector', '8', '12']],
        );
        assert.is(tileset.layers[0].geometryDimension, id === 'svc-native--roads' ? 1 : 2);
      } else {
        assert.is(tileset.layers, undefined);
      }
    }
  });

  test('the OpenAPI document declares the tile media types', async ({ svc }) => {
    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const base = `${ROOT}/collections/{collectionId}/tiles/WebMercatorQuad/{tileMatrix}/{tileRow}/{tileCol}`;
    assert.ok(doc.paths[`${base}.png`].get.responses['200'].content['image/png']);
    assert.ok(doc.paths[`${base}.mvt`].get.responses['200'].content['application/vnd.mapbox-vector-tile']);
    assert.ok(doc.paths[`${base}.pbf`].get.responses['200'].content['application/vnd.mapbox-vector-tile']);
    assert.ok(doc.paths[`${base}.png`].get.responses['204'].headers['X-Tile-Status']);
    assert.ok(doc.paths['/api/maps/{map_id}/ogc/tiles/collections'].get);
  });

  test('map-owned collections: an empty list for the owner; 403, 404, 422 and 401 otherwise', async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
      })
    ).body;
    const map = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'Tiles map' } })
    ).body;
    const path = `/api/maps/${map.id}/ogc/tiles/collections`;
    const r = await http(svc.url, 'GET', path, { key: svc.key });
    assert.is(r.status, 200);
    assert.equal(r.body, {
      links: [
        { href: `${svc.url}${path}`, rel: 'self', type: 'application/json', title: 'This document' },
        {
          href: `${svc.url}${ROOT}/collections`,
          rel: 'related',
          type: 'application/json',
          title: 'The global terrain tile collections',
        },
      ],
      collections: [],
    });
    const other = await svc.newAccount();
    assert.is((await http(svc.url, 'GET', path, { key: other.key })).status, 403);
    assert.is(
      (await http(svc.url, 'GET', `/api/maps/${randomUUID()}/ogc/tiles/collections`, { key: svc.key })).status,
      404,
    );
    const malformed = await http(svc.url, 'GET', '/api/maps/not-a-uuid/ogc/tiles/collections', { key: svc.key });
    assert.is(malformed.status, 422);
    assert.equal(malformed.body.detail[0].loc, ['path', 'map_id']);
    assert.is((await http(svc.url, 'GET', path)).status, 401);
  });

  test.run();
}

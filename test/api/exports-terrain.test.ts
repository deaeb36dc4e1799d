// The prepared terrain of an operation as MBTiles, after a real terrain job (synthetic sources):
// gdalinfo opens it as MBTiles with the tiles' extent at zoom 12, its metadata holds the spec's
// keys, and a packed tile equals the tile served over OGC API Tiles byte for byte (rows in TMS).
// An operation without an area of operations, or with nothing prepared, answers 409; access as
// for the operation.
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import initSqlJs from 'sql.js';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { expectJobSuccess, mapWithBoundary, requestJob, squareBoundary } from '../support/terrain-flow.ts';
import { tileBoundsMercator } from '../../domain/terrain/tile-bounds-mercator.ts';
import { workTilesForArea } from '../../domain/terrain/work-tiles-for-area.ts';

const run = promisify(execFile);
const AREA = [24.93, 60.15, 24.99, 60.18] as const;

async function download(url: string, key: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

forEachBackend('terrain export as MBTiles', (test) => {
  test('the package opens in GDAL, describes itself, and holds the tiles served over HTTP', async ({ svc }) => {
    const boundary = squareBoundary(...AREA);
    const { operationId, mapId, boundary: stored } = await mapWithBoundary(svc, boundary);
    const url = `${svc.url}/api/operations/${operationId}/exports/terrain.mbtiles`;

    const before = await download(url, svc.key);
    assert.is(before.status, 409);
    assert.match(before.bytes.toString(), /No terrain is prepared/);

    await expectJobSuccess(svc, await requestJob(svc, mapId, stored));
    const got = await download(url, svc.key);
    assert.is(got.status, 200, got.bytes.toString().slice(0, 500));
    assert.is(got.headers.get('content-type'), 'application/vnd.sqlite3');
    assert.match(got.headers.get('content-disposition') ?? '', /terrain-elevation\.mbtiles/);
    const dir = mkdtempSync(join(tmpdir(), 'mbtiles-'));
    try {
      const file = join(dir, 'terrain.mbtiles');
      writeFileSync(file, got.bytes);

      // gdalinfo: the MBTiles driver, at zoom 12 the extent of exactly the area's work tiles.
      const area = boundary.features[0]!.geometry as { type: 'Polygon'; coordinates: number[][][] };
      const z12 = workTilesForArea(area, 12);
      const mercator = z12.map(tileBoundsMercator);
      const minX = Math.min(...mercator.map((b) => b[0]));
      const maxY = Math.max(...mercator.map((b) => b[3]));
      const info = JSON.parse((await run('gdalinfo', ['-json', file])).stdout);
      assert.is(info.driverShortName, 'MBTiles');
      // A rectangular area: its zoom-12 tiles form a full block of columns × rows, 256 px each.
      const columns = new Set(z12.map((t) => t.x)).size;
      const rows = new Set(z12.map((t) => t.y)).size;
      assert.is(columns * rows, z12.length);
      assert.equal(info.size, [columns * 256, rows * 256]);
      const [ulx, , , uly] = info.geoTransform;
      assert.ok(Math.abs(ulx - minX) < 1e-3 && Math.abs(uly - maxY) < 1e-3, `${ulx},${uly} vs ${minX},${maxY}`);
      assert.is(info.metadata[''].format, 'png');
      assert.is(info.metadata[''].minzoom, '8');
      assert.is(info.metadata[''].maxzoom, '12');
      assert.is(Number(got.headers.get('x-tiles-included')) > z12.length, true);

      // A known tile, read from the file with SQLite, equals the one OGC API Tiles serves.
      const SQL = await initSqlJs();
      const db = new SQL.Database(got.bytes);
      const tile = z12[0]!;
      const found = db.exec('select tile_data from tiles where zoom_level = ? and tile_column = ? and tile_row = ?', [
        12,
        tile.x,
        2 ** 12 - 1 - tile.y,
      ]);
      const count = db.exec('select count(*) from tiles')[0]!.values[0]![0];
      db.close();
      assert.is(count, Number(got.headers.get('x-tiles-included')));
      const packed = Buffer.from(found[0]!.values[0]![0] as Uint8Array);
      const served = await download(
        `${svc.url}/api/ogc/tiles/collections/svc-native--terrain-elevation/tiles/WebMercatorQuad/12/${tile.y}/${tile.x}.png`,
        svc.key,
      );
      assert.is(served.status, 200);
      assert.ok(packed.equals(served.bytes), 'the packed tile is the served tile');

      // Another collection (vector): pbf format with its vector_layers.
      const roads = await download(`${url}?collection=svc-native--roads`, svc.key);
      assert.is(roads.status, 200, roads.bytes.toString().slice(0, 300));
      const roadsFile = join(dir, 'roads.mbtiles');
      writeFileSync(roadsFile, roads.bytes);
      const { stdout: roadLayers } = await run('ogrinfo', ['-ro', '-so', roadsFile]);
      assert.match(roadLayers, /svc-native--roads/);
      assert.is((await download(`${url}?collection=nope`, svc.key)).status, 422);

      // Access as for the operation.
      const other = await svc.newAccount();
      assert.is((await download(url, other.key)).status, 403);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an operation without an area of operations answers 409 saying so', async ({ svc }) => {
    const op = await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'No AO', unit: 'U', branch: 'armor', echelon: 'company' },
    });
    const r = await http(svc.url, 'GET', `/api/operations/${op.body.id}/exports/terrain.mbtiles`, { key: svc.key });
    assert.is(r.status, 409);
    assert.match(r.body.detail, /no area of operations/);
  });
});

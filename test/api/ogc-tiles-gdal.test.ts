// A real OGC API Tiles client: GDAL's OGCAPI driver against the running server, with the API key
// sent through GDAL_HTTP_HEADERS. From the landing page it must find the six collections; it must
// open the elevation collection as a raster over the prepared area (its tileset, tiling scheme and
// PNG tiles) and read pixels that decode to the heights the tiles were encoded with.
//
// GDAL 3.6 (Debian 12) reads a collection's CRS84 extent as if it were in the tile matrix set's CRS
// (EPSG:3857), so the test gives the area in EPSG:3857 with the driver's MINX..MAXY open options
// (GDAL 3.7+ reprojects the extent itself; the options work on both).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SQL_BACKENDS } from '../support/backends.ts';
import { tileBoundsMercator } from '../../domain/terrain/tile-bounds-mercator.ts';
import { decodeElevationRgba } from '../../domain/terrain/decode-elevation-rgba.ts';
import {
  createJob,
  elevationPng,
  heightAt,
  putTile,
  startTilesService,
  type TilesService,
} from './ogc-tiles-support.ts';

const run = promisify(execFile);

async function gdal(tool: string, key: string | null, args: string[]) {
  const config = [
    '--config',
    'GDAL_HTTP_MAX_RETRY',
    '0',
    '--config',
    'GDAL_HTTP_TIMEOUT',
    '60',
    '--config',
    'CPL_VSIL_CURL_USE_CACHE',
    'NO',
    ...(key ? ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${key}`] : []),
  ];
  try {
    return await run(tool, [...config, ...args], { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; code?: unknown };
    return { stdout: e.stdout ?? '', stderr: `${e.stderr ?? ''} (exit ${String(e.code)})` };
  }
}

/** Work tiles of the prepared area: 2 x 2 at zoom 12 (x 2176..2177, y 1360..1361). */
const AREA: Array<[number, number]> = [
  [2176, 1360],
  [2177, 1360],
  [2176, 1361],
  [2177, 1361],
];

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TilesService }>(`ogc tiles with GDAL [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTilesService(backend);
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test('gdalinfo finds the six collections from the landing page', async ({ svc }) => {
    const root = `${svc.url}/api/ogc/tiles`;
    const { stdout, stderr } = await gdal('gdalinfo', svc.key, [`OGCAPI:${root}`]);
    const names = [...stdout.matchAll(/SUBDATASET_\d+_NAME=OGCAPI:(\S+)/g)].map((m) => m[1]);
    assert.equal(
      names,
      [
        'svc-native--terrain-elevation',
        'svc-native--terrain-landcover',
        'svc-native--roads',
        'svc-native--soil',
        'svc-native--population',
        'svc-native--buildings',
      ].map((id) => `${root}/collections/${id}`),
      `${stdout}\n${stderr}`,
    );
    assert.match(stdout, /SUBDATASET_1_DESC=Collection Elevation/);
    const refused = await gdal('gdalinfo', null, [`OGCAPI:${root}`]);
    assert.not.match(refused.stdout, /SUBDATASET_/, 'without the key GDAL gets nothing');
  });

  test('gdalinfo and gdallocationinfo open the elevation collection and read its heights', async ({ svc }) => {
    await createJob(svc, { tiles: AREA, fingerprint: 'fp-gdal', phases: { terrain_display_tiles: 'complete' } });
    for (const [x, y] of AREA)
      await putTile(svc, 'svc-native--terrain-elevation', 'fp-gdal', { z: 12, x, y }, elevationPng({ z: 12, x, y }));
    const [minX, , , maxY] = tileBoundsMercator({ z: 12, x: 2176, y: 1360 });
    const [, minY, maxX] = tileBoundsMercator({ z: 12, x: 2177, y: 1361 });
    const url = `OGCAPI:${svc.url}/api/ogc/tiles/collections/svc-native--terrain-elevation`;
    const area = [
      '-oo',
      `MINX=${minX}`,
      '-oo',
      `MINY=${minY}`,
      '-oo',
      `MAXX=${maxX}`,
      '-oo',
      `MAXY=${maxY}`,
      '-oo',
      'CACHE=NO',
    ];

    const info = await gdal('gdalinfo', svc.key, [...area, url]);
    assert.match(info.stdout, /Driver: OGCAPI\/OGCAPI/, `${info.stdout}\n${info.stderr}`);
    assert.match(info.stdout, /Size is 512, 512/, 'two zoom-12 tiles each way');
    assert.match(info.stdout, /TITLE=Elevation/);
    assert.match(info.stdout, /Pixel Size = \(38\.2185141425880\d*,-38\.2185141425880\d*\)/, 'zoom 12 resolution');
    assert.match(info.stdout, /ID\["EPSG",3857\]/);
    assert.equal(
      [...info.stdout.matchAll(/^Band \d Block=\d+x\d+ Type=Byte, ColorInterp=(\w+)/gm)].map((m) => m[1]),
      ['Red', 'Green', 'Blue', 'Alpha'],
      info.stdout,
    );
    assert.match(info.stdout, /Overviews: 256x256, 128x128, 64x64, 32x32/, 'zooms 11 to 8 as overviews');

    // Pixels in three of the four tiles, each decoded from RGBA as the interface describes.
    for (const [col, row] of [
      [10, 20],
      [300, 20],
      [77, 400],
    ] as Array<[number, number]>) {
      const r = await gdal('gdallocationinfo', svc.key, ['-valonly', ...area, url, String(col), String(row)]);
      const rgba = r.stdout.trim().split(/\s+/).map(Number);
      assert.is(rgba.length, 4, `${r.stdout}\n${r.stderr}`);
      const tile = { z: 12, x: 2176 + (col >> 8), y: 1360 + (row >> 8) };
      const meters = decodeElevationRgba(Uint8Array.from(rgba))[0]!;
      assert.ok(
        Math.abs(meters - heightAt(tile, col % 256, row % 256)) <= 0.05 + 1e-4,
        `pixel ${col},${row}: ${meters} m`,
      );
    }
    const nodata = await gdal('gdallocationinfo', svc.key, ['-valonly', ...area, url, '0', '0']);
    assert.is(nodata.stdout.trim().split(/\s+/).map(Number)[3], 0, 'the nodata pixel has alpha 0');
  });

  test.run();
}

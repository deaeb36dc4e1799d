// The operation's layers as GeoPackage, KML and KMZ, read back by GDAL: ogr2ogr turns each layer
// into GeoJSON, which must hold the same features (ids, attributes, coordinates) the API serves
// through OGC API Features, and ogrinfo's extents must equal the layers' extents. Access: another
// account gets 403, a missing operation 404.
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { SOME_UUID } from '../support/owned-resources.ts';

const run = promisify(execFile);

async function download(url: string, key: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A layer of a file as GDAL reads it, through ogr2ogr to GeoJSON (17 decimals: the doubles come back exactly). */
async function gdalLayer(file: string, layer: string) {
  const { stdout } = await run(
    'ogr2ogr',
    ['-f', 'GeoJSON', '-lco', 'COORDINATE_PRECISION=17', '/vsistdout/', file, layer],
    { maxBuffer: 64 << 20 },
  );
  return JSON.parse(stdout) as { features: Array<{ properties: Record<string, unknown>; geometry: any }> };
}

async function layerNames(file: string) {
  const { stdout } = await run('ogrinfo', ['-ro', '-q', file]);
  return [...stdout.matchAll(/^\d+: (.+?)(?: \(([^)]+)\))?$/gm)].map((m) => ({ name: m[1]!, type: m[2] ?? null }));
}

async function extentOf(file: string, layer: string) {
  const { stdout } = await run('ogrinfo', ['-ro', '-so', file, layer]);
  const m = /Extent: \(([-\d.]+), ([-\d.]+)\) - \(([-\d.]+), ([-\d.]+)\)/.exec(stdout);
  assert.ok(m, stdout);
  return m!.slice(1).map(Number);
}

const square = (x: number, y: number, d: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});

forEachBackend('operation layer exports', (test) => {
  test('GeoPackage, KML and KMZ hold every layer, feature, attribute and extent; access as for the operation', async ({
    svc,
  }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Op Grey Wolf', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
      })
    ).body;
    const map = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'Main map' } })
    ).body;
    const post = async (type: string, title: string, features: unknown[]) => {
      const r = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
        key: svc.key,
        body: { type, title, feature_collection: { type: 'FeatureCollection', features } },
      });
      assert.is(r.status, 201, r.text);
      return r.body;
    };
    const ao = await post('boundary', 'AO', [
      { type: 'Feature', properties: { name: 'AO Grey Wolf' }, geometry: square(24.9, 60.5, 0.2) },
    ]);
    const areas = await post('named_area', 'Objectives', [
      { type: 'Feature', properties: { name: 'OBJ IRON', priority: 1 }, geometry: square(24.95, 60.55, 0.02) },
      { type: 'Feature', properties: { name: 'OBJ STEEL', priority: 2 }, geometry: square(25.02, 60.6, 0.03) },
    ]);
    const notes = await post('annotation', 'Control measures', [
      {
        type: 'Feature',
        properties: { name: 'PL RED', kind: 'phase_line', depth_km: 2.5, active: true, tags: ['a', 'b'] },
        geometry: {
          type: 'LineString',
          coordinates: [
            [24.91, 60.52],
            [25.08, 60.53],
          ],
        },
      },
      {
        type: 'Feature',
        properties: { name: 'CP 1', kind: 'checkpoint', depth_km: 1, active: false },
        geometry: { type: 'Point', coordinates: [24.97, 60.58] },
      },
    ]);
    const base = `${svc.url}/api/operations/${op.id}/exports`;
    const dir = mkdtempSync(join(tmpdir(), 'exports-'));
    try {
      // GeoPackage
      const gpkg = await download(`${base}/layers.gpkg`, svc.key);
      assert.is(gpkg.status, 200, gpkg.bytes.toString());
      assert.is(gpkg.headers.get('content-type'), 'application/geopackage+sqlite3');
      assert.match(gpkg.headers.get('content-disposition') ?? '', /filename="op_grey_wolf-layers.gpkg"/);
      const gpkgFile = join(dir, 'layers.gpkg');
      writeFileSync(gpkgFile, gpkg.bytes);
      // GDAL checks the GeoPackage's structure as it opens it and warns (on stderr) about anything off.
      const opened = await run('ogrinfo', ['-ro', '-q', gpkgFile]);
      assert.is(opened.stderr, '', opened.stderr);
      assert.equal(await layerNames(gpkgFile), [
        { name: 'main_map__ao', type: 'Polygon' },
        { name: 'main_map__objectives', type: 'Polygon' },
        { name: 'main_map__control_measures', type: null },
        { name: 'layers', type: 'None' },
      ]);
      for (const [layer, name] of [
        [ao, 'main_map__ao'],
        [areas, 'main_map__objectives'],
        [notes, 'main_map__control_measures'],
      ] as const) {
        const served = (
          await http(svc.url, 'GET', `/api/maps/${map.id}/ogc/features/collections/layer--${layer.layer_id}/items`, {
            key: svc.key,
          })
        ).body.features;
        const read = await gdalLayer(gpkgFile, name);
        assert.equal(
          read.features.map((f) => ({ id: f.properties.feature_id, geometry: f.geometry })),
          served.map((f: any) => ({ id: f.id, geometry: f.geometry })),
        );
        for (const [i, f] of read.features.entries()) {
          for (const [key, value] of Object.entries(served[i].properties)) {
            // Arrays and objects are stored as JSON text (GDAL hands them on as JSON).
            const read = f.properties[key];
            assert.equal(typeof read === 'string' && typeof value === 'object' ? JSON.parse(read) : read, value, key);
          }
        }
        const xs = served.flatMap((f: any) =>
          JSON.stringify(f.geometry.coordinates)
            .match(/-?[\d.]+/g)!
            .map(Number),
        );
        const lon = xs.filter((_: number, i: number) => i % 2 === 0);
        const lat = xs.filter((_: number, i: number) => i % 2 === 1);
        // ogrinfo prints extents to 6 decimals (about 0.1 m).
        const extent = await extentOf(gpkgFile, name);
        const expected = [Math.min(...lon), Math.min(...lat), Math.max(...lon), Math.max(...lat)];
        assert.ok(
          extent.every((v, i) => Math.abs(v - expected[i]!) < 1e-6),
          `${name}: ${extent.join(',')} vs ${expected.join(',')}`,
        );
      }
      const provenance = await gdalLayer(gpkgFile, 'layers');
      assert.equal(
        provenance.features.map((f) => [f.properties.table_name, f.properties.layer_id, f.properties.layer_type]),
        [
          ['main_map__ao', ao.layer_id, 'boundary'],
          ['main_map__objectives', areas.layer_id, 'named_area'],
          ['main_map__control_measures', notes.layer_id, 'annotation'],
        ],
      );

      // KML and KMZ: one folder (GDAL layer) per map layer, placemarks named, properties kept.
      for (const format of ['kml', 'kmz'] as const) {
        const got = await download(`${base}/layers.${format}`, svc.key);
        assert.is(got.status, 200);
        assert.match(got.headers.get('content-type') ?? '', format === 'kml' ? /kml\+xml/ : /kmz/);
        const file = join(dir, `layers.${format}`);
        writeFileSync(file, got.bytes);
        const names = (await layerNames(file)).map((l) => l.name);
        // LIBKML lists every Folder as a layer: the map's folder (empty of placemarks) and its layers.
        assert.equal(names, ['Main map', 'AO', 'Objectives', 'Control measures'], names.join(','));
        const objectives = await gdalLayer(file, 'Objectives');
        assert.equal(
          objectives.features.map((f) => [f.properties.Name ?? f.properties.name, f.geometry.coordinates]),
          areas.feature_collection.features.map((f: any) => [f.properties.name, f.geometry.coordinates]),
        );
        const control = await gdalLayer(file, 'Control measures');
        assert.equal(
          control.features.map((f) => [String(f.properties.kind), Number(f.properties.depth_km)]),
          [
            ['phase_line', 2.5],
            ['checkpoint', 1],
          ],
        );
      }

      // Access: another account 403, a missing operation 404, no key 401.
      const other = await svc.newAccount();
      assert.is((await download(`${base}/layers.gpkg`, other.key)).status, 403);
      assert.is((await download(`${svc.url}/api/operations/${SOME_UUID}/exports/layers.kml`, svc.key)).status, 404);
      assert.is((await fetch(`${base}/layers.kmz`)).status, 401);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A real OGC API Features client: GDAL's ogrinfo (OAPIF driver) against the running server, with
// the API key sent through GDAL_HTTP_HEADERS. It must list the map's layers, page through a layer
// larger than its page size, and push a -spat filter to the server as bbox.
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';

const run = promisify(execFile);

/** ogrinfo with the key, the OAPIF URL and GDAL's HTTP caching off; returns stdout and stderr. */
async function ogrinfo(key: string | null, args: string[]) {
  const config = [
    '--config',
    'CPL_VSIL_CURL_USE_CACHE',
    'NO',
    '--config',
    'GDAL_HTTP_MAX_RETRY',
    '0',
    '--config',
    'GDAL_HTTP_TIMEOUT',
    '60',
    ...(key ? ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${key}`] : []),
  ];
  try {
    return await run('ogrinfo', [...config, ...args], {
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, GDAL_HTTP_CACHE: 'NO' },
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; code?: unknown };
    return { stdout: e.stdout ?? '', stderr: `${e.stderr ?? ''} (exit ${String(e.code)})` };
  }
}

/** Feature ids printed by `ogrinfo -q`, in order. */
const featureIds = (stdout: string) => [...stdout.matchAll(/^\s+id \(String\) = (\S+)$/gm)].map((m) => m[1]!);

forEachBackend('ogc features with GDAL', (test) => {
  test('ogrinfo lists the layers, reads a multi-page layer whole and applies -spat', async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
      })
    ).body;
    const map = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'GDAL map' } })
    ).body;
    const post = async (type: string, title: string, features: unknown[]) => {
      const r = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
        key: svc.key,
        body: { type, title, feature_collection: { type: 'FeatureCollection', features } },
      });
      assert.is(r.status, 201, r.text);
      return r.body;
    };
    const boundary = await post('boundary', 'AO', [
      {
        type: 'Feature',
        properties: { name: 'AO' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [10, 50],
              [12, 50],
              [12, 52],
              [10, 52],
              [10, 50],
            ],
          ],
        },
      },
    ]);
    const points = Array.from({ length: 250 }, (_, i) => [10 + (i % 25) * 0.08, 50 + Math.floor(i / 25) * 0.2]);
    const grid = await post(
      'annotation',
      'Grid',
      points.map(([x, y], i) => ({
        type: 'Feature',
        properties: { n: i },
        geometry: { type: 'Point', coordinates: [x, y] },
      })),
    );
    const url = `OAPIF:${svc.url}/api/maps/${map.id}/ogc/features`;

    const listing = await ogrinfo(svc.key, ['-ro', '-q', url]);
    const layerNames = [...listing.stdout.matchAll(/^\d+: (layer--[0-9a-f-]{36})/gm)].map((m) => m[1]);
    assert.equal(
      layerNames,
      [`layer--${boundary.layer_id}`, `layer--${grid.layer_id}`],
      `${listing.stdout}\n${listing.stderr}`,
    );

    // Every feature of the 250-feature layer, through GDAL's own paging (its default page size is
    // far below 250, so it follows our next links).
    const all = await ogrinfo(svc.key, ['-ro', '-q', '--debug', 'on', url, `layer--${grid.layer_id}`]);
    const ids = featureIds(all.stdout);
    assert.equal(
      ids,
      grid.feature_collection.features.map((f: any) => f.id),
      all.stderr.slice(-2000),
    );
    const pageRequests = all.stderr.match(/\/items\?[^\s]*offset=\d+/g) ?? [];
    assert.ok(pageRequests.length >= 2, `GDAL paged through the layer (${pageRequests.length} next links followed)`);

    // -spat: GDAL sends it as bbox; the features it returns are exactly the points in the box.
    const [minX, minY, maxX, maxY] = [10.3, 50.5, 10.9, 51.3];
    const spat = await ogrinfo(svc.key, [
      '-ro',
      '-q',
      '--debug',
      'on',
      '-spat',
      String(minX),
      String(minY),
      String(maxX),
      String(maxY),
      url,
      `layer--${grid.layer_id}`,
    ]);
    const expected = grid.feature_collection.features
      .filter(
        (_: unknown, i: number) =>
          points[i]![0]! >= minX && points[i]![0]! <= maxX && points[i]![1]! >= minY && points[i]![1]! <= maxY,
      )
      .map((f: any) => f.id);
    assert.ok(expected.length > 0 && expected.length < 250);
    assert.equal(featureIds(spat.stdout), expected, spat.stderr.slice(-2000));
    assert.match(spat.stderr, /items\?[^\s]*bbox=10\.3/, 'the spatial filter went to the server as bbox');

    const summary = await ogrinfo(svc.key, ['-ro', '-so', url, `layer--${boundary.layer_id}`]);
    assert.match(summary.stdout, /Geometry: Polygon/);
    assert.match(summary.stdout, /Feature Count: 1\b/);
    assert.match(summary.stdout, /Extent: \(10\.000000, 50\.000000\) - \(12\.000000, 52\.000000\)/);

    const refused = await ogrinfo(null, ['-ro', '-q', url]);
    assert.not.match(refused.stdout, /layer--/, 'without the key GDAL gets nothing');
  });
});

// End to end over HTTP, embedded mode and PostgreSQL: operation → map → boundary → job → poll to
// terminal → readiness → products in the tile store; failure, cancel and cache paths.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, startTestService } from '../support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';
import { displayTileKey } from '../../domain/terrain/display-tile-key.ts';
import { decodeElevationPng } from '../../workers/terrain/products/raster/decode-elevation-png.ts';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import type { RasterSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';

// About 4 km × 3 km south of Helsinki: two to four work tiles at zoom 12.
const boundary = squareBoundary(24.93, 60.15, 25.0, 60.18);

forEachBackend('terrain job end to end', (test, backend) => {
  test('boundary → job → success with every product; a second job over the area is cached', async ({ svc }) => {
    const { mapId, boundary: stored, operationId } = await mapWithBoundary(svc, boundary);
    const jobId = await requestJob(svc, mapId, stored);
    const snapshots = await pollJob(svc, jobId);
    const last = snapshots[snapshots.length - 1];
    assert.is(last.status, 'success', JSON.stringify(last));
    assert.is(last.analysis_ready, true);
    assert.is(last.display_ready, true);
    for (const dataset of ['elevation', 'land_cover', 'roads', 'soil']) {
      assert.is(last.sources[dataset].ok, true, dataset);
      assert.match(last.sources[dataset].message, /ynthetic/);
    }
    assert.equal(last.sources.population, {
      ok: false,
      code: 'NOT_REQUESTED',
      message: 'population was not requested (include_population=false)',
    });
    const tilesTotal = last.phases.find((p: any) => p.id === 'terrain_source_artifacts').counts.total;
    assert.ok(tilesTotal >= 2 && tilesTotal <= 6, `work tiles ${tilesTotal}`);
    for (const phase of last.phases) {
      if (phase.id.startsWith('population') || phase.id.startsWith('buildings'))
        assert.is(phase.status, 'skipped', phase.id);
      else {
        assert.is(phase.status, 'complete', `${phase.id}: ${JSON.stringify(phase)}`);
        assert.equal(phase.counts, { total: tilesTotal, completed: tilesTotal, failed: 0, skipped: 0 }, phase.id);
      }
    }
    assert.ok(
      snapshots.some((s) => s.status === 'in_progress' || s.status === 'pending'),
      'progress snapshots while running',
    );

    // The elevation tile served by OGC API Tiles holds the synthetic heights in the interface's encoding.
    const job = await svc.service.db.knex('terrain_jobs').where({ job_id: jobId }).first();
    const state = typeof job.state === 'string' ? JSON.parse(job.state) : job.state;
    const [x, y] = state.work_tiles[0];
    const tile = { z: 12, x, y };
    const tiles = '/api/ogc/tiles/collections';
    const pngResponse = await fetch(
      `${svc.url}${tiles}/svc-native--terrain-elevation/tiles/WebMercatorQuad/12/${y}/${x}.png`,
      { headers: { authorization: `Bearer ${svc.key}` } },
    );
    assert.is(pngResponse.status, 200);
    assert.is(pngResponse.headers.get('content-type'), 'image/png');
    const decoded = decodeElevationPng(new Uint8Array(await pngResponse.arrayBuffer()));
    const expected = await (createSyntheticProvider('elevation') as RasterSourceProvider).readTile(tile);
    let maxDiff = 0;
    for (let i = 0; i < decoded.values.length; i++)
      maxDiff = Math.max(maxDiff, Math.abs(decoded.values[i]! - expected.data[i]!));
    assert.ok(maxDiff <= 0.051, `elevation tile within the 0.1 m encoding step (max diff ${maxDiff})`);
    const storedPng = await svc.service.blobStore.get(
      displayTileKey('svc-native--terrain-elevation', state.source_providers.elevation.fingerprint, tile),
    );
    assert.ok(storedPng && storedPng.length > 0, 'served from the shared tile store');
    // Road MVTs over the area: at least one holds roads and every one decodes.
    let roads = 0;
    for (const [tx, ty] of state.work_tiles) {
      const r = await fetch(`${svc.url}${tiles}/svc-native--roads/tiles/WebMercatorQuad/12/${ty}/${tx}.mvt`, {
        headers: { authorization: `Bearer ${svc.key}` },
      });
      assert.ok(r.status === 200 || r.status === 204, `road tile ${r.status}`);
      if (r.status === 204) continue;
      assert.is(r.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
      const layer = new VectorTile(new PbfReader(new Uint8Array(await r.arrayBuffer()))).layers['svc-native--roads'];
      assert.ok(layer, 'source-layer named after the collection');
      roads += layer!.length;
    }
    assert.ok(roads > 0, 'road MVTs decode with features');

    const history = await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: svc.key });
    const types = history.body.items.map((e: any) => e.type);
    assert.ok(
      types.includes('TerrainJobRequested') && types.includes('TerrainJobFinished'),
      'job events in the operation history',
    );
    const completions = history.body.items
      .filter((e: any) => e.type === 'TerrainPhaseCompleted')
      .map((e: any) => e.data.phase);
    assert.is(new Set(completions).size, completions.length, 'each phase completed once');

    const second = await requestJob(svc, mapId, stored);
    const cached = (await pollJob(svc, second)).at(-1);
    assert.is(cached.status, 'success');
    for (const phase of cached.phases.filter((p: any) => p.status !== 'skipped'))
      assert.is(phase.status, 'cached', phase.id);
    assert.is(cached.display_ready, true);

    const list = await http(svc.url, 'GET', `/api/terrain-analysis/jobs?map_id=${mapId}`, { key: svc.key });
    assert.equal(
      list.body.items.map((j: any) => j.job_id),
      [second, jobId],
    );
  });

  test('request validation: boundary mismatch, no boundary, unknown map, another account', async ({ svc }) => {
    const { mapId, boundary: stored } = await mapWithBoundary(svc, boundary);
    const other = squareBoundary(24.9, 60.1, 25.0, 60.2);
    let r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
      key: svc.key,
      body: { map_id: mapId, boundary_shape: other },
    });
    assert.is(r.status, 422);
    assert.equal(r.body.detail[0].loc, ['body', 'boundary_shape']);
    assert.match(r.body.detail[0].msg, /not the map's boundary/);
    r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
      key: svc.key,
      body: {
        map_id: mapId,
        boundary_shape: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: {},
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [0, 0],
                    [1, 0],
                    [1, 1],
                  ],
                ],
              },
            },
          ],
        },
      },
    });
    assert.is(r.status, 422);
    assert.equal(r.body.detail[0].loc.slice(0, 3), ['body', 'boundary_shape', 'features']);
    const bare = await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'x', unit: 'y', branch: 'armor', echelon: 'platoon' },
    });
    const bareMap = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: bare.body.id, name: 'no boundary' },
    });
    r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
      key: svc.key,
      body: { map_id: bareMap.body.id, boundary_shape: stored },
    });
    assert.is(r.status, 422);
    assert.equal(r.body.detail[0].loc, ['body', 'map_id']);
    r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
      key: svc.key,
      body: { map_id: '00000000-0000-4000-8000-000000000000', boundary_shape: stored },
    });
    assert.is(r.status, 404);
    const intruder = await svc.newAccount();
    r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
      key: intruder.key,
      body: { map_id: mapId, boundary_shape: stored },
    });
    assert.is(r.status, 403);
    r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
      key: svc.key,
      body: { map_id: mapId, boundary_shape: stored, include_roads: true },
    });
    assert.is(r.status, 422);
    assert.equal(r.body.detail[0].loc, ['body', 'include_roads']);
    r = await http(svc.url, 'GET', '/api/terrain-analysis/jobs/not-a-uuid', { key: svc.key });
    assert.is(r.status, 422);
    r = await http(svc.url, 'GET', '/api/terrain-analysis/jobs/00000000-0000-4000-8000-000000000000', { key: svc.key });
    assert.is(r.status, 404);
    const jobId = await requestJob(svc, mapId, stored);
    r = await http(svc.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key: intruder.key });
    assert.is(r.status, 403);
    r = await http(svc.url, 'POST', `/api/terrain-analysis/jobs/${jobId}/cancel`, { key: intruder.key });
    assert.is(r.status, 403);
    await pollJob(svc, jobId);
    r = await http(svc.url, 'POST', `/api/terrain-analysis/jobs/${jobId}/cancel`, { key: svc.key });
    assert.is(r.status, 409, 'a finished job cannot be cancelled');
  });

  test('cancel mid-job: cancelled, unfinished phases canceled, no further work', async ({ svc }) => {
    // A larger area (about 30 work tiles, with buildings) so the job is still running when cancelled.
    const {
      mapId,
      boundary: stored,
      operationId,
    } = await mapWithBoundary(svc, squareBoundary(13.0, 52.3, 13.4, 52.55));
    const jobId = await requestJob(svc, mapId, stored, { include_buildings: true, include_population: true });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const r = await http(svc.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key: svc.key });
      if (r.body.phases.some((p: any) => p.status === 'running')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancelled = await http(svc.url, 'POST', `/api/terrain-analysis/jobs/${jobId}/cancel`, { key: svc.key });
    assert.is(cancelled.status, 200, cancelled.text);
    assert.is(cancelled.body.status, 'cancelled');
    assert.ok(cancelled.body.phases.some((p: any) => p.status === 'canceled'));
    assert.ok(cancelled.body.phases.every((p: any) => !['pending', 'queued', 'running'].includes(p.status)));
    const count = async () =>
      (await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=1`, { key: svc.key })).body.total;
    const before = await count();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.is(await count(), before, 'no event after the cancellation');
    const after = await http(svc.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key: svc.key });
    assert.equal(after.body, cancelled.body);
  });

  test('an unreachable elevation source fails the job; other sources ready; terrain products blocked', async () => {
    const broken = await startTestService(backend as 'pglite' | 'postgres', {
      ELEVATION_SOURCE: 'geotiff:/nonexistent/dem.tif',
      TASK_MAX_DELIVERIES: '1',
    });
    try {
      const { mapId, boundary: stored } = await mapWithBoundary(broken, boundary);
      const jobId = await requestJob(broken, mapId, stored);
      const last = (await pollJob(broken, jobId)).at(-1);
      assert.is(last.status, 'failed', JSON.stringify(last));
      assert.is(last.analysis_ready, false);
      assert.is(last.display_ready, false);
      assert.is(last.sources.elevation.ok, false);
      assert.is(last.sources.elevation.code, 'ELEVATION_SOURCE_UNREACHABLE');
      assert.match(last.sources.elevation.message, /nonexistent/);
      for (const dataset of ['roads', 'soil']) assert.is(last.sources[dataset].ok, true, dataset);
      const phase = (id: string) => last.phases.find((p: any) => p.id === id);
      assert.is(phase('terrain_source_artifacts').status, 'failed');
      assert.ok(phase('terrain_source_artifacts').counts.failed + phase('terrain_source_artifacts').counts.skipped > 0);
      assert.is(phase('terrain_display_tiles').status, 'blocked');
      assert.is(phase('terrain_summary').status, 'blocked');
      assert.is(phase('road_display_tiles').status, 'complete');
      assert.is(phase('terrain_road_graph').status, 'complete');
    } finally {
      await broken.close();
    }
  });
});

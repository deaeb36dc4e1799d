// The interface's workflow over HTTP: operation → map → boundary → terrain job → poll.
import * as assert from 'uvu/assert';
import { http, type TestService } from './test-service.ts';

export const squareBoundary = (west: number, south: number, east: number, north: number) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'AO' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      },
    },
  ],
});

export async function mapWithBoundary(svc: TestService, boundary: unknown, key = svc.key) {
  const op = await http(svc.url, 'POST', '/api/operations/', {
    key,
    body: { name: 'Terrain op', unit: 'Recon', branch: 'cavalry', echelon: 'squad' },
  });
  assert.is(op.status, 200, op.text);
  const map = await http(svc.url, 'POST', '/api/maps/', { key, body: { operation_id: op.body.id, name: 'AO map' } });
  assert.is(map.status, 200, map.text);
  const layer = await http(svc.url, 'POST', `/api/maps/${map.body.id}/features`, {
    key,
    body: { type: 'boundary', title: 'AO', feature_collection: boundary },
  });
  assert.is(layer.status, 201, layer.text);
  return { operationId: op.body.id as string, mapId: map.body.id as string, boundary: layer.body.feature_collection };
}

export async function requestJob(
  svc: TestService,
  mapId: string,
  boundary: unknown,
  extra: Record<string, unknown> = {},
  key = svc.key,
) {
  const r = await http(svc.url, 'POST', '/api/terrain-analysis/', {
    key,
    body: { map_id: mapId, boundary_shape: boundary, ...extra },
  });
  assert.is(r.status, 200, r.text);
  return r.body.job_id as string;
}

/** Polls the job until it is terminal; returns the snapshots seen (the last is terminal). */
export async function pollJob(svc: TestService, jobId: string, timeoutMs = 180_000, key = svc.key) {
  const seen = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await http(svc.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key });
    assert.is(r.status, 200, r.text);
    seen.push(r.body);
    if (['success', 'failed', 'cancelled'].includes(r.body.status)) return seen;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} not terminal after ${timeoutMs} ms: ${JSON.stringify(r.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits for a terrain job and asserts it succeeded; a failure shows the job's last snapshot (its error). */
export async function expectJobSuccess(svc: TestService, jobId: string, timeoutMs?: number) {
  const seen = await pollJob(svc, jobId, timeoutMs);
  assert.is(seen.at(-1).status, 'success', JSON.stringify(seen.at(-1)));
  return seen;
}

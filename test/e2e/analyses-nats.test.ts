// test:serial (starts a worker process)
// Analyses in the production shape: API (+ projector + dispatchers) on PostgreSQL, the analysis run
// by a separate `npm run worker` process through NATS JetStream; results (layer, tiles written by
// the worker to the shared tile store) read back over HTTP; the events show in the operation history.
// The same worker draws the analysis's generated map and drafts a WARNO paragraph (rule-based).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { connect } from 'nats';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { squareBoundary } from '../support/terrain-flow.ts';
import { TEST_NATS_URL } from '../support/backends.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let svc: TestService;
let worker: ChildProcess;
/** What the first test made, for the second. */
const made = { operationId: '', mapId: '', analysisIds: [] as string[] };

test.before(async () => {
  svc = await startTestService('postgres', {
    NATS_URL: TEST_NATS_URL,
    WORK_QUEUE: 'nats',
    INLINE_WORKERS: 'false',
    TASK_ACK_WAIT_MS: '5000',
    WORKER_CONCURRENCY: '1',
    GENERATED_MAPS: 'true',
  });
  worker = spawn(process.execPath, ['--import', 'tsx', join(root, 'entrypoints/worker.ts')], {
    cwd: root,
    env: { ...process.env, ...svc.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  worker.stderr!.on('data', (chunk) => process.stderr.write(`[worker ${worker.pid}] ${chunk}`));
});

test.after(async () => {
  if (worker.exitCode === null) worker.kill('SIGKILL');
  await svc.close();
  const nc = await connect({ servers: TEST_NATS_URL });
  await (await nc.jetstreamManager()).streams.delete(svc.env.NATS_STREAM!).catch(() => undefined);
  await nc.close();
});

async function poll(id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const r = await http(svc.url, 'GET', `/api/analyses/${id}`, { key: svc.key });
    if (['success', 'failed', 'cancelled'].includes(r.body.status)) return r.body;
    if (Date.now() > deadline) throw new Error(`analysis ${id} not terminal: ${r.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('line of sight and viewshed run by a worker process over NATS; tiles and history read back', async () => {
  const op = await http(svc.url, 'POST', '/api/operations/', {
    key: svc.key,
    body: { name: 'NATS', unit: 'U', branch: 'signal', echelon: 'company' },
  });
  const map = await http(svc.url, 'POST', '/api/maps/', {
    key: svc.key,
    body: { operation_id: op.body.id, name: 'Map' },
  });
  const mapId = map.body.id;
  const sight = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
    key: svc.key,
    body: { type: 'line_of_sight', observer: { position: [11.1, 48.1] }, target: { position: [11.11, 48.1] } },
  });
  assert.ok([201, 202].includes(sight.status), sight.text);
  assert.is((await poll(sight.body.id)).status, 'success');
  const seen = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
    key: svc.key,
    body: { type: 'viewshed', observer: { position: [11.1, 48.1], height_m: 10 }, radius_m: 500 },
  });
  assert.is(seen.status, 202, seen.text);
  const done = await poll(seen.body.id);
  assert.is(done.status, 'success', JSON.stringify(done));
  Object.assign(made, { operationId: op.body.id, mapId, analysisIds: [sight.body.id, seen.body.id] });
  const tileset = await http(
    svc.url,
    'GET',
    `/api/maps/${mapId}/ogc/tiles/collections/layer--${done.layer_id}/tiles/WebMercatorQuad`,
    { key: svc.key },
  );
  const limits = tileset.body.tileMatrixSetLimits.find((l: any) => l.tileMatrix === '12');
  const tile = await fetch(
    `${svc.url}/api/maps/${mapId}/ogc/tiles/collections/layer--${done.layer_id}/map/tiles/WebMercatorQuad/12/${limits.minTileRow}/${limits.minTileCol}.png`,
    { headers: { authorization: `Bearer ${svc.key}` } },
  );
  assert.is(tile.status, 200);
  const history = await http(svc.url, 'GET', `/api/operations/${op.body.id}/history?size=100`, { key: svc.key });
  const types = history.body.items.map((e: any) => e.type);
  for (const type of ['AnalysisRequested', 'AnalysisQueued', 'AnalysisStarted', 'AnalysisCompleted', 'MapLayerAdded']) {
    assert.ok(types.includes(type), `${type} in ${types.join(', ')}`);
  }
});

test('the worker process draws the analysis map and drafts a WARNO paragraph', async () => {
  const { operationId } = made;
  assert.is(made.analysisIds.length, 2, 'the first test ran its analyses');
  const path = made.analysisIds.map((id) => `analysis-${id}.png`);
  // A map is drawn once it has an area of operations: posting one draws the analyses' maps.
  const layer = await http(svc.url, 'POST', `/api/maps/${made.mapId}/features`, {
    key: svc.key,
    body: { type: 'boundary', title: 'AO', feature_collection: squareBoundary(11.09, 48.095, 11.115, 48.105) },
  });
  assert.is(layer.status, 201, layer.text);
  const deadline = Date.now() + 120_000;
  let listed: string[] = [];
  while (Date.now() < deadline) {
    const list = await http(svc.url, 'GET', `/api/operations/${operationId}/generated-maps/`, { key: svc.key });
    listed = list.body.items.map((i: any) => i.path);
    if (path.every((p) => listed.includes(p))) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.ok(
    path.every((p) => listed.includes(p)),
    `${path.join(', ')} in ${listed.join(', ')}`,
  );
  const png = await fetch(`${svc.url}/api/operations/${operationId}/generated-maps/${path[1]}`, {
    headers: { authorization: `Bearer ${svc.key}` },
  });
  assert.is(png.status, 200);
  assert.is(png.headers.get('content-type'), 'image/png');
  const mission = (await http(svc.url, 'GET', `/api/warno/?operation_id=${operationId}&type=mission`, { key: svc.key }))
    .body;
  const requested = await http(svc.url, 'POST', `/api/warno/${mission.id}/generate`, { key: svc.key, body: {} });
  assert.is(requested.status, 200, requested.text);
  const job = await pollGeneration(svc, requested.body.id);
  assert.is(job.status, 'success', JSON.stringify(job));
  assert.is(job.provenance.adapter, 'rule_based');
});

test.run();

// Issue 21: deleting an operation ends its unfinished jobs. With the dispatchers running and no
// worker taking tasks (NATS, INLINE_WORKERS=false), a terrain job's phases stay queued and an analysis
// waits for it; DELETE /api/operations/{id} then ends both as cancelled, naming the deletion, and a
// job of another operation is left alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'nats';
import { loadAnalysis } from '../../commands/analysis-job-commands.ts';
import { loadTerrainJob } from '../../commands/terrain-job-commands.ts';
import { TEST_NATS_URL } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary } from '../support/terrain-flow.ts';

let svc: TestService;

test.before(async () => {
  svc = await startTestService('postgres', { NATS_URL: TEST_NATS_URL, WORK_QUEUE: 'nats', INLINE_WORKERS: 'false' });
});

test.after(async () => {
  await svc.close();
  const nc = await connect({ servers: TEST_NATS_URL });
  await (await nc.jetstreamManager()).streams.delete(svc.env.NATS_STREAM!).catch(() => undefined);
  await nc.close();
});

const survey = {
  type: 'landing_zones',
  aircraft_size: 2,
  max_candidates: 5,
  area: {
    type: 'Polygon',
    coordinates: [
      [
        [24.945, 60.155],
        [24.955, 60.155],
        [24.955, 60.162],
        [24.945, 60.162],
        [24.945, 60.155],
      ],
    ],
  },
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("the unfinished terrain job and analysis of a deleted operation end cancelled; another operation's job runs on", async () => {
  const boundary = squareBoundary(24.876, 60.15, 24.97, 60.17);
  const doomed = await mapWithBoundary(svc, boundary);
  const kept = await mapWithBoundary(svc, boundary);
  const jobId = await requestJob(svc, doomed.mapId, doomed.boundary);
  const otherJobId = await requestJob(svc, kept.mapId, kept.boundary);
  const analysis = await http(svc.url, 'POST', `/api/maps/${doomed.mapId}/analyses/`, { key: svc.key, body: survey });
  assert.is(analysis.status, 202, analysis.text);
  assert.is(analysis.body.status, 'waiting', analysis.text);
  const store = svc.service.store;
  // No worker: the dispatcher queued the job's first phases, and there they stay.
  const queued = (job: Awaited<ReturnType<typeof loadTerrainJob>>) =>
    job.status === 'pending' && Object.values(job.phases).some((phase) => phase.status === 'queued');
  assert.ok(queued(await until(() => loadTerrainJob(store, jobId), queued)), 'phases queued');
  assert.ok(queued(await until(() => loadTerrainJob(store, otherJobId), queued)), "the other job's phases queued");

  const deleted = await http(svc.url, 'DELETE', `/api/operations/${doomed.operationId}`, { key: svc.key });
  assert.is(deleted.status, 200, deleted.text);

  const job = await until(
    () => loadTerrainJob(store, jobId),
    (j) => j.status === 'cancelled',
  );
  assert.is(job.status, 'cancelled');
  const ended = await until(
    () => loadAnalysis(store, analysis.body.id),
    (a) => a.status === 'cancelled',
  );
  assert.is(ended.status, 'cancelled');
  assert.ok(
    ended.status === 'cancelled' && ended.error?.message.includes('operation was deleted'),
    JSON.stringify(ended),
  );
  assert.ok(queued(await loadTerrainJob(store, otherJobId)), "the other operation's job is left alone");
});

test.run();

// How a running delivery learns its job was cancelled (issue 21): the watch follows the log and aborts
// the signals of the tasks an event cancels, for every kind that declares it (analyses: one task;
// terrain jobs: each phase's task), with the reason JobCancelled; other tasks run on.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import * as assert from 'uvu/assert';
import { test } from 'uvu';
import type { NewEvent } from '../../../domain/shared/event-envelope.ts';
import { PHASE_IDS } from '../../../domain/terrain-job/terrain-phases.ts';
import { SqlEventStore } from '../../../infra/event-store/sql-event-store.ts';
import { isJobCancelled, startCancellationWatch } from '../../../workers/jobs/cancellation-watch.ts';
import { JOB_KINDS } from '../../../workers/jobs/job-registry.ts';
import { analysisJob } from '../../../workers/analyses/analysis-job.ts';
import { openTestDatabase } from '../../support/backends.ts';

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  version: 1,
  data,
  metadata: {
    account_id: randomUUID(),
    api_key_id: null,
    operation_id: null,
    correlation_id: randomUUID(),
    causation_id: null,
    occurred_at: new Date().toISOString(),
  },
});
const cancelledTasks = (e: NewEvent) =>
  JOB_KINDS.flatMap((kind) => kind.cancelledTasks({ ...e, stream_id: 'x', revision: 0, position: 1 } as never));

test('the kinds name the tasks an event cancels: an analysis its one task, a terrain job every phase', () => {
  const analysisId = randomUUID();
  const jobId = randomUUID();
  assert.equal(cancelledTasks(event('AnalysisCancelled', { analysis_id: analysisId })), [
    analysisJob.taskId({ analysis_id: analysisId }),
  ]);
  assert.equal(
    cancelledTasks(event('TerrainJobCanceled', { job_id: jobId, reason: 'x' })),
    PHASE_IDS.map((phase) => `${jobId}:${phase}`),
  );
  assert.equal(cancelledTasks(event('TerrainJobRequested', { job_id: jobId })), []);
});

test("a terrain job's cancel aborts its running phase's signal (JobCancelled), not another job's", async () => {
  const { db, drop } = await openTestDatabase('pglite');
  const store = await SqlEventStore.open(db);
  const watch = await startCancellationWatch(store, cancelledTasks, pino({ level: 'silent' }));
  try {
    const [job, other] = [randomUUID(), randomUUID()];
    const running = watch.register(`${job}:${PHASE_IDS[0]}`);
    const bystander = watch.register(`${other}:${PHASE_IDS[0]}`);
    const aborted = new Promise<unknown>((resolve) =>
      running.signal.addEventListener('abort', () => resolve(running.signal.reason), { once: true }),
    );
    await store.append(
      `terrain_job-${job}`,
      [event('TerrainJobCanceled', { job_id: job, reason: 'by the user' })],
      'any',
    );
    assert.ok(isJobCancelled(await aborted));
    assert.is(bystander.signal.aborted, false);
    running.release();
    bystander.release();
  } finally {
    await watch.close();
    await drop();
  }
});

test.run();

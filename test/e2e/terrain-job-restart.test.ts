// test:serial (kills processes or restarts services mid-job: needs the machine to itself)
// The service stops in the middle of a job (in-process queue: its tasks are lost with it) and a
// new instance on the same database resumes: the dispatcher enqueues the unfinished phases again
// under the same task ids, and every phase completes exactly once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { http, startTestService } from '../support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';

test('a restart mid-job resumes it; each phase completes once', async () => {
  const first = await startTestService('postgres', { WORKER_CONCURRENCY: '1' });
  let second;
  try {
    const { mapId, boundary, operationId } = await mapWithBoundary(first, squareBoundary(7.0, 46.0, 7.25, 46.15));
    const jobId = await requestJob(first, mapId, boundary);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = (await http(first.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key: first.key })).body;
      if (job.phases.some((p: any) => ['complete', 'cached'].includes(p.status))) break;
      assert.ok(Date.now() < deadline, 'a phase completes');
      await new Promise((r) => setTimeout(r, 50));
    }
    await first.stop();
    second = await startTestService('postgres', { WORKER_CONCURRENCY: '2' }, first);
    const last = (await pollJob(second, jobId, 180_000)).at(-1);
    assert.is(last.status, 'success', JSON.stringify(last));
    assert.is(last.display_ready, true);
    const history = (
      await http(second.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: second.key })
    ).body.items;
    const completed = history.filter((e: any) => e.type === 'TerrainPhaseCompleted').map((e: any) => e.data.phase);
    assert.is(new Set(completed).size, completed.length, `each phase completed once: ${completed}`);
    const queued = history.filter((e: any) => e.type === 'TerrainPhaseQueued').map((e: any) => e.data.phase);
    assert.is(new Set(queued).size, queued.length, 'each phase queued once');
  } finally {
    if (second) await second.close();
    else await first.close();
  }
});

test.run();

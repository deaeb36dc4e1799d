// test:serial (kills processes or restarts services mid-job: needs the machine to itself)
// Runs the work-queue contract against the in-process queue and NATS JetStream (always: CI has
// NATS at TEST_NATS_URL; an unreachable server fails the suite, it is never skipped), then the
// NATS-only behaviour: stream/consumer set-up races, foreign messages, a SIGKILLed worker process.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect, nanos, RetentionPolicy, StorageType } from 'nats';
import { InProcessWorkQueue } from '../../../infra/work-queue/in-process-work-queue.ts';
import { NatsWorkQueue, type NatsWorkQueueOptions } from '../../../infra/work-queue/nats-work-queue.ts';
import { openWorkQueue } from '../../../infra/work-queue/open-work-queue.ts';
import {
  InvalidWorkQueueSettingsError,
  type WorkQueueSettings,
  type WorkTask,
} from '../../../infra/work-queue/work-queue.ts';
import { TEST_NATS_URL, uniqueName } from '../../support/backends.ts';
import { workQueueContract, type WorkQueueFixture } from '../../contract/work-queue-contract.ts';
import { waitUntil } from '../../support/wait-until.ts';

workQueueContract({
  name: 'in-process',
  async open(settings) {
    const queue = await InProcessWorkQueue.open(settings);
    return { queue, peer: async () => queue, dispose: () => queue.close() };
  },
}).run();

/** Deletes a test stream through a connection of its own (the queue handles may be closed). */
async function deleteStream(stream: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch((error) => {
      if (!/not found/i.test((error as Error).message)) throw error;
    });
  } finally {
    await nc.close();
  }
}

/** A unique stream, subject and durable per test, so tests and concurrent CI runs never meet. */
function natsNames() {
  const stream = uniqueName('WQ_TEST');
  return {
    url: TEST_NATS_URL,
    stream,
    subject: `${stream.toLowerCase()}.tasks`,
    durable: 'workers',
    pullExpiresMs: 1000,
  };
}

async function openNatsFixture(settings: WorkQueueSettings, names = natsNames()): Promise<WorkQueueFixture> {
  const handles: NatsWorkQueue[] = [];
  const openHandle = async () => {
    const queue = await NatsWorkQueue.open({ ...names, ...settings });
    handles.push(queue);
    return queue;
  };
  let queue: NatsWorkQueue;
  try {
    queue = await openHandle();
  } catch (error) {
    if (!(error instanceof InvalidWorkQueueSettingsError)) await deleteStream(names.stream).catch(() => {});
    throw error;
  }
  return {
    queue,
    peer: openHandle,
    async dispose() {
      for (const handle of handles) await handle.close();
      await deleteStream(names.stream);
    },
  };
}

workQueueContract({ name: `nats ${TEST_NATS_URL}`, open: (settings) => openNatsFixture(settings) }).run();

const nats = suite('nats work queue');

nats('openWorkQueue picks the adapter the configuration names', async () => {
  const names = natsNames();
  const inProcess = await openWorkQueue({ workQueue: 'in-process', natsUrl: null }, { stream: names.stream });
  assert.is(inProcess.kind, 'in-process');
  await inProcess.close();
  const onNats = await openWorkQueue(
    { workQueue: 'nats', natsUrl: TEST_NATS_URL },
    { stream: names.stream, subject: names.subject },
  );
  try {
    assert.is(onNats.kind, 'nats');
    assert.is(await onNats.ping(), true);
  } finally {
    await onNats.close();
    await deleteStream(names.stream);
  }
  try {
    await openWorkQueue({ workQueue: 'nats', natsUrl: null });
    assert.unreachable('nats without a URL');
  } catch (error) {
    assert.match((error as Error).message, /NATS_URL/);
  }
});

nats('an unreachable server fails open() with a clear message', async () => {
  try {
    await NatsWorkQueue.open({ url: 'nats://127.0.0.1:1', onDeadLetter: () => {} });
    assert.unreachable('open should fail');
  } catch (error) {
    assert.match((error as Error).message, /NATS at nats:\/\/127\.0\.0\.1:1 does not answer/);
  }
});

nats('bad stream, subject and durable names are refused before connecting', async () => {
  for (const bad of [
    { stream: 'has.dot' },
    { stream: '' },
    { subject: 'a.*' },
    { subject: 'a..b' },
    { durable: 'x y' },
    { pullExpiresMs: 10 },
  ]) {
    try {
      await NatsWorkQueue.open({ url: 'nats://127.0.0.1:1', ...bad } as NatsWorkQueueOptions);
      assert.unreachable(`${JSON.stringify(bad)} should be refused`);
    } catch (error) {
      assert.instance(error, InvalidWorkQueueSettingsError);
    }
  }
});

nats('processes starting at once share one stream and consumer; the last ack wait wins', async () => {
  const names = natsNames();
  const nc = await connect({ servers: TEST_NATS_URL });
  const queues: NatsWorkQueue[] = [];
  try {
    queues.push(
      ...(await Promise.all(Array.from({ length: 5 }, () => NatsWorkQueue.open({ ...names, ackWaitMs: 2000 })))),
    );
    const jsm = await nc.jetstreamManager();
    const stream = await jsm.streams.info(names.stream);
    assert.is(stream.config.retention, RetentionPolicy.Workqueue);
    assert.equal(stream.config.subjects, [`${names.subject}.>`]);
    assert.is(stream.config.duplicate_window, nanos(24 * 3600 * 1000));
    let consumer = await jsm.consumers.info(names.stream, names.durable);
    assert.is(consumer.config.ack_wait, nanos(2000));
    assert.is(consumer.config.max_deliver, -1);
    assert.is(consumer.config.backoff, undefined);
    // A redeploy with another ack wait and dedupe window updates both.
    queues.push(await NatsWorkQueue.open({ ...names, ackWaitMs: 4500, duplicateWindowMs: 3600 * 1000 }));
    consumer = await jsm.consumers.info(names.stream, names.durable);
    assert.is(consumer.config.ack_wait, nanos(4500));
    assert.is((await jsm.streams.info(names.stream)).config.duplicate_window, nanos(3600 * 1000));
    assert.is((await jsm.consumers.list(names.stream).next()).length, 1);
    for (const q of queues) assert.is(await q.ping(), true);
  } finally {
    for (const q of queues) await q.close();
    await nc.close();
    await deleteStream(names.stream);
  }
});

nats('a stream of the same name with other retention is refused, not changed', async () => {
  const names = natsNames();
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({
      name: names.stream,
      subjects: [`${names.subject}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.Memory,
    });
    try {
      await NatsWorkQueue.open({ ...names, onDeadLetter: () => {} });
      assert.unreachable('open should refuse a limits stream');
    } catch (error) {
      assert.instance(error, InvalidWorkQueueSettingsError);
      assert.match((error as Error).message, /limits retention/);
    }
    assert.is((await jsm.streams.info(names.stream)).config.retention, RetentionPolicy.Limits);
  } finally {
    await nc.close();
    await deleteStream(names.stream);
  }
});

nats('a message that is not a task is terminated and reported; the queue goes on', async () => {
  const names = natsNames();
  const errors: { error: unknown; during: string }[] = [];
  const seen: string[] = [];
  const fixture = await openNatsFixture(
    {
      ackWaitMs: 1000,
      onDeadLetter: () => {},
      onError: (error, ctx) => {
        errors.push({ error, during: ctx.during });
      },
    },
    names,
  );
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    await nc.jetstream().publish(`${names.subject}.terrain_phase`, 'not json at all');
    await nc
      .jetstream()
      .publish(`${names.subject}.terrain_phase`, JSON.stringify({ id: 'x', kind: 'bad kind', payload: 1 }));
    await fixture.queue.enqueue({ id: 'valid-1', kind: 'terrain_phase', payload: { ok: true } });
    const consumer = fixture.queue.consume(async (t) => {
      seen.push(t.id);
    });
    // Both bad messages reported and the stream empty: nothing is left that could still be delivered.
    const jsm = await nc.jetstreamManager();
    await waitUntil(
      'the bad messages are reported and every message left the stream',
      async () =>
        (seen.length >= 1 && errors.length >= 2 && (await jsm.streams.info(names.stream)).state.messages === 0) ||
        undefined,
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    await consumer.stop();
    assert.equal(seen, ['valid-1']);
    assert.is(errors.length, 2);
    assert.ok(errors.every((e) => /decoding/.test(e.during)));
    assert.is(
      (await jsm.streams.info(names.stream)).state.messages,
      0,
      'terminated and acked messages left the work-queue stream',
    );
  } finally {
    await nc.close();
    await fixture.dispose();
  }
});

nats('the task of a SIGKILLed worker process runs again in another process after the ack wait', async () => {
  const names = natsNames();
  const ackWaitMs = 1500;
  const deadLetters: WorkTask[] = [];
  const fixture = await openNatsFixture(
    {
      ackWaitMs,
      onDeadLetter: (t) => {
        deadLetters.push(t);
      },
    },
    names,
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../../contract/work-queue-killed-worker.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        WQ_NATS_URL: TEST_NATS_URL,
        WQ_STREAM: names.stream,
        WQ_SUBJECT: names.subject,
        WQ_DURABLE: names.durable,
        WQ_ACK_WAIT_MS: String(ackWaitMs),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const waitForOutput = async (pattern: RegExp, what: string) => {
      for (let i = 0; i < 1500 && !pattern.test(out); i += 1) await new Promise((r) => setTimeout(r, 20));
      if (!pattern.test(out)) throw new Error(`worker process never printed ${what}; output: ${JSON.stringify(out)}`);
    };
    await waitForOutput(/^ready$/m, '"ready"');
    const id = `${uniqueName('job')}:fetch_elevation:0`;
    await fixture.queue.enqueue({ id, kind: 'terrain_phase', payload: { tile: [1, 2, 3] } });
    await waitForOutput(/^took /m, 'that it took the task');
    assert.match(out, new RegExp(`^took ${id} 1$`, 'm'));
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    assert.is(await exited, 'SIGKILL');

    const seen: { id: string; attempt: number; payload: unknown }[] = [];
    const consumer = fixture.queue.consume(async (t, control) => {
      seen.push({ id: t.id, attempt: control.attempt, payload: t.payload });
    });
    for (let i = 0; i < 500 && seen.length < 1; i += 1) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, ackWaitMs + 500));
    await consumer.stop();
    assert.equal(seen, [{ id, attempt: 2, payload: { tile: [1, 2, 3] } }]);
    assert.equal(deadLetters, []);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fixture.dispose();
  }
});

nats.run();

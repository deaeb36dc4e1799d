// The contract every WorkQueue adapter honours (DESIGN.md §4). Registered for the in-process
// queue and for NATS JetStream by work-queue.test.ts. Short ack waits and backoffs keep it quick;
// waits are bounded polls (never timing assertions, except that a backoff is not skipped).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import {
  ConsumerStoppedError,
  DeliveriesExhaustedError,
  InvalidTaskError,
  InvalidWorkQueueSettingsError,
  LeaseExpiredError,
  WorkQueueClosedError,
  type TaskControl,
  type WorkQueue,
  type WorkQueueSettings,
  type WorkTask,
} from '../../infra/work-queue/work-queue.ts';

export interface WorkQueueFixture {
  queue: WorkQueue;
  /** Another handle on the same queue, as a second worker process opens it (in memory: the same queue). */
  peer(): Promise<WorkQueue>;
  /** Closes every handle and removes what the backend kept (the NATS stream). */
  dispose(): Promise<void>;
}

export interface WorkQueueFactory {
  name: string;
  /** A fresh, empty queue for one test. */
  open(settings: WorkQueueSettings): Promise<WorkQueueFixture>;
}

const ACK_WAIT_MS = 1000;

interface Seen {
  id: string;
  attempt: number;
  by: string;
  payload: unknown;
  at: number;
}

interface DeadLetter {
  task: WorkTask;
  error: unknown;
  attempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await sleep(20);
  }
}

/**
 * Enqueues one more task and waits until it is handled. Both queues hand tasks out in enqueue
 * order, so by then any task still due before it (a duplicate that slipped through) has been
 * handed out too: an absence shown by an event rather than by sleeping.
 */
async function handledAfterTheRest(queue: WorkQueue, seenIds: () => string[]): Promise<string> {
  const [last] = ids(1) as [string];
  assert.equal(await queue.enqueue(task(last)), { duplicate: false });
  await waitFor('a task enqueued after the rest handled', () => seenIds().includes(last));
  return last;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function task(id: string, payload: unknown = { n: id }): WorkTask {
  return { id, kind: 'terrain_phase', payload };
}

/** Ids unique per test, in the deterministic shape the dispatcher uses. */
function ids(count: number): string[] {
  const job = randomUUID();
  return Array.from({ length: count }, (_, i) => `${job}:fetch_elevation:${i}`);
}

export function workQueueContract(factory: WorkQueueFactory) {
  const test = suite(`work queue contract: ${factory.name}`);

  /** Opens a queue with the test defaults, records dead letters and reported errors, disposes after. */
  async function withQueue(
    settings: WorkQueueSettings,
    body: (ctx: {
      fixture: WorkQueueFixture;
      queue: WorkQueue;
      deadLetters: DeadLetter[];
      errors: unknown[];
    }) => Promise<void>,
  ) {
    const deadLetters: DeadLetter[] = [];
    const errors: unknown[] = [];
    const fixture = await factory.open({
      ackWaitMs: ACK_WAIT_MS,
      maxDeliveries: 3,
      backoffMs: [100, 200],
      onDeadLetter: (t, error, attempts) => {
        deadLetters.push({ task: t, error, attempts });
      },
      onError: (error) => {
        errors.push(error);
      },
      ...settings,
    });
    try {
      await body({ fixture, queue: fixture.queue, deadLetters, errors });
    } finally {
      await fixture.dispose();
    }
  }

  test('delivers every task once, payload intact, attempt 1, within the concurrency bound', async () => {
    await withQueue({}, async ({ queue, deadLetters, errors }) => {
      const taskIds = ids(25);
      const payloads = taskIds.map((id, i) => ({
        id,
        index: i,
        tile: [i, -i, 12],
        name: `tuile ✓ ${i}`,
        ok: i % 2 === 0,
        none: null,
      }));
      const seen: Seen[] = [];
      let running = 0;
      let mostAtOnce = 0;
      const consumer = queue.consume(
        async (t, control) => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: Date.now() });
          assert.is(control.maxDeliveries, 3);
          assert.is(t.kind, 'terrain_phase');
          await sleep(15);
          running -= 1;
        },
        { concurrency: 4 },
      );
      for (let i = 0; i < taskIds.length; i += 1) {
        assert.equal(await queue.enqueue(task(taskIds[i]!, payloads[i])), { duplicate: false });
      }
      await waitFor('all 25 tasks handled', () => seen.length >= 25);
      // Acked tasks must not come back after the ack wait.
      await sleep(ACK_WAIT_MS + 500);
      await consumer.stop();
      assert.is(seen.length, 25);
      assert.equal(seen.map((s) => s.id).sort(), [...taskIds].sort());
      assert.ok(seen.every((s) => s.attempt === 1));
      for (const s of seen) assert.equal(s.payload, payloads[taskIds.indexOf(s.id)]);
      assert.ok(mostAtOnce <= 4, `at most 4 handlers at once, saw ${mostAtOnce}`);
      assert.equal(deadLetters, []);
      assert.equal(errors, []);
    });
  });

  test('a duplicate id is dropped, before and after the first one ran', async () => {
    await withQueue({}, async ({ queue, errors }) => {
      const [a, b] = ids(2) as [string, string];
      const seen: Seen[] = [];
      assert.equal(await queue.enqueue(task(a, { version: 1 })), { duplicate: false });
      assert.equal(await queue.enqueue(task(a, { version: 2 })), { duplicate: true });
      const consumer = queue.consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: Date.now() });
      });
      await waitFor('the first task handled', () => seen.length >= 1);
      // A dispatcher restarting after the task ran re-enqueues it: still a duplicate.
      assert.equal(await queue.enqueue(task(a, { version: 3 })), { duplicate: true });
      assert.equal(await queue.enqueue(task(b)), { duplicate: false });
      await waitFor('the second task handled', () => seen.length >= 2);
      const last = await handledAfterTheRest(queue, () => seen.map((s) => s.id));
      await consumer.stop();
      assert.equal(
        seen.map((s) => [s.id, s.payload]),
        [
          [a, { version: 1 }],
          [b, { n: b }],
          [last, { n: last }],
        ],
      );
      assert.equal(errors, []);
    });
  });

  test('an id is accepted again once the dedupe window has passed', async () => {
    await withQueue({ duplicateWindowMs: 1000 }, async ({ queue }) => {
      const [a] = ids(1) as [string];
      const seen: string[] = [];
      assert.equal(await queue.enqueue(task(a)), { duplicate: false });
      assert.equal(await queue.enqueue(task(a)), { duplicate: true }, 'within the window: a duplicate');
      // A refused copy does not restart the window: the queue takes the id again once it has passed.
      const deadline = Date.now() + 10_000;
      while ((await queue.enqueue(task(a))).duplicate) {
        if (Date.now() > deadline) assert.unreachable('the id was not accepted again within 10 s of a 1 s window');
        await sleep(50);
      }
      const consumer = queue.consume(async (t) => {
        seen.push(t.id);
      });
      await waitFor('both copies handled', () => seen.length >= 2);
      await consumer.stop();
      assert.equal(seen, [a, a]);
    });
  });

  test('bad tasks and settings are refused and nothing is enqueued', async () => {
    await withQueue({}, async ({ queue }) => {
      const bad: unknown[] = [
        null,
        { id: '', kind: 'terrain_phase', payload: null },
        { id: 'with\nnewline', kind: 'terrain_phase', payload: null },
        { id: ' padded', kind: 'terrain_phase', payload: null },
        { id: 'x'.repeat(257), kind: 'terrain_phase', payload: null },
        { id: 42, kind: 'terrain_phase', payload: null },
        { id: 'ok-1', kind: 'has.dot', payload: null },
        { id: 'ok-2', kind: '', payload: null },
        { id: 'ok-3', kind: 'terrain_phase' },
        { id: 'ok-4', kind: 'terrain_phase', payload: { n: Number.NaN } },
        { id: 'ok-5', kind: 'terrain_phase', payload: { big: 10n } },
        { id: 'ok-6', kind: 'terrain_phase', payload: { when: new Date(0) } },
        { id: 'ok-7', kind: 'terrain_phase', payload: { gone: undefined } },
        { id: 'ok-8', kind: 'terrain_phase', payload: [() => 1] },
      ];
      for (const t of bad) {
        try {
          await queue.enqueue(t as WorkTask);
          assert.unreachable(`${JSON.stringify(t, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))} should be refused`);
        } catch (error) {
          assert.instance(error, InvalidTaskError);
        }
      }
      for (const concurrency of [0, -1, 1.5]) {
        assert.throws(
          () => queue.consume(async () => {}, { concurrency }),
          (e: unknown) => e instanceof InvalidWorkQueueSettingsError,
        );
      }
      // The refused ids were not remembered either: the same id, now valid, is new.
      const seen: string[] = [];
      assert.equal(await queue.enqueue(task('ok-3', null)), { duplicate: false });
      const consumer = queue.consume(async (t) => {
        seen.push(t.id);
      });
      await waitFor('the valid task handled', () => seen.length >= 1);
      const last = await handledAfterTheRest(queue, () => seen);
      await consumer.stop();
      assert.equal(seen, ['ok-3', last]);
    });
    for (const settings of [
      { maxDeliveries: 0 },
      { ackWaitMs: -5 },
      { ackWaitMs: 10 },
      { backoffMs: [] },
      { backoffMs: [100, -1] },
      { duplicateWindowMs: 0 },
    ]) {
      try {
        const fixture = await factory.open({ onDeadLetter: () => {}, ...settings });
        await fixture.dispose();
        assert.unreachable(`${JSON.stringify(settings)} should be refused`);
      } catch (error) {
        assert.instance(error, InvalidWorkQueueSettingsError);
      }
    }
    // A queue without onDeadLetter can enqueue but not consume.
    const fixture = await factory.open({});
    try {
      assert.throws(
        () => fixture.queue.consume(async () => {}),
        (e: unknown) => e instanceof InvalidWorkQueueSettingsError && /onDeadLetter/.test(e.message),
      );
    } finally {
      await fixture.dispose();
    }
  });

  test('a closed queue refuses work', async () => {
    const fixture = await factory.open({ onDeadLetter: () => {} });
    await fixture.queue.close();
    assert.is(await fixture.queue.ping(), false);
    try {
      await fixture.queue.enqueue(task('after-close'));
      assert.unreachable('enqueue after close');
    } catch (error) {
      assert.instance(error, WorkQueueClosedError);
    } finally {
      await fixture.dispose();
    }
  });

  test('two consumers share the work: every task handled once, by one of them', async () => {
    await withQueue({}, async ({ fixture, queue, errors }) => {
      const other = await fixture.peer();
      assert.is(await other.ping(), true);
      const taskIds = ids(40);
      const seen: Seen[] = [];
      const handler = (by: string) => async (t: WorkTask, control: TaskControl) => {
        seen.push({ id: t.id, attempt: control.attempt, by, payload: t.payload, at: Date.now() });
        await sleep(20);
      };
      const a = queue.consume(handler('a'), { concurrency: 2 });
      const b = other.consume(handler('b'), { concurrency: 2 });
      for (const id of taskIds) await queue.enqueue(task(id));
      await waitFor('all 40 tasks handled', () => seen.length >= 40);
      await sleep(ACK_WAIT_MS + 300);
      await Promise.all([a.stop(), b.stop()]);
      assert.is(seen.length, 40);
      assert.equal(seen.map((s) => s.id).sort(), [...taskIds].sort());
      const byA = seen.filter((s) => s.by === 'a').length;
      const byB = seen.filter((s) => s.by === 'b').length;
      assert.ok(byA > 0 && byB > 0, `both consumers got work (a ${byA}, b ${byB})`);
      assert.ok(seen.every((s) => s.attempt === 1));
      assert.equal(errors, []);
    });
  });

  test('a throwing handler is retried after the backoff and can then succeed', async () => {
    await withQueue({ backoffMs: [150, 300] }, async ({ queue, deadLetters, errors }) => {
      const [id] = ids(1) as [string];
      const seen: Seen[] = [];
      const consumer = queue.consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: performance.now() });
        if (control.attempt < 3) throw new Error(`transient failure ${control.attempt}`);
      });
      await queue.enqueue(task(id));
      await waitFor('the third attempt', () => seen.length >= 3);
      await sleep(ACK_WAIT_MS + 300);
      await consumer.stop();
      assert.equal(
        seen.map((s) => s.attempt),
        [1, 2, 3],
      );
      // Not a speed check: the retry must not come before its backoff.
      assert.ok(
        seen[1]!.at - seen[0]!.at >= 140,
        `second attempt waited the 150 ms backoff (${seen[1]!.at - seen[0]!.at})`,
      );
      assert.ok(
        seen[2]!.at - seen[1]!.at >= 290,
        `third attempt waited the 300 ms backoff (${seen[2]!.at - seen[1]!.at})`,
      );
      assert.equal(deadLetters, []);
      assert.equal(errors, []);
    });
  });

  test('after maxDeliveries failures the dead letter fires once and the task is gone', async () => {
    await withQueue({ maxDeliveries: 3 }, async ({ fixture, queue, deadLetters, errors }) => {
      const [id, ok] = ids(2) as [string, string];
      const seen: Seen[] = [];
      const handler = (by: string) => async (t: WorkTask, control: TaskControl) => {
        seen.push({ id: t.id, attempt: control.attempt, by, payload: t.payload, at: Date.now() });
        if (t.id === id) throw new Error(`boom on attempt ${control.attempt}`);
      };
      const a = queue.consume(handler('a'));
      const b = (await fixture.peer()).consume(handler('b'));
      await queue.enqueue(task(id, { tile: 7 }));
      await queue.enqueue(task(ok));
      await waitFor('the dead letter', () => deadLetters.length >= 1);
      await sleep(ACK_WAIT_MS + 500);
      await Promise.all([a.stop(), b.stop()]);
      assert.equal(
        seen.filter((s) => s.id === id).map((s) => s.attempt),
        [1, 2, 3],
      );
      assert.equal(
        seen.filter((s) => s.id === ok).map((s) => s.attempt),
        [1],
      );
      assert.is(deadLetters.length, 1);
      assert.equal(deadLetters[0]!.task, task(id, { tile: 7 }));
      assert.is(deadLetters[0]!.attempts, 3);
      assert.instance(deadLetters[0]!.error, Error);
      assert.is((deadLetters[0]!.error as Error).message, 'boom on attempt 3');
      // Terminated, not forgotten by dedupe: a re-enqueue does not run it again.
      assert.equal(await queue.enqueue(task(id)), { duplicate: true });
      assert.equal(errors, []);
    });
  });

  test('a failing onDeadLetter is retried until it succeeds, the handler does not run again', async () => {
    const calls: DeadLetter[] = [];
    const onDeadLetter = (t: WorkTask, error: unknown, attempts: number) => {
      calls.push({ task: t, error, attempts });
      if (calls.length === 1) throw new Error('event store unavailable');
    };
    await withQueue({ maxDeliveries: 1, backoffMs: [150], onDeadLetter }, async ({ queue, errors }) => {
      const [id] = ids(1) as [string];
      let handled = 0;
      const consumer = queue.consume(async () => {
        handled += 1;
        throw new Error('permanent failure');
      });
      await queue.enqueue(task(id));
      await waitFor('the second onDeadLetter call', () => calls.length >= 2);
      await sleep(ACK_WAIT_MS + 500);
      await consumer.stop();
      assert.is(handled, 1);
      assert.is(calls.length, 2);
      assert.is((calls[0]!.error as Error).message, 'permanent failure');
      assert.instance(calls[1]!.error, DeliveriesExhaustedError);
      assert.equal(
        calls.map((c) => c.attempts),
        [1, 1],
      );
      assert.equal(
        calls.map((c) => c.task.id),
        [id, id],
      );
      assert.is(errors.length, 1);
      assert.is((errors[0] as Error).message, 'event store unavailable');
    });
  });

  test('a handler that stops responding loses its task to another consumer after the ack wait', async () => {
    await withQueue({}, async ({ fixture, queue, deadLetters, errors }) => {
      const [id] = ids(1) as [string];
      const seen: Seen[] = [];
      const release = deferred();
      let hungSignal: AbortSignal | null = null;
      const a = queue.consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: Date.now() });
        hungSignal = control.signal;
        await release.promise; // hangs: no ack, no heartbeat, ignores its signal
      });
      try {
        await queue.enqueue(task(id));
        await waitFor('consumer a took the task', () => seen.length >= 1);
        const b = (await fixture.peer()).consume(async (t, control) => {
          seen.push({ id: t.id, attempt: control.attempt, by: 'b', payload: t.payload, at: Date.now() });
        });
        await waitFor('the task redelivered', () => seen.length >= 2, ACK_WAIT_MS * 10);
        assert.equal(
          seen.map((s) => [s.by, s.attempt]),
          [
            ['a', 1],
            ['b', 2],
          ],
        );
        assert.is(hungSignal!.aborted, true);
        assert.instance(hungSignal!.reason, LeaseExpiredError);
        // The hung handler finally returns: nothing breaks and the task does not come back.
        release.resolve();
        await sleep(ACK_WAIT_MS + 500);
        await Promise.all([a.stop(), b.stop()]);
        assert.is(seen.length, 2);
        assert.equal(deadLetters, []);
        assert.equal(errors, []);
      } finally {
        release.resolve(); // so a failing test still lets dispose() drain the handler
      }
    });
  });

  test('when the last delivery is never acknowledged the dead letter fires without running the handler again', async () => {
    await withQueue({ maxDeliveries: 2, backoffMs: [100] }, async ({ fixture, queue, deadLetters }) => {
      const [id] = ids(1) as [string];
      const seen: Seen[] = [];
      const release = deferred();
      const handler = (by: string) => async (t: WorkTask, control: TaskControl) => {
        seen.push({ id: t.id, attempt: control.attempt, by, payload: t.payload, at: Date.now() });
        if (control.attempt === 1) throw new Error('first attempt fails');
        await release.promise; // the second (last) attempt hangs, as a SIGKILLed worker would
      };
      const a = queue.consume(handler('a'));
      const b = (await fixture.peer()).consume(handler('b'));
      try {
        await queue.enqueue(task(id));
        await waitFor('the dead letter', () => deadLetters.length >= 1, ACK_WAIT_MS * 10);
        release.resolve();
        await sleep(ACK_WAIT_MS + 300);
        await Promise.all([a.stop(), b.stop()]);
        assert.equal(
          seen.map((s) => s.attempt),
          [1, 2],
        );
        assert.is(deadLetters.length, 1);
        assert.instance(deadLetters[0]!.error, DeliveriesExhaustedError);
        assert.is((deadLetters[0]!.error as DeliveriesExhaustedError).attempts, 2);
        assert.is(deadLetters[0]!.attempts, 2);
        assert.is(deadLetters[0]!.task.id, id);
      } finally {
        release.resolve();
      }
    });
  });

  test('heartbeats keep a task longer than the ack wait with its consumer', async () => {
    await withQueue({}, async ({ fixture, queue, deadLetters, errors }) => {
      const [id] = ids(1) as [string];
      const seen: Seen[] = [];
      let finishedAborted: boolean | null = null;
      const a = queue.consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: Date.now() });
        for (let i = 0; i < 10; i += 1) {
          await sleep(ACK_WAIT_MS / 4);
          control.heartbeat();
        }
        finishedAborted = control.signal.aborted;
      });
      await queue.enqueue(task(id));
      await waitFor('consumer a took the task', () => seen.length >= 1);
      // An idle consumer waiting for anything that gets redelivered.
      const b = (await fixture.peer()).consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'b', payload: t.payload, at: Date.now() });
      });
      await waitFor('the long task finished', () => finishedAborted !== null, ACK_WAIT_MS * 10);
      await sleep(ACK_WAIT_MS + 500);
      await Promise.all([a.stop(), b.stop()]);
      assert.equal(
        seen.map((s) => [s.by, s.attempt]),
        [['a', 1]],
      );
      assert.is(finishedAborted, false);
      assert.equal(deadLetters, []);
      assert.equal(errors, []);
    });
  });

  test('stop() waits for in-flight handlers, aborts their signal, and takes no more tasks', async () => {
    await withQueue({}, async ({ fixture, queue, deadLetters, errors }) => {
      const [first, second, later] = ids(3) as [string, string, string];
      const seen: Seen[] = [];
      const finished: { id: string; reason: unknown }[] = [];
      const a = queue.consume(
        async (t, control) => {
          seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: Date.now() });
          await sleep(400); // finishes its work despite the stop
          finished.push({ id: t.id, reason: control.signal.reason });
        },
        { concurrency: 2 },
      );
      await queue.enqueue(task(first));
      await queue.enqueue(task(second));
      await waitFor('both tasks started', () => seen.length >= 2);
      await a.stop();
      assert.is(finished.length, 2, 'stop() resolved only after both handlers');
      assert.ok(finished.every((f) => f.reason instanceof ConsumerStoppedError));
      await a.stop(); // idempotent
      const other = await fixture.peer();
      const b = other.consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'b', payload: t.payload, at: Date.now() });
      });
      await queue.enqueue(task(later));
      await waitFor('the later task handled', () => seen.length >= 3);
      await sleep(ACK_WAIT_MS + 300);
      await b.stop();
      // The two finished tasks were acked (not redelivered); the later one went to b.
      assert.equal(
        seen.map((s) => [s.id, s.by, s.attempt]).sort(),
        [
          [first, 'a', 1],
          [second, 'a', 1],
          [later, 'b', 1],
        ].sort(),
      );
      assert.equal(deadLetters, []);
      assert.equal(errors, []);
    });
  });

  test('a handler that gives up when stopped (or via the consume signal) releases its task at once', async () => {
    await withQueue({ maxDeliveries: 2, backoffMs: [60_000] }, async ({ fixture, queue, deadLetters, errors }) => {
      const [id] = ids(1) as [string];
      const seen: Seen[] = [];
      const stopA = new AbortController();
      queue.consume(
        async (t, control) => {
          seen.push({ id: t.id, attempt: control.attempt, by: 'a', payload: t.payload, at: Date.now() });
          await new Promise((_, reject) =>
            control.signal.addEventListener('abort', () => reject(control.signal.reason)),
          );
        },
        { signal: stopA.signal },
      );
      await queue.enqueue(task(id));
      await waitFor('consumer a took the task', () => seen.length >= 1);
      const b = (await fixture.peer()).consume(async (t, control) => {
        seen.push({ id: t.id, attempt: control.attempt, by: 'b', payload: t.payload, at: Date.now() });
      });
      stopA.abort();
      // The 60 s backoff is not applied to a release: b gets it well before that.
      await waitFor('b got the released task', () => seen.length >= 2, 15_000);
      const last = await handledAfterTheRest(queue, () => seen.map((s) => s.id));
      await b.stop();
      assert.equal(
        seen.filter((s) => s.id !== last).map((s) => [s.by, s.attempt]),
        [
          ['a', 1],
          ['b', 2],
        ],
      );
      assert.equal(deadLetters, []);
      assert.equal(errors, []);
    });
  });

  return test;
}

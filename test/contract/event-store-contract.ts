// The contract every EventStore adapter honours. Registered for each reachable backend by
// event-store.test.ts (PGlite and PostgreSQL always, EventStoreDB when EVENTSTORE_URL is set).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import {
  AppendConditionFailedError,
  InvalidEventError,
  UnstorableEventError,
  WrongExpectedRevisionError,
} from '../../infra/event-store/event-store.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { accountRegistered } from '../support/events.ts';

export interface StoreFactory {
  name: string;
  open(): Promise<{ store: EventStore; dispose(): Promise<void> }>;
  /** Writers × events for the concurrency test (EventStoreDB over a network may use fewer). */
  writers?: number;
  eventsPerWriter?: number;
  /** Whether append conditions are checked atomically with the append (EventStoreDB: only just before). */
  atomicConditions?: boolean;
}

const stream = () => `account-${randomUUID()}`;

export function eventStoreContract(factory: StoreFactory) {
  const test = suite<{ store: EventStore; dispose(): Promise<void> }>(`event store contract: ${factory.name}`);

  test.before.each(async (ctx) => {
    Object.assign(ctx, await factory.open());
  });
  test.after.each(async (ctx) => {
    await ctx.dispose();
  });

  test('appends to a new stream with no_stream and reads it back in order', async ({ store }) => {
    const s = stream();
    const events = [accountRegistered('a'), accountRegistered('b'), accountRegistered('c')];
    const result = await store.append(s, events, 'no_stream');
    assert.is(result.revision, 2);
    assert.is(result.positions.length, 3);
    assert.ok(result.positions[0]! < result.positions[1]! && result.positions[1]! < result.positions[2]!);
    const read = await store.readStream(s);
    assert.equal(
      read.map((e) => e.id),
      events.map((e) => e.id),
    );
    assert.equal(
      read.map((e) => e.revision),
      [0, 1, 2],
    );
    assert.equal(read[1]!.data, events[1]!.data);
    assert.equal(read[0]!.metadata, events[0]!.metadata);
    assert.is(read[2]!.position, result.position);
  });

  test('expected revision: conflicts are refused and nothing is written', async ({ store }) => {
    const s = stream();
    await store.append(s, [accountRegistered()], 'no_stream');
    for (const expected of ['no_stream', 5, 1] as const) {
      try {
        await store.append(s, [accountRegistered()], expected);
        assert.unreachable(`expected ${expected} should conflict`);
      } catch (error) {
        assert.instance(error, WrongExpectedRevisionError);
      }
    }
    try {
      await store.append(stream(), [accountRegistered()], 'stream_exists');
      assert.unreachable('stream_exists on a new stream should conflict');
    } catch (error) {
      assert.instance(error, WrongExpectedRevisionError);
    }
    assert.is((await store.readStream(s)).length, 1);
    const ok = await store.append(s, [accountRegistered()], 0);
    assert.is(ok.revision, 1);
    const any = await store.append(s, [accountRegistered()], 'any');
    assert.is(any.revision, 2);
  });

  test('append is idempotent by event id', async ({ store }) => {
    const s = stream();
    const events = [accountRegistered(), accountRegistered()];
    const first = await store.append(s, events, 'no_stream');
    const again = await store.append(s, events, 'no_stream');
    assert.equal(again, first);
    assert.is((await store.readStream(s)).length, 2);
  });

  test('concurrent appends to one stream: one wins, the loser conflicts, a retry is idempotent', async ({ store }) => {
    const s = stream();
    const events = [accountRegistered(), accountRegistered()];
    const [first, loser, retry] = await Promise.allSettled([
      store.append(s, events, 'no_stream'),
      store.append(s, [accountRegistered()], 'no_stream'),
      store.append(s, events, 'no_stream'),
    ]);
    assert.is(first.status, 'fulfilled');
    assert.is(loser.status, 'rejected');
    assert.instance((loser as PromiseRejectedResult).reason, WrongExpectedRevisionError);
    assert.is(retry.status, 'fulfilled');
    assert.equal((retry as PromiseFulfilledResult<unknown>).value, (first as PromiseFulfilledResult<unknown>).value);
    assert.equal(
      (await store.readStream(s)).map((e) => e.id),
      events.map((e) => e.id),
    );
  });

  test('an append conditioned on other streams: refused once one of them moved, naming it', async ({ store }) => {
    const [s, read, absent] = [stream(), stream(), stream()];
    await store.append(read, [accountRegistered()], 'no_stream');
    const written = await store.append(s, [accountRegistered()], 'no_stream', {
      unchanged: [
        { stream: read, revision: 0 },
        { stream: absent, revision: -1 },
      ],
    });
    assert.is(written.revision, 0);
    await store.append(read, [accountRegistered()], 0);
    const moved = [
      [
        { stream: absent, revision: -1 },
        { stream: read, revision: 0 },
      ],
      [{ stream: absent, revision: 0 }],
    ];
    for (const unchanged of moved) {
      try {
        await store.append(s, [accountRegistered()], 0, { unchanged });
        assert.unreachable('a moved stream refuses the append');
      } catch (error) {
        assert.instance(error, WrongExpectedRevisionError);
        assert.is((error as WrongExpectedRevisionError).stream, unchanged.at(-1)!.stream);
      }
    }
    assert.is((await store.readStream(s)).length, 1, 'nothing written');
    // Among concurrent appends (one group on the SQL stores), the condition sees the writes before it.
    const [moving, conditioned] = await Promise.allSettled([
      store.append(read, [accountRegistered()], 1),
      store.append(s, [accountRegistered()], 0, { unchanged: [{ stream: read, revision: 1 }] }),
    ]);
    assert.is(moving.status, 'fulfilled');
    if (conditioned.status === 'fulfilled') {
      // Written first: the condition held when it was written, before the other stream moved.
      const [mine, theirs] = [(await store.readStream(s))[1]!, (await store.readStream(read))[2]!];
      assert.ok(mine.position < theirs.position);
    } else {
      assert.instance(conditioned.reason, WrongExpectedRevisionError);
      assert.is((await store.readStream(s)).length, 1);
    }
  });

  test('append conditions: refused, nothing written, once the other stream holds a named type', async ({ store }) => {
    const parent = stream();
    const child = stream();
    const endedBy = { stream: parent, withoutTypes: ['AccountRegistered'] };
    // An absent stream, and a stream holding only other types, let the append through.
    await store.append(child, [accountRegistered()], 'no_stream', { conditions: [endedBy] });
    await store.append(parent, [accountRegistered()], 'no_stream');
    await store.append(child, [accountRegistered()], 0, {
      conditions: [{ stream: parent, withoutTypes: ['ApiKeyRevoked'] }],
    });
    try {
      const conditions = [{ stream: parent, withoutTypes: ['ApiKeyRevoked'] }, endedBy];
      await store.append(child, [accountRegistered()], 1, { conditions });
      assert.unreachable('the condition should refuse the append');
    } catch (error) {
      assert.instance(error, AppendConditionFailedError);
      assert.equal((error as AppendConditionFailedError).condition, endedBy);
    }
    assert.is((await store.readStream(child)).length, 2);
  });

  if (factory.atomicConditions ?? true) {
    test('append conditions under concurrency: none lands after the ending event', async ({ store }) => {
      for (let round = 0; round < 10; round++) {
        const parent = stream();
        const endedBy = { stream: parent, withoutTypes: ['AccountRegistered'] };
        const ending = accountRegistered();
        const children = Array.from({ length: 30 }, () => ({ stream: stream(), event: accountRegistered() }));
        const appends = children.map((c) => store.append(c.stream, [c.event], 'no_stream', { conditions: [endedBy] }));
        appends.splice(15, 0, store.append(parent, [ending], 'no_stream'));
        const outcomes = await Promise.allSettled(appends);
        const end = (await store.readStream(parent))[0]!.position;
        for (const [i, c] of children.entries()) {
          const written = await store.readStream(c.stream);
          const outcome = outcomes[i < 15 ? i : i + 1]!;
          if (outcome.status === 'rejected') {
            assert.instance(outcome.reason, AppendConditionFailedError);
            assert.is(written.length, 0);
          } else {
            const at = written[0]!.position;
            assert.ok(at < end, `round ${round}: a child at ${at}, after the end at ${end}`);
          }
        }
      }
    });
  }

  test('reads a stream forward up to a revision', async ({ store }) => {
    const s = stream();
    await store.append(
      s,
      Array.from({ length: 5 }, () => accountRegistered()),
      'no_stream',
    );
    assert.equal(
      (await store.readStream(s, { toRevision: 2 })).map((e) => e.revision),
      [0, 1, 2],
    );
    assert.equal(
      (await store.readStream(s, { fromRevision: 3 })).map((e) => e.revision),
      [3, 4],
    );
    assert.equal(await store.readStream(stream()), []);
  });

  test('reads all from a global position', async ({ store }) => {
    const before = await store.headPosition();
    const a = stream();
    const b = stream();
    await store.append(a, [accountRegistered()], 'no_stream');
    const rb = await store.append(b, [accountRegistered(), accountRegistered()], 'no_stream');
    const all = await store.readAll({ after: before, limit: 100 });
    const ours = all.filter((e) => e.stream_id === a || e.stream_id === b);
    assert.is(ours.length, 3);
    assert.equal(
      ours.map((e) => e.stream_id),
      [a, b, b],
    );
    const afterFirst = await store.readAll({ after: ours[0]!.position, limit: 100 });
    assert.ok(afterFirst.every((e) => e.position > ours[0]!.position));
    assert.is(await store.headPosition(), rb.position);
    const limited = await store.readAll({ after: before, limit: 2 });
    assert.is(limited.length, 2);
  });

  test('refuses unknown types and invalid data before writing', async ({ store }) => {
    const s = stream();
    const bad = [
      { ...accountRegistered(), type: 'NoSuchThingHappened' },
      { ...accountRegistered(), data: { account_id: 'not-a-uuid', name: 'x' } },
      { ...accountRegistered(), data: { account_id: randomUUID() } },
      { ...accountRegistered(), version: 7 },
    ];
    for (const event of bad) {
      try {
        await store.append(s, [accountRegistered(), event], 'any');
        assert.unreachable('invalid event accepted');
      } catch (error) {
        assert.instance(error, InvalidEventError);
      }
    }
    assert.equal(await store.readStream(s), []);
  });

  test('a write the database would refuse fails alone; concurrent valid ones all succeed', async ({ store }) => {
    const before = await store.headPosition();
    // Carried in metadata (no schema there) so only the store's own check can refuse them.
    const deep: unknown[] = [];
    let inner = deep;
    for (let i = 0; i < 300; i++) inner = (inner[0] = []) as unknown[];
    const refused: Array<Record<string, unknown>> = [
      { note: 'nul \u0000 inside' },
      { note: 'lone \ud800 high surrogate' },
      { note: ['x', { y: 'lone \udc00 low' }] },
      { 'key\u0000': 1 },
      { ['k\udbff']: 'v' },
      { note: Number.NaN },
      { note: deep },
    ];
    const writes = Array.from({ length: 60 }, (_, i) => {
      const bad = i % 9 === 4 ? refused[(i - 4) / 9] : undefined;
      const event = accountRegistered(`valid ${i}`);
      if (bad) event.metadata = { ...event.metadata, ...bad };
      return { stream: stream(), event, bad: bad !== undefined };
    });
    assert.is(writes.filter((w) => w.bad).length, refused.length);
    const outcomes = await Promise.allSettled(writes.map((w) => store.append(w.stream, [w.event], 'no_stream')));
    for (const [i, outcome] of outcomes.entries()) {
      if (writes[i]!.bad) {
        assert.is(outcome.status, 'rejected', `write ${i} refused`);
        assert.instance((outcome as PromiseRejectedResult).reason, UnstorableEventError);
      } else {
        assert.is(outcome.status, 'fulfilled', `write ${i} acknowledged: ${(outcome as PromiseRejectedResult).reason}`);
      }
    }
    for (const w of writes) {
      assert.equal(
        (await store.readStream(w.stream)).map((e) => e.id),
        w.bad ? [] : [w.event.id],
      );
    }
    const logged = (await store.readAll({ after: before, limit: 1000 })).map((e) => e.id).sort();
    const valid = writes
      .filter((w) => !w.bad)
      .map((w) => w.event.id)
      .sort();
    assert.equal(logged, valid, 'the log holds exactly the valid writes');
  });

  test('catch-up subscription turns live and sees each event once, in order', async ({ store }) => {
    const start = await store.headPosition();
    const s = stream();
    await store.append(s, [accountRegistered(), accountRegistered()], 'no_stream');
    const subscription = store.subscribeAll(start, { batchSize: 1 });
    const seen: RecordedEvent[] = [];
    const done = (async () => {
      for await (const batch of subscription) {
        for (const e of batch) if (e.stream_id === s) seen.push(e);
        if (seen.length >= 5) break;
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    await store.append(s, [accountRegistered()], 1);
    await store.append(s, [accountRegistered(), accountRegistered()], 2);
    await done;
    await subscription.close();
    assert.equal(
      seen.map((e) => e.revision),
      [0, 1, 2, 3, 4],
    );
  });

  test('concurrent writers: a live subscriber sees every event exactly once, each stream in order', async ({
    store,
  }) => {
    const writers = factory.writers ?? 8;
    const perWriter = factory.eventsPerWriter ?? 650;
    const start = await store.headPosition();
    const streams = Array.from({ length: writers }, () => stream());
    const seen = new Map<string, number[]>();
    const seenIds = new Set<string>();
    let duplicates = 0;
    let lastPosition = start;
    let outOfOrder = 0;
    const subscription = store.subscribeAll(start, { batchSize: 97 });
    const expectedTotal = writers * perWriter;
    let ours = 0;
    const reading = (async () => {
      for await (const batch of subscription) {
        for (const e of batch) {
          if (e.position <= lastPosition) outOfOrder++;
          lastPosition = e.position;
          if (!streams.includes(e.stream_id)) continue;
          if (seenIds.has(e.id)) duplicates++;
          seenIds.add(e.id);
          const revisions = seen.get(e.stream_id) ?? [];
          revisions.push(e.revision);
          seen.set(e.stream_id, revisions);
          ours++;
        }
        if (ours >= expectedTotal) break;
      }
    })();
    // Each writer appends small batches (1–3 events) with the revision it last saw, so commits of
    // different writers interleave as they would under load.
    await Promise.all(
      streams.map(async (s, w) => {
        let revision: number | 'no_stream' = 'no_stream';
        let written = 0;
        while (written < perWriter) {
          const n = Math.min(1 + ((written + w) % 3), perWriter - written);
          const result = await store.append(
            s,
            Array.from({ length: n }, () => accountRegistered()),
            revision,
          );
          revision = result.revision;
          written += n;
        }
      }),
    );
    const timeout = setTimeout(() => {
      void subscription.close();
    }, 120_000);
    await reading;
    clearTimeout(timeout);
    await subscription.close();
    assert.is(ours, expectedTotal, 'every event seen');
    assert.is(duplicates, 0, 'no event seen twice');
    assert.is(outOfOrder, 0, 'global positions strictly increasing');
    for (const s of streams) {
      assert.equal(
        seen.get(s),
        Array.from({ length: perWriter }, (_, i) => i),
        `stream ${s} in order`,
      );
    }
  });

  return test;
}

// Event store on EventStoreDB (EVENT_STORE=esdb), the production choice (DESIGN.md §4), through
// @eventstore/db-client (gRPC). Semantics follow the port exactly as sql-event-store.ts does:
//
// - Every event is written as JSON: ESDB's `type` and `data` are ours; our other envelope fields
//   (`version`, `metadata`) travel in ESDB's event metadata.
// - Our `position` is ESDB's commit position. Events appended over gRPC (server 20+) are committed
//   one log record each, so commit == prepare position and every event has its own, strictly
//   increasing position: {commit: p, prepare: p} addresses the event at p exactly.
// - System events (type `$...`) are never ours: subscriptions drop them on the server
//   (excludeSystemEvents); readAll and headPosition drop them here, because this client's readAll
//   has no filter option (it always sends NoFilter), and the same rule (`type` starts with `$`)
//   keeps the two views identical.
// - Idempotency by event id is ESDB's own: the same ids appended again with the same expected
//   revision are recognised and the original revisions come back. ESDB does not report per-event
//   positions, so every append reads its events back to answer with them.
// - Append conditions (a parent not yet ended): EventStoreDB has no multi-stream append, so they are
//   checked just before the append; a parent ended in that one round trip is not seen (README).
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { assertStorableEvents } from './assert-storable-events.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../../domain/shared/event-envelope.ts';
import {
  AppendConditionFailedError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store.ts';

/** A subscription batch is handed over when no further event arrives within this many ms. */
const FLUSH_AFTER_MS = 5;
const PING_TIMEOUT_MS = 5000;
/** headPosition reads $all backwards in pages of this many records until it finds one of ours. */
const HEAD_PAGE = 64;

const TIMED_OUT = Symbol('timed out');

/** What we keep in ESDB's event metadata: the envelope fields ESDB has no place for. */
type StoredMetadata = { version: number; metadata: EventMetadata };

function isStoredMetadata(value: unknown): value is StoredMetadata {
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return false;
  const candidate = value as Partial<StoredMetadata>;
  return typeof candidate.version === 'number' && typeof candidate.metadata === 'object' && candidate.metadata !== null;
}

function isSystemEvent(type: string): boolean {
  return type.startsWith('$');
}

/** The exact ESDB position of one of our events (see the header: commit == prepare). */
function positionAt(position: number): ReadPosition {
  return position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : START;
}

function toEventData(event: NewEvent): EventData {
  const metadata: StoredMetadata = { version: event.version, metadata: event.metadata };
  return jsonEvent({
    id: event.id,
    type: event.type,
    // Event data is JSON by contract (the validating store checks it against its schema).
    data: event.data as JSONType,
    metadata,
  });
}

function toRecorded(event: EsdbRecordedEvent, commitPosition: bigint | undefined): RecordedEvent {
  if (!event.isJson || !isStoredMetadata(event.metadata)) {
    throw new Error(`event ${event.id} in ${event.streamId} was not written by this event store (no JSON envelope)`);
  }
  if (commitPosition === undefined) {
    throw new Error(`EventStoreDB returned event ${event.id} without a position (server older than 22.6?)`);
  }
  return {
    id: event.id,
    type: event.type,
    version: event.metadata.version,
    data: event.data,
    metadata: event.metadata.metadata,
    stream_id: event.streamId,
    revision: Number(event.revision),
    position: Number(commitPosition),
  };
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

async function collect<T>(read: StreamingRead<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

/** The promise's value, or TIMED_OUT when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connection strings may carry credentials (esdb://user:password@host): keep them out of messages. */
function withoutCredentials(connectionString: string): string {
  return connectionString.replace(/\/\/[^@/]*@/, '//***@');
}

export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb';
  private closed = false;

  private constructor(private readonly client: EventStoreDBClient) {}

  /** Connects and checks that the server answers, so a wrong URL stops start-up with its reason. */
  static async open(connectionString: string): Promise<EsdbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    const store = new EsdbEventStore(client);
    const firstRead = store.readLastRecord();
    firstRead.catch(() => undefined); // after a timeout nobody awaits it any more
    try {
      const answered = await within(firstRead, PING_TIMEOUT_MS);
      if (answered === TIMED_OUT) throw new Error(`no answer within ${PING_TIMEOUT_MS} ms`);
    } catch (error) {
      await client.dispose().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`EventStoreDB at ${withoutCredentials(connectionString)} does not answer: ${reason}`, {
        cause: error,
      });
    }
    return store;
  }

  async append(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    assertStorableEvents(stream, events);
    // ESDB has no condition on other streams: checked just before the append, not atomically with it.
    for (const condition of options.conditions ?? []) {
      const held = await this.readStream(condition.stream);
      const ended = held.some((e) => condition.withoutTypes.includes(e.type));
      if (ended) throw new AppendConditionFailedError(stream, condition);
    }
    for (const read of options.unchanged ?? []) {
      const actual = await this.currentRevision(read.stream);
      if ((actual === 'no_stream' ? -1 : actual) !== read.revision) {
        throw new WrongExpectedRevisionError(read.stream, read.revision < 0 ? 'no_stream' : read.revision, actual);
      }
    }
    if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
      // No stream is ever at a negative or fractional revision: the same answer the SQL store gives.
      throw new WrongExpectedRevisionError(stream, expected, await this.currentRevision(stream));
    }
    let lastRevision: number;
    try {
      const result = await this.client.appendToStream(stream, events.map(toEventData), {
        expectedRevision: toEsdbExpected(expected),
      });
      // On an idempotent retry ESDB answers with the revisions of the original write.
      lastRevision = Number(result.nextExpectedRevision);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual =
          error.actualVersion === NO_STREAM || error.actualVersion < 0n ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(stream, expected, actual);
      }
      throw error;
    }
    const firstRevision = lastRevision - events.length + 1;
    const written = await this.readStream(stream, { fromRevision: firstRevision, toRevision: lastRevision });
    const same = written.length === events.length && written.every((e, i) => e.id === events[i]!.id);
    if (!same) {
      throw new Error(
        `stream ${stream}: revisions ${firstRevision}..${lastRevision} do not hold the events just appended`,
      );
    }
    const positions = written.map((e) => e.position);
    return { revision: lastRevision, position: positions[positions.length - 1]!, positions };
  }

  private async currentRevision(stream: string): Promise<number | 'no_stream'> {
    try {
      const last = await collect(
        this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
      );
      return last[0]?.event ? Number(last[0].event.revision) : 'no_stream';
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 'no_stream';
      throw error;
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = Math.max(0, Math.ceil(options.fromRevision ?? 0));
    const to = options.toRevision === undefined ? undefined : Math.floor(options.toRevision);
    if (to !== undefined && to < from) return [];
    try {
      const read = this.client.readStream(stream, {
        fromRevision: BigInt(from),
        ...(to === undefined ? {} : { maxCount: to - from + 1 }),
      });
      const resolved = await collect(read);
      return resolved.flatMap((r) =>
        r.event ? [toRecorded(r.event, r.event.position?.commit ?? r.commitPosition)] : [],
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? 1000;
    const found: RecordedEvent[] = [];
    if (limit <= 0) return found;
    let from = options.after ?? 0;
    for (;;) {
      // A forward read of $all starts AT the given position, which is an event we already had:
      // ask for one more record and drop it below.
      const wanted = limit - found.length + 1;
      const page = await collect(this.client.readAll({ fromPosition: positionAt(from), maxCount: wanted }));
      let last = from;
      for (const { event } of page) {
        if (!event) continue;
        const position = Number(event.position.commit);
        if (position <= from) continue;
        last = position;
        if (isSystemEvent(event.type)) continue;
        found.push(toRecorded(event, event.position.commit));
        if (found.length === limit) return found;
      }
      // A short page is the end of $all; a page of only system events moves `from` past them.
      if (page.length < wanted || last === from) return found;
      from = last;
    }
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      // A backward read starts before the given position, so pages neither overlap nor skip.
      const page: AllStreamResolvedEvent[] = await collect(
        this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE }),
      );
      for (const { event } of page) {
        if (event && !isSystemEvent(event.type)) return Number(event.position.commit);
      }
      const oldest = page[page.length - 1]?.event;
      if (page.length < HEAD_PAGE || !oldest) return 0;
      from = oldest.position;
    }
  }

  subscribeAll(after = 0, options: { batchSize?: number } = {}): Subscription {
    const batchSize = Math.max(1, options.batchSize ?? 500);
    const source = this.client.subscribeToAll({ fromPosition: positionAt(after), filter: excludeSystemEvents() });
    let open = true;
    const close = async () => {
      if (!open) return;
      open = false;
      await source.unsubscribe().catch(() => undefined);
      source.destroy();
    };
    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      const incoming = source[Symbol.asyncIterator]();
      let pending: Promise<IteratorResult<AllStreamResolvedEvent>> | null = null;
      let batch: RecordedEvent[] = [];
      let last = after;
      try {
        while (open) {
          if (!pending) {
            pending = incoming.next();
            // Closing while a read is outstanding rejects it; that rejection is expected, not unhandled.
            pending.catch(() => undefined);
          }
          // Accumulate up to batchSize, but hand over what we have once the events stop coming
          // (caught up, or a quiet moment when live).
          const next = batch.length === 0 ? await pending : await within(pending, FLUSH_AFTER_MS);
          if (next === TIMED_OUT) {
            yield batch;
            batch = [];
            continue;
          }
          pending = null;
          if (next.done) {
            if (batch.length > 0 && open) yield batch;
            if (open) throw new Error('EventStoreDB ended the $all subscription');
            return;
          }
          const event = next.value.event;
          if (!event) continue;
          const position = Number(event.position.commit);
          // The start position is exclusive; this also guarantees each event once, in order.
          if (position <= last) continue;
          last = position;
          batch.push(toRecorded(event, event.position.commit));
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
      } catch (error) {
        // After close() the cancelled stream fails or ends: that is the end we asked for.
        if (open) throw error;
      } finally {
        await close();
      }
    }
    const iterator = batches();
    return { [Symbol.asyncIterator]: () => iterator, close };
  }

  /** Reads the newest record of $all (any record: the point is that the server answers). */
  private async readLastRecord(): Promise<Position | undefined> {
    const last = await collect(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    return last[0]?.event?.position;
  }

  async ping(): Promise<boolean> {
    if (this.closed) return false;
    const read = this.readLastRecord();
    read.catch(() => undefined);
    try {
      return (await within(read, PING_TIMEOUT_MS)) !== TIMED_OUT;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.dispose();
  }
}

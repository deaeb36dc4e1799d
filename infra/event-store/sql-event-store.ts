// Event store on a PostgreSQL table (EVENT_STORE=postgres) or on PGlite (the embedded default):
// the same SQL for both.
//
// Gap-free global order: appends take one transaction-scoped advisory lock before they draw
// positions from the sequence, so positions are committed strictly in order and a reader that
// checkpoints at position P can never later see a commit below P (the classic lost-event defect of
// PostgreSQL event stores, DESIGN.md §4). PostgreSQL releases the lock only after the commit is
// visible. Appends of one process are grouped into one transaction (see append), so the lock and
// the commit are shared; bench/event-store-append.ts measures the cost against raw INSERTs.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Knex } from 'knex';
import type { NewEvent, RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { Database } from '../database/database.ts';
import {
  type AppendResult, type EventStore, type ExpectedRevision, type ReadAllOptions, type ReadStreamOptions,
  type Subscription, WrongExpectedRevisionError,
} from './event-store.ts';

const NOTIFY_CHANNEL = 'event_store_appended';
/** Most events one group transaction writes, and rows per INSERT (bind-parameter limit). */
const MAX_GROUP_EVENTS = 5000;
const INSERT_CHUNK_ROWS = 2000;

interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}
const POLL_INTERVAL_MS = 1000;

interface EventRow {
  global_position: number | string;
  event_id: string;
  stream_id: string;
  stream_revision: number | string;
  type: string;
  version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    version: row.version,
    data: row.data,
    metadata: row.metadata,
    stream_id: row.stream_id,
    revision: Number(row.stream_revision),
    position: Number(row.global_position),
  };
}

export async function migrateEventStoreTables(knex: Knex, schema: string): Promise<void> {
  await knex.raw(`
    create table if not exists "${schema}".events (
      global_position bigserial primary key,
      event_id uuid not null unique,
      stream_id text not null,
      stream_revision bigint not null,
      type text not null,
      version integer not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      unique (stream_id, stream_revision)
    )`);
}

export class SqlEventStore implements EventStore {
  readonly kind: string;
  private readonly appended = new EventEmitter();
  private listener: pg.Client | null = null;
  private closed = false;
  private readonly lockKey: number;
  private readonly pending: PendingAppend[] = [];
  private flushing = false;

  private constructor(private readonly db: Database) {
    this.kind = db.kind;
    this.appended.setMaxListeners(0);
    // One advisory lock per schema, so isolated test schemas do not serialise each other.
    let hash = 0;
    for (const ch of `${db.schema}.events`) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
    this.lockKey = hash;
  }

  static async open(db: Database): Promise<SqlEventStore> {
    await migrateEventStoreTables(db.knex, db.schema);
    const store = new SqlEventStore(db);
    if (db.kind === 'postgres' && db.connectionString) await store.listenForOtherProcesses(db.connectionString);
    return store;
  }

  /** Appends by other processes (API, workers, projector) wake this process's subscriptions. */
  private async listenForOtherProcesses(connectionString: string): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('error', () => { /* polling still covers us; reconnect is not worth the complexity */ });
    await client.connect();
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    client.on('notification', (message) => {
      if (message.payload === this.db.schema) this.appended.emit('appended');
    });
    this.listener = client;
  }

  private table(trx: Knex | Knex.Transaction = this.db.knex) {
    return trx.withSchema(this.db.schema).table('events');
  }

  /**
   * Appends are grouped: while one transaction is writing, later appends of this process queue up
   * and the next transaction writes them all, each with its own expected-revision check. The global
   * lock and the commit are then paid once per group rather than once per append (group commit,
   * as EventStoreDB does). A failing append fails alone.
   */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      this.pending.push({ stream, events, expected, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const group: PendingAppend[] = [];
        let eventCount = 0;
        while (this.pending.length > 0 && (group.length === 0 || eventCount + this.pending[0]!.events.length <= MAX_GROUP_EVENTS)) {
          const next = this.pending.shift()!;
          group.push(next);
          eventCount += next.events.length;
        }
        try {
          const outcomes = await this.writeGroup(group);
          outcomes.forEach((outcome, i) => (outcome instanceof Error ? group[i]!.reject(outcome) : group[i]!.resolve(outcome)));
        } catch (error) {
          for (const append of group) append.reject(error);
        }
        this.appended.emit('appended');
      }
    } finally {
      this.flushing = false;
    }
  }

  private async writeGroup(group: PendingAppend[]): Promise<Array<AppendResult | Error>> {
    return this.db.knex.transaction(async (trx) => {
      // The reads come after the lock, in statements of their own: under READ COMMITTED a
      // statement's snapshot is taken when it starts and must include every earlier append.
      await trx.raw('select pg_advisory_xact_lock(?)', [this.lockKey]);
      const streams = [...new Set(group.map((a) => a.stream))];
      const revisions: Array<{ stream_id: string; revision: number | string }> = await this.table(trx)
        .select('stream_id').max({ revision: 'stream_revision' }).whereIn('stream_id', streams).groupBy('stream_id');
      const current = new Map<string, number>(revisions.map((r) => [r.stream_id, Number(r.revision)]));
      const existing: EventRow[] = await this.table(trx)
        .select('global_position', 'event_id', 'stream_id', 'stream_revision')
        .whereIn('event_id', group.flatMap((a) => a.events.map((e) => e.id)));
      const existingById = new Map(existing.map((row) => [row.event_id, row]));

      const planned: Array<AppendResult | Error | { first: number } | { sameAs: number }> = [];
      const rows: Array<Record<string, unknown>> = [];
      const appendOfId = new Map<string, number>();
      group.forEach((append, index) => {
        const cur = current.get(append.stream) ?? null;
        const stored = append.events.map((e) => existingById.get(e.id)).filter((row): row is EventRow => row !== undefined);
        if (stored.length > 0) {
          planned.push(replayedAppend(append, stored, cur));
          return;
        }
        const earlier = append.events.map((e) => appendOfId.get(e.id));
        if (earlier.some((i) => i !== undefined)) {
          // The same events twice in one group: a client's retry racing its original request.
          const original = earlier[0];
          const same = original !== undefined && earlier.every((i) => i === original) && group[original]!.events.length === append.events.length
            && group[original]!.stream === append.stream;
          planned.push(same ? { sameAs: original } : new WrongExpectedRevisionError(append.stream, append.expected, cur ?? 'no_stream'));
          return;
        }
        const mismatch = expectedMismatch(append.stream, append.expected, cur);
        if (mismatch) {
          planned.push(mismatch);
          return;
        }
        const first = cur === null ? 0 : cur + 1;
        append.events.forEach((event, i) => {
          appendOfId.set(event.id, index);
          rows.push({
            event_id: event.id, stream_id: append.stream, stream_revision: first + i, type: event.type,
            version: event.version, data: JSON.stringify(event.data), metadata: JSON.stringify(event.metadata),
          });
        });
        current.set(append.stream, first + append.events.length - 1);
        planned.push({ first });
      });

      const positionOf = new Map<string, number>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
        const inserted: Array<{ event_id: string; global_position: number | string }> = await this.table(trx)
          .insert(rows.slice(i, i + INSERT_CHUNK_ROWS)).returning(['event_id', 'global_position']);
        for (const r of inserted) positionOf.set(r.event_id, Number(r.global_position));
      }
      if (rows.length > 0 && this.db.kind === 'postgres') await trx.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, this.db.schema]);

      const written = (index: number): AppendResult => {
        const append = group[index]!;
        const plan = planned[index] as { first: number };
        const positions = append.events.map((e) => positionOf.get(e.id)!);
        return { revision: plan.first + append.events.length - 1, position: positions[positions.length - 1]!, positions };
      };
      return planned.map((plan, index) => {
        if (plan instanceof Error || 'positions' in plan) return plan;
        if ('sameAs' in plan) return written(plan.sameAs);
        return written(index);
      });
    });
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const query = this.table().select('*').where('stream_id', stream).orderBy('stream_revision');
    if (options.fromRevision !== undefined) query.where('stream_revision', '>=', options.fromRevision);
    if (options.toRevision !== undefined) query.where('stream_revision', '<=', options.toRevision);
    return (await query).map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const rows: EventRow[] = await this.table()
      .select('*')
      .where('global_position', '>', options.after ?? 0)
      .orderBy('global_position')
      .limit(options.limit ?? 1000);
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<number> {
    const row = await this.table().max({ head: 'global_position' }).first();
    return Number(row?.head ?? 0);
  }

  subscribeAll(after = 0, options: { batchSize?: number } = {}): Subscription {
    const batchSize = options.batchSize ?? 500;
    const appended = this.appended;
    let open = true;
    let wake: (() => void) | null = null;
    const onAppended = () => { wake?.(); };
    appended.on('appended', onAppended);
    const store = this;
    const close = async () => {
      open = false;
      appended.off('appended', onAppended);
      wake?.();
    };
    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      let position = after;
      try {
        while (open && !store.closed) {
          // Register interest before reading, so an append between the read and the wait wakes us.
          let signalled = false;
          const woken = new Promise<void>((resolve) => {
            wake = () => { signalled = true; resolve(); };
          });
          const batch = await store.readAll({ after: position, limit: batchSize });
          if (batch.length > 0) {
            position = batch[batch.length - 1]!.position;
            yield batch;
            if (batch.length === batchSize) continue;
          }
          if (!signalled) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([woken, new Promise<void>((r) => { timer = setTimeout(r, POLL_INTERVAL_MS); })]);
            clearTimeout(timer);
          }
        }
      } finally {
        await close();
      }
    }
    const iterator = batches();
    return { [Symbol.asyncIterator]: () => iterator, close };
  }

  async ping(): Promise<boolean> {
    return this.db.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.appended.emit('appended');
    if (this.listener) await this.listener.end().catch(() => undefined);
    this.listener = null;
  }
}

function expectedMismatch(stream: string, expected: ExpectedRevision, current: number | null): WrongExpectedRevisionError | null {
  if (expected === 'any') return null;
  if (expected === 'no_stream' && current === null) return null;
  if (expected === 'stream_exists' && current !== null) return null;
  if (typeof expected === 'number' && expected === current) return null;
  return new WrongExpectedRevisionError(stream, expected, current === null ? 'no_stream' : current);
}

/** The same events appended again (a retried request): the original result, nothing written. */
function replayedAppend(append: PendingAppend, stored: EventRow[], current: number | null): AppendResult | Error {
  const ids = append.events.map((e) => e.id);
  const sorted = [...stored].sort((a, b) => Number(a.global_position) - Number(b.global_position));
  const sameBatch = sorted.length === ids.length
    && sorted.every((row, i) => row.event_id === ids[i] && row.stream_id === append.stream);
  if (!sameBatch) return new WrongExpectedRevisionError(append.stream, append.expected, current ?? 'no_stream');
  const positions = sorted.map((r) => Number(r.global_position));
  return { revision: Number(sorted[sorted.length - 1]!.stream_revision), position: positions[positions.length - 1]!, positions };
}

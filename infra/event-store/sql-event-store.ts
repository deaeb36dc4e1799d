// Event store on a PostgreSQL table (EVENT_STORE=postgres) or on PGlite (the embedded default):
// the same SQL for both.
//
// Gap-free global order: appends take one transaction-scoped advisory lock before they draw
// positions from the sequence, so positions are committed strictly in order and a reader that
// checkpoints at position P can never later see a commit below P (the classic lost-event defect of
// PostgreSQL event stores, DESIGN.md §4). PostgreSQL releases the lock only after the commit is
// visible. The price is one append transaction at a time; bench/event-store-append.ts measures it.
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

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const ids = events.map((e) => e.id);
    const result = await this.db.knex.transaction(async (trx) => {
      // The lock and the read must be separate statements: under READ COMMITTED a statement's
      // snapshot is taken when it starts, i.e. before the lock was granted.
      await trx.raw('select pg_advisory_xact_lock(?)', [this.lockKey]);
      const state = await trx.raw(
        `select max(stream_revision) as revision from "${this.db.schema}".events where stream_id = ?`,
        [stream],
      );
      const currentRaw = state.rows[0].revision;
      const current = currentRaw === null ? null : Number(currentRaw);

      const existing: EventRow[] = await this.table(trx)
        .select('global_position', 'event_id', 'stream_id', 'stream_revision')
        .whereIn('event_id', ids)
        .orderBy('global_position');
      if (existing.length > 0) return this.replayedAppend(stream, ids, existing, expected, current);

      checkExpected(stream, expected, current);
      const first = current === null ? 0 : current + 1;
      const rows = events.map((event, index) => ({
        event_id: event.id,
        stream_id: stream,
        stream_revision: first + index,
        type: event.type,
        version: event.version,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
      }));
      const inserted: Array<{ global_position: number | string }> = await this.table(trx)
        .insert(rows)
        .returning('global_position');
      if (this.db.kind === 'postgres') await trx.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, this.db.schema]);
      const positions = inserted.map((r) => Number(r.global_position));
      return { revision: first + events.length - 1, position: positions[positions.length - 1]!, positions };
    });
    this.appended.emit('appended');
    return result;
  }

  /** The same events appended again (a retried request): the original result, nothing written. */
  private replayedAppend(
    stream: string, ids: string[], existing: EventRow[], expected: ExpectedRevision, current: number | null,
  ): AppendResult {
    const sameBatch = existing.length === ids.length
      && existing.every((row, i) => row.event_id === ids[i] && row.stream_id === stream);
    if (!sameBatch) throw new WrongExpectedRevisionError(stream, expected, current ?? 'no_stream');
    const positions = existing.map((r) => Number(r.global_position));
    return {
      revision: Number(existing[existing.length - 1]!.stream_revision),
      position: positions[positions.length - 1]!,
      positions,
    };
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

function checkExpected(stream: string, expected: ExpectedRevision, current: number | null): void {
  const actual = current === null ? 'no_stream' : current;
  if (expected === 'any') return;
  if (expected === 'no_stream' && current === null) return;
  if (expected === 'stream_exists' && current !== null) return;
  if (typeof expected === 'number' && expected === current) return;
  throw new WrongExpectedRevisionError(stream, expected, actual);
}

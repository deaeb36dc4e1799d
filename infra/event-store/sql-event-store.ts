// Event store on a PostgreSQL table (EVENT_STORE=postgres) or on PGlite (the embedded default):
// the same SQL for both.
//
// Gap-free global order: appends take one transaction-scoped advisory lock before they draw
// positions from the sequence, so positions are committed strictly in order and a reader that
// checkpoints at position P can never later see a commit below P (the classic lost-event defect of
// PostgreSQL event stores, DESIGN.md §4). PostgreSQL releases the lock only after the commit is
// visible. Appends of one process are grouped into one call of a PL/pgSQL function (see append), so
// the lock, the round trip and the commit are shared; bench/event-store-append.ts measures the cost
// against raw INSERTs.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Knex } from 'knex';
import type { NewEvent, RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { Database } from '../database/database.ts';
import {
  type AppendCondition,
  AppendConditionFailedError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamRead,
  type Subscription,
  UnstorableEventError,
  WrongExpectedRevisionError,
} from './event-store.ts';
import { assertStorableEvents } from './assert-storable-events.ts';

const NOTIFY_CHANNEL = 'event_store_appended';
/** Most events, and most JSON characters, one group transaction writes (a bigger append goes alone). */
const MAX_GROUP_EVENTS = 5000;
const MAX_GROUP_JSON_CHARS = 16 * 1024 * 1024;
/**
 * Largest append, in JSON characters. The group travels as one jsonb value, which PostgreSQL caps
 * at 256 MB; coordinates take about 2.5 times their text size in jsonb.
 */
export const MAX_APPEND_JSON_CHARS = 64 * 1024 * 1024;

interface PendingAppend {
  stream: string;
  expected: ExpectedRevision;
  unchanged: StreamRead[];
  conditions: readonly AppendCondition[];
  eventCount: number;
  /** The append as the database function reads it: {stream, expected, events}. */
  json: string;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

interface GroupOutcomeRow {
  /**
   * moved: a stream of `unchanged` moved (revision: its actual one, positions: [its 1-based index]);
   * condition: `revision` holds the index of the condition that failed.
   */
  outcome: 'written' | 'replayed' | 'conflict' | 'moved' | 'condition';
  revision: number | string | null;
  positions: Array<number | string> | null;
}
const POLL_INTERVAL_MS = 1000;

/** What a RecordedEvent needs (recorded_at is for people reading the table). */
const EVENT_COLUMNS = [
  'global_position',
  'event_id',
  'stream_id',
  'stream_revision',
  'type',
  'version',
  'data',
  'metadata',
];

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

/** The group append, in the database: one round trip per group, the lock held only while it runs. */
function appendFunctionSql(schema: string): string {
  const events = `"${schema}".events`;
  // Each statement of a VOLATILE PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so
  // the reads after the lock see every append committed before it. An append whose events are
  // already stored (in this stream, in this order) is a retry: it answers with the stored result,
  // also when the original is an earlier member of the same group. `unchanged` lists other streams
  // with the revision the writer read them at: the first that moved refuses the append ('moved').
  return `
    create or replace function "${schema}".append_events(lock_key integer, appends jsonb, notify_channel text)
    returns table (outcome text, revision bigint, positions bigint[]) language plpgsql volatile as $fn$
    declare
      a jsonb;
      ids uuid[];
      stored_ids uuid[];
      stored_positions bigint[];
      stored_in_stream boolean;
      stored_revision bigint;
      current_revision bigint;
      expected text;
      first_revision bigint;
      moved_index bigint;
      moved_revision bigint;
      failed_condition bigint;
      wrote boolean := false;
    begin
      perform pg_advisory_xact_lock(lock_key);
      for a in select value from jsonb_array_elements(appends) loop
        ids := array(select (e ->> 'id')::uuid from jsonb_array_elements(a -> 'events') e);
        select array_agg(ev.event_id order by ev.global_position),
               array_agg(ev.global_position order by ev.global_position),
               bool_and(ev.stream_id = a ->> 'stream'), max(ev.stream_revision)
          into stored_ids, stored_positions, stored_in_stream, stored_revision
          from ${events} ev where ev.event_id = any(ids);
        select max(ev.stream_revision) into current_revision from ${events} ev where ev.stream_id = a ->> 'stream';
        expected := a ->> 'expected';
        -- A condition names a stream that must hold none of some event types (a parent not yet
        -- ended): checked under the lock, so no such event can be appended between check and write.
        select c.n - 1 into failed_condition
          from jsonb_array_elements(coalesce(a -> 'conditions', '[]'::jsonb)) with ordinality as c(cond, n)
          where exists (select 1 from ${events} ev where ev.stream_id = c.cond ->> 'stream'
                          and ev.type in (select jsonb_array_elements_text(c.cond -> 'types')))
          order by c.n limit 1;
        if stored_ids is not null then
          if stored_ids = ids and stored_in_stream then
            return query select 'replayed'::text, stored_revision, stored_positions;
          else
            return query select 'conflict'::text, current_revision, null::bigint[];
          end if;
        elsif failed_condition is not null then
          return query select 'condition'::text, failed_condition, null::bigint[];
        elsif not (expected = 'any' or (expected = 'no_stream' and current_revision is null)
                   or (expected = 'stream_exists' and current_revision is not null)
                   or coalesce(expected = current_revision::text, false)) then
          return query select 'conflict'::text, current_revision, null::bigint[];
        else
          select u.n, u.actual into moved_index, moved_revision from (
            select t.n, (t.c ->> 'revision')::bigint as read_revision,
                   (select max(ev.stream_revision) from ${events} ev where ev.stream_id = t.c ->> 'stream') as actual
            from jsonb_array_elements(coalesce(a -> 'unchanged', '[]'::jsonb)) with ordinality as t(c, n)
          ) u where coalesce(u.actual, -1) <> u.read_revision order by u.n limit 1;
          if moved_index is not null then
            return query select 'moved'::text, moved_revision, array[moved_index];
          else
            first_revision := coalesce(current_revision + 1, 0);
            with inserted as (
              insert into ${events} (event_id, stream_id, stream_revision, type, version, data, metadata)
              select (e ->> 'id')::uuid, a ->> 'stream', first_revision + n - 1, e ->> 'type',
                     (e ->> 'version')::integer, e -> 'data', e -> 'metadata'
              from jsonb_array_elements(a -> 'events') with ordinality as t(e, n) order by n
              returning global_position
            ) select array_agg(global_position order by global_position) into stored_positions from inserted;
            wrote := true;
            return query select 'written'::text, first_revision + cardinality(ids) - 1, stored_positions;
          end if;
        end if;
      end loop;
      if wrote and notify_channel is not null then perform pg_notify(notify_channel, '${schema}'); end if;
    end
    $fn$`;
}

export async function migrateEventStoreTables(knex: Knex, schema: string): Promise<void> {
  // Processes (API, projector, workers) may start together: one migrates at a time.
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [lockKeyOf(`${schema}.events.migration`)]);
    await trx.raw(`
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
    await trx.raw(appendFunctionSql(schema));
  });
}

/** A 32-bit advisory-lock key per name, so isolated test schemas do not serialise each other. */
function lockKeyOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
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
    this.lockKey = lockKeyOf(`${db.schema}.events`);
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
    client.on('error', () => {
      /* polling still covers us; reconnect is not worth the complexity */
    });
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
   * Appends are grouped: while one group is being written, later appends of this process queue up
   * and the next group writes them all, each with its own expected-revision check, in one call of
   * the append_events function (one round trip; the global lock and the commit are paid once per
   * group, as EventStoreDB's group commit does). A failing append fails alone: what the database
   * could refuse is checked before an append joins a group (assertStorableEvents), and a group that
   * fails anyway is retried member by member.
   */
  append(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    const unchanged = options.unchanged ?? [];
    const conditions = options.conditions ?? [];
    let json: string;
    try {
      assertStorableEvents(stream, events);
      json = JSON.stringify({
        stream,
        expected: String(expected),
        unchanged,
        conditions: conditions.map((c) => ({ stream: c.stream, types: c.withoutTypes })),
        events: events.map((e) => ({ id: e.id, type: e.type, version: e.version, data: e.data, metadata: e.metadata })),
      });
      if (json.length > MAX_APPEND_JSON_CHARS) {
        const problem = `is ${json.length} characters of JSON, more than one append may hold (${MAX_APPEND_JSON_CHARS})`;
        throw new UnstorableEventError(events[0]!.type, 'data', problem);
      }
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ stream, expected, unchanged, conditions, eventCount: events.length, json, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        // One turn of the event loop first: writers acknowledged by the previous group append
        // again in it, so they join this group instead of forming a half-size group of their own.
        await new Promise((resolve) => setImmediate(resolve));
        const group = this.nextGroup();
        try {
          settle(group, await this.writeGroup(group));
        } catch (groupError) {
          if (group.length === 1) {
            group[0]!.reject(groupError);
          } else {
            // Nothing of the group was written (one transaction): each member on its own, so only
            // the one the database refuses fails.
            for (const append of group) await this.writeGroup([append]).then((o) => settle([append], o), append.reject);
          }
        }
        this.appended.emit('appended');
      }
    } finally {
      this.flushing = false;
    }
  }

  private nextGroup(): PendingAppend[] {
    const group: PendingAppend[] = [this.pending.shift()!];
    let events = group[0]!.eventCount;
    let chars = group[0]!.json.length;
    while (this.pending.length > 0) {
      const next = this.pending[0]!;
      if (events + next.eventCount > MAX_GROUP_EVENTS || chars + next.json.length > MAX_GROUP_JSON_CHARS) break;
      group.push(this.pending.shift()!);
      events += next.eventCount;
      chars += next.json.length;
    }
    return group;
  }

  /** Writes the group in one transaction: an outcome per member, or throws when the transaction fails. */
  private async writeGroup(group: PendingAppend[]): Promise<Array<AppendResult | Error>> {
    const notify = this.db.kind === 'postgres' ? NOTIFY_CHANNEL : null;
    const result = await this.db.knex.raw(
      `select outcome, revision, positions from "${this.db.schema}".append_events(?, ?::jsonb, ?)`,
      [this.lockKey, `[${group.map((a) => a.json).join(',')}]`, notify],
    );
    const rows = result.rows as GroupOutcomeRow[];
    if (rows.length !== group.length) {
      throw new Error(`append_events answered ${rows.length} outcomes for ${group.length} appends`);
    }
    return rows.map((row, i) => {
      const revision = row.revision === null ? null : Number(row.revision);
      if (row.outcome === 'conflict') {
        return new WrongExpectedRevisionError(group[i]!.stream, group[i]!.expected, revision ?? 'no_stream');
      }
      if (row.outcome === 'moved') {
        const read = group[i]!.unchanged[Number(row.positions![0]) - 1]!;
        const readRevision = read.revision < 0 ? 'no_stream' : read.revision;
        return new WrongExpectedRevisionError(read.stream, readRevision, revision ?? 'no_stream');
      }
      if (row.outcome === 'condition') {
        return new AppendConditionFailedError(group[i]!.stream, group[i]!.conditions[revision!]!);
      }
      const positions = row.positions!.map(Number);
      return { revision: revision!, position: positions[positions.length - 1]!, positions };
    });
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const query = this.table().select(EVENT_COLUMNS).where('stream_id', stream).orderBy('stream_revision');
    if (options.fromRevision !== undefined) query.where('stream_revision', '>=', options.fromRevision);
    if (options.toRevision !== undefined) query.where('stream_revision', '<=', options.toRevision);
    return (await query).map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const rows: EventRow[] = await this.table()
      .select(EVENT_COLUMNS)
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
    const onAppended = () => {
      wake?.();
    };
    appended.on('appended', onAppended);
    // The generator below cannot capture `this` as an arrow would; it reads the store through these.
    const isClosed = () => this.closed;
    const readAll = (range: ReadAllOptions) => this.readAll(range);
    const close = async () => {
      open = false;
      appended.off('appended', onAppended);
      wake?.();
    };
    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      let position = after;
      try {
        while (open && !isClosed()) {
          // Register interest before reading, so an append between the read and the wait wakes us.
          let signalled = false;
          const woken = new Promise<void>((resolve) => {
            wake = () => {
              signalled = true;
              resolve();
            };
          });
          const batch = await readAll({ after: position, limit: batchSize });
          if (batch.length > 0) {
            position = batch[batch.length - 1]!.position;
            yield batch;
            if (batch.length === batchSize) continue;
          }
          if (!signalled) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([
              woken,
              new Promise<void>((r) => {
                timer = setTimeout(r, POLL_INTERVAL_MS);
              }),
            ]);
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

function settle(group: PendingAppend[], outcomes: Array<AppendResult | Error>): void {
  outcomes.forEach((outcome, i) => (outcome instanceof Error ? group[i]!.reject(outcome) : group[i]!.resolve(outcome)));
}

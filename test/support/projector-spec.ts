// Given events, then rows: the spec of a projector, as given-when-then.ts is for deciders. The events
// are appended to a real event store (so they pass the event schemas and get stream revisions and
// global positions) on an in-memory PGlite with the read-model tables; the projector applies them
// twice, as one batch and one event at a time (the runner does both), each inside a transaction that
// is rolled back, and both must leave exactly the expected rows.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import * as assert from 'uvu/assert';
import { eventSchemas } from '../../domain/event-schemas.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { Database } from '../../infra/database/database.ts';
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../../infra/event-store/validating-event-store.ts';
import { applyProjector, type Projector } from '../../projections/projector.ts';
import { migrateReadModels } from '../../projections/schema/read-model-migrations.ts';
import { openTestDatabase } from './backends.ts';

/** One event of a spec; `at` (occurred_at) defaults to minute(n) for the spec's n-th event (from 0). */
export interface GivenEvent {
  stream: string;
  type: string;
  data: unknown;
  at?: string;
  account?: string | null;
  operation?: string | null;
}

const ROLL_BACK = new Error('roll the spec back');

/** 2026-01-01 10:00 UTC plus `n` minutes, as an ISO string. */
export const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 10, n)).toISOString();

/** Dates as ISO strings, so expected rows are plain JSON. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

export interface ProjectorSpecs {
  /** Appends the events and returns them as recorded (positions and revisions). */
  given(events: GivenEvent[]): Promise<GivenResult>;
  /** The names of the projectors a spec has run. */
  covered: Set<string>;
  close(): Promise<void>;
}

export interface GivenResult {
  events: RecordedEvent[];
  /**
   * The projector turns the events into exactly `rows` of `table` (ordered by `orderBy`, default the
   * first column named), comparing the columns the first expected row names.
   */
  thenRows(projector: Projector, table: string, rows: Record<string, unknown>[], orderBy?: string[]): Promise<void>;
}

export async function openProjectorSpecs(): Promise<ProjectorSpecs> {
  const { db, drop } = await openTestDatabase('pglite');
  await migrateReadModels(db.knex, db.schema);
  const store = new ValidatingEventStore(await SqlEventStore.open(db as Database), eventSchemas);
  const covered = new Set<string>();
  return {
    covered,
    async given(events) {
      let clock = 0;
      const before = await store.headPosition();
      for (const e of events) {
        const entry = eventSchemas[e.type];
        if (!entry) throw new Error(`unknown event type ${e.type}`);
        const revision = (await store.readStream(e.stream)).length;
        await store.append(
          e.stream,
          [
            {
              id: randomUUID(),
              type: e.type,
              version: entry.version,
              data: e.data,
              metadata: {
                account_id: e.account ?? null,
                api_key_id: null,
                operation_id: e.operation ?? null,
                correlation_id: randomUUID(),
                causation_id: null,
                occurred_at: e.at ?? minute(clock++),
              },
            },
          ],
          revision === 0 ? 'no_stream' : revision - 1,
        );
      }
      const recorded = await store.readAll({ after: before, limit: events.length + 1 });
      assert.is(recorded.length, events.length);
      return {
        events: recorded,
        async thenRows(projector, table, rows, orderBy) {
          covered.add(projector.name);
          const columns = Object.keys(rows[0] ?? {});
          const order = orderBy ?? columns.slice(0, 1);
          const project = async (batches: RecordedEvent[][]) => {
            let result: Record<string, unknown>[] = [];
            await db.knex
              .transaction(async (trx: Knex.Transaction) => {
                for (const batch of batches) await applyProjector(projector, trx, batch);
                const query = trx(table).select(columns.length > 0 ? columns : '*');
                for (const column of order) query.orderBy(column);
                result = (await query).map(plain);
                throw ROLL_BACK;
              })
              .catch((error: unknown) => {
                if (error !== ROLL_BACK) throw error;
              });
            return result;
          };
          assert.equal(await project([recorded]), rows, `${projector.name}: the events as one batch`);
          assert.equal(await project(recorded.map((e) => [e])), rows, `${projector.name}: one event at a time`);
        },
      };
    },
    close: drop,
  };
}

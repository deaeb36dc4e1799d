// A record as it was: its stream's events up to a point of the operation history, folded with the
// decider the commands use. Shared by the as_of reads of every planning record.
import type { Knex } from 'knex';
import type { DomainEvent } from '../../domain/shared/event-envelope.ts';
import type { Decider } from '../../domain/shared/decider.ts';
import { operationHistoryUpTo, type AsOf, type HistoryEntry } from './operation-history-queries.ts';

export interface FoldedAsOf<State> {
  state: State;
  /** Number of changes up to that point (0: not yet written). */
  version: number;
  created_at: string | null;
  updated_at: string | null;
}

export function foldStreamAsOf<Event extends DomainEvent, State>(
  entries: readonly HistoryEntry[],
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): FoldedAsOf<State> {
  const own = entries.filter((e) => e.stream_id === streamId);
  let state = decider.initialState();
  for (const e of own) state = decider.evolve(state, { type: e.type, data: e.data } as Event);
  return {
    state,
    version: own.length,
    created_at: own[0]?.occurred_at ?? null,
    updated_at: own.at(-1)?.occurred_at ?? null,
  };
}

/** The operation's history up to `asOf`, only the streams whose id starts with one of `prefixes`. */
export async function historyOfStreams(
  knex: Knex,
  operationId: string,
  asOf: AsOf,
  prefixes: readonly string[],
): Promise<HistoryEntry[]> {
  return (await operationHistoryUpTo(knex, operationId, asOf)).filter((e) =>
    prefixes.some((p) => e.stream_id.startsWith(p)),
  );
}

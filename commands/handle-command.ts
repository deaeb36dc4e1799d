// The one way state changes: load the stream, fold it, decide, append with the expected revision.
// Commutative commands retry on a concurrent write (they re-decide on the newer state, so no update
// is lost); the others surface the conflict as 409. A decision that also depends on other streams
// (readAlso) is appended only if none of them moved since they were read, else it is taken again.
// A child's write names its live parents: the append holds only while none of them has ended
// (domain/shared/live-parent.ts), whatever the interleaving with the parent's deletion.
import type { Decider } from '../domain/shared/decider.ts';
import type { DomainEvent } from '../domain/shared/event-envelope.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { eventSchemas } from '../domain/event-schemas.ts';
import type { LiveParent } from '../domain/shared/live-parent.ts';
import {
  AppendConditionFailedError,
  type EventStore,
  type StreamRead,
  WrongExpectedRevisionError,
} from '../infra/event-store/event-store.ts';
import { envelope, type CommandContext } from './command-context.ts';
import { loadState, type LoadedState } from './load-state.ts';

export interface CommandResult<State> {
  state: State;
  /** Global position of the last appended event, or null when the command changed nothing. */
  position: number | null;
  /** Stream revision after the command (-1: the stream does not exist). */
  revision: number;
  events: DomainEvent[];
}

export interface HandleCommandOptions<Command, Event extends DomainEvent, State> {
  store: EventStore;
  stream: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  ctx: CommandContext;
  /** Operation the events belong to (for metadata and the audit history). */
  operationId: string | null;
  /** Retry on a concurrent write (only for commands whose decision is safe to retake). */
  retryOnConflict?: boolean;
  /** The client's If-Match revision: a mismatch is a 409, never a retry. */
  expectedRevision?: number;
  /** The stream as the caller already loaded it (for its own checks): the first attempt decides on it. */
  loaded?: LoadedState<Event, State>;
  /**
   * Other aggregates the decision depends on, read on every attempt: the command to decide (their
   * state in it, as data) and the streams read. The append holds only if none of them moved since
   * (the event store checks it with the append); if one did, the command is read and decided again.
   */
  readAlso?: () => Promise<{ command: Command; read: StreamRead[] }>;
  /**
   * The parents the caller's checks admitted the write under (operation, COA statement): the events
   * are appended only while none of them has ended; one ended meanwhile is a 404 and nothing is written.
   */
  parents?: readonly LiveParent[];
}

const MAX_ATTEMPTS = 20;

export async function handleCommand<Command, Event extends DomainEvent, State>(
  options: HandleCommandOptions<Command, Event, State>,
): Promise<CommandResult<State>> {
  const { store, stream, decider, command, ctx, parents = [] } = options;
  for (let attempt = 1; ; attempt++) {
    const loaded = attempt === 1 && options.loaded ? options.loaded : await loadState(store, stream, decider);
    let state = loaded.state;
    const revision = loaded.revision;
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new DomainError(
        'conflict',
        `${stream} is at revision ${revision}, not ${options.expectedRevision} (If-Match)`,
      );
    }
    const also = options.readAlso ? await options.readAlso() : null;
    const events = decider.decide(also ? also.command : command, state);
    if (events.length === 0) return { state, position: null, revision, events };
    try {
      const result = await store.append(
        stream,
        events.map((e) => envelope(e, ctx, options.operationId, eventSchemas)),
        revision < 0 ? 'no_stream' : revision,
        {
          unchanged: also?.read,
          conditions: parents.map((p) => ({ stream: p.stream, withoutTypes: p.endedBy })),
        },
      );
      for (const e of events) state = decider.evolve(state, e);
      return { state, position: result.position, revision: result.revision, events };
    } catch (error) {
      if (error instanceof AppendConditionFailedError) {
        const ended = parents.find((p) => p.stream === error.condition.stream)!;
        throw new DomainError('not_found', `${ended.kind} ${ended.id} not found`);
      }
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const otherMoved = also !== null && error.stream !== stream;
      if ((!options.retryOnConflict && !otherMoved) || attempt >= MAX_ATTEMPTS) {
        throw new DomainError('conflict', `${stream} was changed concurrently; retry the request`);
      }
      // Jittered backoff keeps many writers to one stream from retrying in lockstep.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

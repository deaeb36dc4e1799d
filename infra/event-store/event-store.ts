// The event store port (DESIGN.md §4). Adapters: PostgreSQL / PGlite (sql-event-store.ts) and
// EventStoreDB (esdb-event-store.ts); one contract suite (test/contract/event-store.test.ts).
import type { NewEvent, RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

/** What the writer believes about the stream: a revision (0-based, last event), or a state. */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last event in the stream after the append. */
  revision: number;
  /** Global position of the last appended event. */
  position: number;
  /** Global positions of each appended event, in order. */
  positions: number[];
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * An append that holds only while another stream has none of these event types: a child is written
 * only while its parent has not ended (issue 20). Checked in the same transaction as the append.
 */
export interface AppendCondition {
  stream: string;
  withoutTypes: readonly string[];
}

/** The append was refused: `condition.stream` holds an event of one of `condition.withoutTypes`. */
export class AppendConditionFailedError extends Error {
  constructor(
    readonly stream: string,
    readonly condition: AppendCondition,
  ) {
    super(`stream ${stream}: not appended, ${condition.stream} holds one of ${condition.withoutTypes.join(', ')}`);
    this.name = 'AppendConditionFailedError';
  }
}

export class InvalidEventError extends Error {
  constructor(
    message: string,
    readonly eventType: string,
  ) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

/**
 * Event data the database cannot store (U+0000, an unpaired surrogate, a non-finite number, nesting
 * too deep, too large). It comes from a client's input, so it is a DomainError 'invalid' (422), and it
 * is raised before the append joins a group transaction, so it fails that append alone.
 */
export class UnstorableEventError extends DomainError {
  constructor(
    readonly eventType: string,
    readonly path: string,
    problem: string,
  ) {
    super('invalid', `${eventType} ${path} ${problem}, which cannot be stored`);
    this.name = 'UnstorableEventError';
  }
}

export interface ReadStreamOptions {
  fromRevision?: number;
  /** Inclusive upper bound. */
  toRevision?: number;
}

export interface ReadAllOptions {
  /** Exclusive lower bound: events with position > after. */
  after?: number;
  limit?: number;
}

export interface Subscription extends AsyncIterable<RecordedEvent[]> {
  close(): Promise<void>;
}

/** Another stream a decision read, at the revision it read (-1: the stream did not exist). */
export interface StreamRead {
  stream: string;
  revision: number;
}

export interface AppendOptions {
  /**
   * Streams the decision read beside its own (other aggregates' state given to it as data): the
   * append is refused with a WrongExpectedRevisionError naming the first of them that moved, unless
   * each is still at the revision read. The SQL stores check this atomically with the append (under
   * the append lock); EventStoreDB cannot, so its adapter checks just before appending.
   */
  unchanged?: StreamRead[];
  /**
   * Streams that must hold none of some event types (a parent not yet ended): the append is refused
   * with an AppendConditionFailedError, nothing written, when one does. Checked as `unchanged` is.
   */
  conditions?: readonly AppendCondition[];
}

export interface EventStore {
  readonly kind: string;
  /**
   * Appends atomically. Idempotent by event id: appending events whose ids are already stored
   * in this stream, in the same order, returns the original result and writes nothing. With
   * `conditions`, the append is refused (AppendConditionFailedError, nothing written) when one of
   * their streams holds an event of one of its types, checked atomically with the append.
   */
  append(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** The stream's events in revision order ([] when it does not exist). */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in global order, gap-free for readers. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the last event (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Catch-up subscription: yields batches of events after `after`, then keeps yielding new
   * batches as they are appended, until closed. Every event exactly once, in global order.
   */
  subscribeAll(after?: number, options?: { batchSize?: number }): Subscription;
  /** Whether the backend answers (health). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

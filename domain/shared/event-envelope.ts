// The envelope every event travels in (DESIGN.md §3). Data is snake_case JSON; metadata says
// who did it, for which operation, and why (correlation / causation).

export interface EventMetadata {
  account_id: string | null;
  api_key_id: string | null;
  operation_id: string | null;
  correlation_id: string;
  causation_id: string | null;
  occurred_at: string;
}

/** An event as a command handler proposes it, before the store gives it a place. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  version: number;
  data: Data;
  metadata: EventMetadata;
}

/** An event as the store holds it: its stream, revision in the stream and global position. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  stream_id: string;
  revision: number;
  position: number;
}

/** A discriminated union member: `{ type, data }` as deciders see events. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

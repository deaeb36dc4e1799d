// The one way to load an aggregate: read its stream and fold it with the decider's evolve.
import type { Decider } from '../domain/shared/decider.ts';
import type { DomainEvent } from '../domain/shared/event-envelope.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';

export interface LoadedState<Event extends DomainEvent, State> {
  state: State;
  /** Revision of the last event (-1: the stream does not exist). */
  revision: number;
  events: Event[];
}

type Evolver<Event extends DomainEvent, State> = Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>;

export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Evolver<Event, State>,
  options: { toRevision?: number } = {},
): Promise<LoadedState<Event, State>> {
  // The event store validates every event against its type's schema on append and upcasts on read,
  // so a recorded event of this stream is one of the aggregate's event types.
  const events = (await store.readStream(stream, options)) as ReadonlyArray<DomainEvent> as Event[];
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return { state, revision: events.length - 1, events };
}

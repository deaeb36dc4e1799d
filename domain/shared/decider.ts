// Emmett-style decider: pure `decide` and `evolve`, folded by command handlers and projections.
import type { DomainEvent } from './event-envelope.ts';

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  /** Events that the command causes in this state, or a DomainError. Never I/O. */
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: Iterable<Event>,
): State {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}

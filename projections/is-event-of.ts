// Narrows a recorded event to an aggregate's event union by its type name. The store validated
// the data against the type's schema on append (and upcasts on read), so the name implies the shape.
import type { DomainEvent, RecordedEvent } from '../domain/shared/event-envelope.ts';

export function isEventOf<E extends DomainEvent>(
  event: RecordedEvent,
  types: ReadonlySet<string>,
): event is RecordedEvent & E {
  return types.has(event.type);
}

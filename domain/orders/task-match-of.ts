// A catalogue task found in the text as the record gives it: id, kind, doctrine and the verb as written.
import type { Located } from './located.ts';
import type { TaskMatch } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import type { TacticalTask } from './tactical-mission-tasks.ts';
import { textElement } from './text-element.ts';

export function taskMatchOf(order: OrderText, found: Located<TacticalTask> | null): TaskMatch | null {
  if (!found) return null;
  const verb = textElement(order, found.start, found.end);
  return verb ? { id: found.value.id, kind: found.value.kind, doctrine: found.value.doctrine, verb } : null;
}

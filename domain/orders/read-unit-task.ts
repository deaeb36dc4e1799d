// One task given to a unit, as written: its catalogue task (before the purpose), its purpose (after "in
// order to", "IOT", "so that", "so as to"), the times it states, and whether it is a be-prepared task
// ("BPT", "be prepared to": planned, not yet ordered).
import type { DateTimeContext } from './find-date-time-groups.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTacticalTask } from './find-tactical-task.ts';
import { findTimes } from './find-times.ts';
import type { TextElement, UnitTask } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { taskMatchOf } from './task-match-of.ts';
import { textElement } from './text-element.ts';

const PURPOSE = /(?<![\w])(?:in order to|in order that|IOT|so as to|so that)(?![\w])/i;
const BE_PREPARED = /(?<![\w])(?:BPT|be prepared to|O\/O,? BPT)(?![\w])/i;

/** `purposeCell`: the purpose column of a table row, when the task came from one. */
export function readUnitTask(
  order: OrderText,
  item: Stretch,
  context: DateTimeContext,
  purposeCell: TextElement | null = null,
): UnitTask | null {
  const element = textElement(order, item.start, item.end);
  if (!element) return null;
  const purposeMatch = PURPOSE.exec(order.text.slice(item.start, item.end));
  const purposeAt = purposeMatch ? item.start + purposeMatch.index : item.end;
  const purpose = purposeMatch ? textElement(order, purposeAt + purposeMatch[0].length, item.end) : purposeCell;
  return {
    text: element.text,
    source: element.source,
    task: taskMatchOf(order, findTacticalTask(order.text, item.start, purposeAt)),
    purpose,
    times: findTimes(order, item.start, item.end, context),
    be_prepared: BE_PREPARED.test(element.text),
  };
}

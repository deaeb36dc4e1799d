// The tasks to subordinate units (FM 6-0 appendix C, paragraph 3), unit by unit. A table of tasks is
// read as one (read-task-table.ts). Otherwise each numbered or lettered subparagraph is a unit's:
// the unit is its first words up to a full stop, colon or dash ("(1) TF 1-66 AR. Seize ...", "TF 1-66
// AR: seize ...") when they hold no task, else the words before its first task ("(2) 1-41 IN fixes
// ..."). Without numbering, a sentence that opens with "<unit>:" starts a unit and the sentences after
// it are that unit's; "No change" gives the unit no tasks. A unit is a designation, not a sentence: a
// number or a unit word (TF, Co, Bn, platoon, reserve, scouts ...), at most six words, no "be",
// "will", "not". Each item of a unit's text is one task (read-unit-task.ts).
import type { DateTimeContext } from './find-date-time-groups.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTacticalTask } from './find-tactical-task.ts';
import { isNoChange } from './is-no-change.ts';
import type { SubordinateUnitTasks, UnitTask } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { readTaskTable } from './read-task-table.ts';
import { readUnitTask } from './read-unit-task.ts';
import { splitItems } from './split-items.ts';
import { textElement } from './text-element.ts';

const UNIT_LABEL = /^\s*([^.:\n–—]{1,40}?)\s*(?:[.:]|\s[-–—])(?=\s|$)/;
const UNIT_WORDS = new RegExp(
  String.raw`\d|\b(?:TF|CO|BN|BDE|BCT|PLT|SQD|SEC|TM|TRP|BTRY|HHC|FSC|DIV|REGT|SQDN|` +
    String.raw`company|battalion|brigade|platoon|squad|section|team|troop|battery|task force|regiment|squadron|reserve|` +
    String.raw`scouts?|mortars?|snipers?|engineers?|recon(?:naissance)?)\b`,
  'i',
);

/** A unit's designation, not a sentence: a number or a unit word, in at most six words. */
const looksLikeUnit = (words: string) =>
  UNIT_WORDS.test(words) && words.trim().split(/\s+/).length <= 6 && !/\b(?:be|will|is|are|not|no)\b/i.test(words);

function unitOf(order: OrderText, item: Stretch): { unit: Stretch; rest: Stretch } | null {
  const slice = order.text.slice(item.start, item.end);
  const label = UNIT_LABEL.exec(slice);
  if (label && !findTacticalTask(label[1]!, 0, label[1]!.length) && looksLikeUnit(label[1]!)) {
    const start = item.start + label.index + label[0].indexOf(label[1]!);
    const rest = { start: item.start + label[0].length, end: item.end };
    return { unit: { start, end: start + label[1]!.length }, rest };
  }
  const task = findTacticalTask(order.text, item.start, item.end);
  if (task && task.start > item.start && looksLikeUnit(order.text.slice(item.start, task.start))) {
    return { unit: { start: item.start, end: task.start }, rest: { start: task.start, end: item.end } };
  }
  return null;
}

export function readSubordinateUnitTasks(
  order: OrderText,
  within: Stretch,
  context: DateTimeContext,
): SubordinateUnitTasks[] {
  const table = readTaskTable(order, within, context);
  if (table) return table;
  const items = splitItems(order.text, within.start, within.end);
  const entries: SubordinateUnitTasks[] = [];
  for (const item of items) {
    const parts = unitOf(order, item);
    const previous = entries.at(-1);
    if (!parts) {
      // A sentence without a unit of its own continues the unit before it (unnumbered text).
      if (previous) previous.tasks.push(...tasksOf(order, item, context));
      continue;
    }
    const unit = textElement(order, parts.unit.start, parts.unit.end);
    if (!unit) continue;
    const text = textElement(order, parts.rest.start, parts.rest.end);
    entries.push({ unit, text, tasks: tasksOf(order, parts.rest, context), from_table: false });
  }
  return entries;
}

function tasksOf(order: OrderText, stretch: Stretch, context: DateTimeContext): UnitTask[] {
  return splitItems(order.text, stretch.start, stretch.end)
    .map((item) => readUnitTask(order, item, context))
    .filter((task): task is UnitTask => task !== null && !isNoChange(task.text));
}

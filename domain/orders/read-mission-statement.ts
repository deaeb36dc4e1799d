// Paragraph 2, the mission statement: who, what (the task), when, where, why (ATP 5-0.2-1 paras 2-89
// to 2-91; ../shared/reference/ipb-and-coa-facts.md §8.3). Read from its first sentence:
// - why: after "in order to", "IOT", "so that", "so as to", "in order that"; failing those, after
//   "to enable / allow / prevent / deny / protect / support / facilitate / ..." once the task is said;
// - what: the first task of the catalogue before the purpose (find-tactical-task.ts);
// - who: the words before the first verb, after a leading time ("NLT 270500Z NOV 26, TF 1-66 AR");
// - when: the first time stated before the purpose (find-times.ts);
// - where: the words after the task up to the next time, the next task or the purpose.
import { combinedRange } from './combined-range.ts';
import type { DateTimeContext } from './find-date-time-groups.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTacticalTask } from './find-tactical-task.ts';
import { findTimes } from './find-times.ts';
import type { Mission } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { splitItems } from './split-items.ts';
import { taskMatchOf } from './task-match-of.ts';
import { textElement } from './text-element.ts';

const PURPOSE = /(?<![\w])(?:in order to|in order that|IOT|so as to|so that)(?![\w])/i;
const PURPOSE_AFTER_TASK = new RegExp(
  String.raw`(?<![\w])to(?=\s+(?:enable|allow|prevent|deny|protect|support|` +
    String.raw`facilitate|set|preserve|ensure|permit|create|gain|provide|maintain|free|open|cut|shape)\b)`,
  'i',
);
// Verbs that end the "who" besides the catalogue's tasks.
const OTHER_VERBS = new RegExp(
  String.raw`(?<![\w-])(?:conducts?|executes?|moves?|establishes|provides|assumes|` +
    String.raw`prepares|will|is|are|attacks?|defends?|delays?)(?![\w-])`,
  'i',
);

export function readMissionStatement(order: OrderText, body: Stretch, context: DateTimeContext): Mission | null {
  const text = textElement(order, body.start, body.end);
  if (!text) return null;
  const statement = splitItems(order.text, body.start, body.end)[0] ?? body;
  const statementText = textElement(order, statement.start, statement.end) ?? text;

  const primary = PURPOSE.exec(order.text.slice(statement.start, statement.end));
  let purposeAt = primary ? statement.start + primary.index : statement.end;
  let purposeWords = primary ? primary[0].length : 0;
  const found = findTacticalTask(order.text, statement.start, purposeAt);
  if (!primary && found) {
    const fallback = PURPOSE_AFTER_TASK.exec(order.text.slice(found.end, statement.end));
    if (fallback) {
      purposeAt = found.end + fallback.index;
      purposeWords = fallback[0].length;
    }
  }
  const purpose = purposeAt < statement.end ? textElement(order, purposeAt + purposeWords, statement.end) : null;

  const times = findTimes(order, statement.start, purposeAt, context);
  const other = OTHER_VERBS.exec(order.text.slice(statement.start, purposeAt));
  const verbAt = Math.min(found?.start ?? Infinity, other ? statement.start + other.index : Infinity);
  let whoStart = statement.start;
  for (const time of times) {
    const range = combinedRange(order, time.source);
    if (/^[\s,;:]*$/.test(order.text.slice(whoStart, range.start))) whoStart = range.end;
  }
  const who = Number.isFinite(verbAt) && verbAt > whoStart ? textElement(order, whoStart, verbAt) : null;

  let where = null;
  if (found) {
    const nextTask = findTacticalTask(order.text, found.end, purposeAt);
    const nextTime = times.map((t) => combinedRange(order, t.source).start).find((at) => at >= found.end);
    let end = Math.min(purposeAt, nextTask?.start ?? Infinity, nextTime ?? Infinity);
    const tail = /(?:\s+(?:and|then)|\s*,)+\s*$/i.exec(order.text.slice(found.end, end));
    if (tail) end -= tail[0].length;
    where = textElement(order, found.end, end);
  }

  const task = taskMatchOf(order, found);
  return { text, statement: statementText, who, task, when: times[0] ?? null, where, purpose };
}

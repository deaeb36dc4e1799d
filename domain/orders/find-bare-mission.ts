// The mission of an order written without paragraph headings (an order that is only a mission
// statement): the part labelled "Mission:" or "Mission statement:", else the first sentence that gives
// a task (find-tactical-task.ts); either runs to the next blank line. Its start ends the heading.
import { findLabelledParts } from './find-labelled-parts.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTacticalTask } from './find-tactical-task.ts';
import { splitItems } from './split-items.ts';

const MISSION_LABEL = { key: 'mission', title: String.raw`mission(?:\s+statement)?` } as const;

export function findBareMission(text: string, within: Stretch): { start: number; body: Stretch } | null {
  const [label] = findLabelledParts(text, within.start, within.end, [MISSION_LABEL]);
  const from = label
    ? label.body.start
    : splitItems(text, within.start, within.end).find((item) => findTacticalTask(text, item.start, item.end))?.start;
  if (from === undefined) return null;
  const blank = /\n[ \t]*\n/.exec(text.slice(from, within.end));
  const end = blank ? from + blank.index : within.end;
  return { start: label ? label.heading.start : from, body: { start: from, end } };
}

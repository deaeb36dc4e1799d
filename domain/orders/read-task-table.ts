// Tasks to subordinate units written as a table: a header row naming a unit column and a task column
// (and perhaps purpose and time columns), then a row per task, cells separated by "|", by tabs or by
// two or more spaces (text from a PDF keeps a table's columns as runs of spaces). Cells of a
// space-aligned row go to the header column they start under. A row with an empty unit cell continues
// the row above (a wrapped cell); rows of the same unit are one unit's tasks. Null when there is no
// such header.
import type { DateTimeContext } from './find-date-time-groups.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTimes } from './find-times.ts';
import { joinElements } from './join-elements.ts';
import type { SubordinateUnitTasks, TextElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { readUnitTask } from './read-unit-task.ts';
import { textElement } from './text-element.ts';

interface Cell {
  start: number;
  end: number;
}
type Separator = 'pipe' | 'tab' | 'spaces';

const RULE = /^[\s|:+\-–—=]+$/;

function cellsOf(line: string, offset: number, separator: Separator): Cell[] {
  const pattern = separator === 'pipe' ? /[^|]+/g : separator === 'tab' ? /[^\t]+/g : /\S+(?: \S+)*/g;
  return [...line.matchAll(pattern)]
    .map((m) => {
      const lead = m[0].length - m[0].trimStart().length;
      return { start: offset + m.index + lead, end: offset + m.index + m[0].trimEnd().length };
    })
    .filter((cell) => cell.end > cell.start || separator === 'pipe');
}

export function readTaskTable(
  order: OrderText,
  within: Stretch,
  context: DateTimeContext,
): SubordinateUnitTasks[] | null {
  const text = order.text;
  const lines = [...text.slice(within.start, within.end).matchAll(/[^\n]+/g)].map((m) => ({
    line: m[0],
    start: within.start + m.index,
  }));
  const headerIndex = lines.findIndex(
    ({ line }) =>
      /\b(?:units?|elements?)\b/i.test(line) &&
      /\btasks?\b/i.test(line) &&
      (/\|/.test(line) || /\t/.test(line) || /\S {2,}\S/.test(line)),
  );
  if (headerIndex < 0) return null;
  const header = lines[headerIndex]!;
  const separator: Separator = header.line.includes('|') ? 'pipe' : header.line.includes('\t') ? 'tab' : 'spaces';
  const columns = cellsOf(header.line, header.start, separator).filter((c) => c.end > c.start);
  const nameOf = (c: Cell) => text.slice(c.start, c.end).toLowerCase();
  const unitColumn = columns.findIndex((c) => /\b(?:units?|elements?)\b/.test(nameOf(c)));
  const taskColumn = columns.findIndex((c) => /\btasks?\b/.test(nameOf(c)));
  const purposeColumn = columns.findIndex((c) => /\b(?:purpose|why)\b/.test(nameOf(c)));
  const timeColumn = columns.findIndex((c) => /\b(?:when|time)\b/.test(nameOf(c)));
  if (unitColumn < 0 || taskColumn < 0 || unitColumn === taskColumn) return null;

  const entries: SubordinateUnitTasks[] = [];
  for (const { line, start } of lines.slice(headerIndex + 1)) {
    if (RULE.test(line)) continue;
    const hasSeparator = separator === 'pipe' ? line.includes('|') : separator === 'tab' ? line.includes('\t') : true;
    if (!hasSeparator) break;
    const found = cellsOf(line, start, separator);
    const inColumn: (Cell | null)[] = columns.map(() => null);
    if (separator === 'spaces' && found.length !== columns.length) {
      // Each cell goes under the header column it starts under (two characters' slack).
      for (const cell of found) {
        const lineColumn = cell.start - start;
        let index = -1;
        columns.forEach((column, i) => {
          if (column.start - header.start <= lineColumn + 2) index = i;
        });
        if (index >= 0 && !inColumn[index]) inColumn[index] = cell;
      }
    } else {
      columns.forEach((_, i) => {
        inColumn[i] = found[i] && found[i]!.end > found[i]!.start ? found[i]! : null;
      });
    }
    const element = (cell: Cell | null): TextElement | null => (cell ? textElement(order, cell.start, cell.end) : null);
    const unit = element(inColumn[unitColumn] ?? null);
    const taskCell = inColumn[taskColumn] ?? null;
    const purpose = purposeColumn >= 0 ? element(inColumn[purposeColumn] ?? null) : null;
    const timeCell = timeColumn >= 0 ? (inColumn[timeColumn] ?? null) : null;
    const previous = entries.at(-1);
    if (!unit) {
      // A wrapped row: its cells continue the cells above.
      const last = previous?.tasks.at(-1);
      const more = element(taskCell);
      if (!previous || !last) continue;
      if (more && taskCell) {
        Object.assign(last, joinElements(last, more));
        last.times.push(...findTimes(order, taskCell.start, taskCell.end, context));
      }
      if (purpose) last.purpose = last.purpose ? joinElements(last.purpose, purpose) : purpose;
      continue;
    }
    const task = taskCell ? readUnitTask(order, taskCell, context, purpose) : null;
    if (task && timeCell) task.times.push(...findTimes(order, timeCell.start, timeCell.end, context));
    const same = previous && previous.unit.text.toUpperCase() === unit.text.toUpperCase() ? previous : null;
    const entry = same ?? { unit, text: null, tasks: [], from_table: true };
    if (!same) entries.push(entry);
    if (task) entry.tasks.push(task);
  }
  return entries.length > 0 ? entries : null;
}

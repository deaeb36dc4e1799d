// The task a stretch of text gives, matched against the catalogue (tactical-mission-tasks.ts): the first
// tactical mission task, security or reconnaissance task written in it ("attacks to seize OBJ STEEL"
// is seize), else the first type of operation ("defends BP 3"). A form counts as a whole word, in any
// case; the caller leaves the purpose ("in order to destroy ...") out of the stretch.
import type { Located } from './located.ts';
import { matchesIn } from './matches-in.ts';
import { TACTICAL_TASKS, type TacticalTask } from './tactical-mission-tasks.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const longestFirst = (forms: readonly string[]) => [...forms].sort((a, b) => b.length - a.length);

const PATTERNS = TACTICAL_TASKS.map((task) => ({
  task,
  pattern: new RegExp(String.raw`(?<![\w-])(?:${longestFirst(task.forms).map(escape).join('|')})(?![\w-])`, 'gi'),
  notAfter: task.notAfter ? new RegExp(String.raw`(?:^|\W)(?:${task.notAfter})\s+$`, 'i') : null,
}));

export function findTacticalTask(text: string, from: number, to: number): Located<TacticalTask> | null {
  let best: Located<TacticalTask> | null = null;
  let bestIsOperation = true;
  for (const { task, pattern, notAfter } of PATTERNS) {
    for (const m of matchesIn(pattern, text, from, to)) {
      if (notAfter?.test(text.slice(Math.max(from, m.index - 20), m.index))) continue;
      const isOperation = task.kind === 'type_of_operation';
      if (!best || (bestIsOperation && !isOperation) || (bestIsOperation === isOperation && m.index < best.start)) {
        best = { value: task, start: m.index, end: m.index + m[0].length };
        bestIsOperation = isOperation;
      }
      break;
    }
  }
  return best;
}

// The tasks the order gives this operation's unit: the subordinate unit's entry whose name matches the
// unit's name or one of its designations best (unit-designation-match.ts: an exact name before one
// that contains it, the first of equals). When no entry matches but the mission's "who" is the unit
// (an order that is only the unit's mission statement), the mission is its task.
import type { Mission, OrderUnit, SubordinateUnitTasks, TasksToUnit } from './order-record.ts';
import { unitDesignationMatch } from './unit-designation-match.ts';

export function findTasksToUnit(
  entries: readonly SubordinateUnitTasks[],
  mission: Mission | null,
  unit: OrderUnit,
): TasksToUnit | null {
  const names = [unit.name, ...unit.designations];
  let best: { entry: SubordinateUnitTasks; score: number; matched: string } | null = null;
  for (const entry of entries) {
    const { score, matched } = unitDesignationMatch(entry.unit.text, names);
    if (matched && score > (best?.score ?? 0)) best = { entry, score, matched };
  }
  if (best) {
    const { unit: found, tasks } = best.entry;
    return { unit: found, matched_by: best.matched, found_in: 'tasks_to_subordinate_units', tasks };
  }
  if (!mission?.who) return null;
  const { matched } = unitDesignationMatch(mission.who.text, names);
  if (!matched) return null;
  const statement = mission.statement;
  return {
    unit: mission.who,
    matched_by: matched,
    found_in: 'mission',
    tasks: [
      {
        text: statement.text,
        source: statement.source,
        task: mission.task,
        purpose: mission.purpose,
        times: mission.when ? [mission.when] : [],
        be_prepared: false,
      },
    ],
  };
}

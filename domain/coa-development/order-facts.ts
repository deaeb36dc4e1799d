// What COA development reads from the order reader's record (domain/orders/order-record.ts): the
// unit's posture and task, its objectives with grids, the enemy's strength and preparation, and the
// times that bound the operation. Each fact keeps the order's words; what the order does not say is
// null, and `missing` says so in one line.
import { mgrsReference } from '../analysis-job/mgrs-reference.ts';
import type { OrderRecord, TimeElement, UnitTask } from '../orders/order-record.ts';
import type { LonLat, Posture } from './coa-types.ts';
import { enemyStrength, type EnemyStrength } from './enemy-strength.ts';
import type { PlanningMission } from './planning-ratios.ts';

const OFFENSIVE_TASKS = new Set([
  'attack',
  'seize',
  'clear',
  'secure',
  'destroy',
  'defeat',
  'breach',
  'reduce',
  'occupy',
  'control',
  'neutralize',
  'isolate',
]);
const DEFENSIVE_TASKS = new Set([
  'defend',
  'retain',
  'block',
  'delay',
  'contain',
  'disrupt',
  'fix',
  'turn',
  'canalize',
]);

export interface OrderObjective {
  name: string;
  position: LonLat;
  mgrs: string;
  reference: string;
}

export interface OrderFacts {
  posture: Posture | null;
  /** The unit's main task as the order writes it (the first task that is not "be prepared to"). */
  task: { id: string | null; text: string } | null;
  /** The purpose of the unit's task ("in order to …") and the commander's end state, as written. */
  purpose: string | null;
  end_state: string | null;
  /** The mission the minimum planning ratio is looked up for. */
  planning_mission: PlanningMission | null;
  planning_mission_reason: string;
  objectives: OrderObjective[];
  enemy: EnemyStrength | null;
  /** Start of the operation (LD, H-hour): the earliest time of the timeline that is not a NLT. */
  start: { iso: string; text: string } | null;
  /** When the task must be done: the unit's task's NLT time, else the mission's. */
  deadline: { iso: string; text: string } | null;
  missing: string[];
}

const mainTask = (tasks: readonly UnitTask[]) => tasks.find((t) => !t.be_prepared) ?? null;
const iso = (t: TimeElement | null | undefined) => t?.dtg?.iso ?? null;

function posture(task: UnitTask | null, record: OrderRecord): Posture | null {
  const id = task?.task?.id ?? record.mission?.task?.id ?? null;
  if (id && OFFENSIVE_TASKS.has(id)) return 'offense';
  if (id && DEFENSIVE_TASKS.has(id)) return 'defense';
  return null;
}

function planningMission(p: Posture | null, taskId: string | null, enemyText: string, taskText: string) {
  if (p === 'offense') {
    if (/\bhast(y|ily)\b/i.test(enemyText))
      return { mission: 'hasty_attack' as const, reason: 'the order describes a hasty enemy defense' };
    if (/\b(prepared|dug[- ]in|fortified|deliberate)\b/i.test(enemyText))
      return { mission: 'deliberate_attack' as const, reason: 'the order describes prepared enemy positions' };
    return {
      mission: 'deliberate_attack' as const,
      reason: 'the order does not say how prepared the enemy is: the deliberate-attack ratio, the stricter, applies',
    };
  }
  if (p === 'defense') {
    if (taskId === 'delay') return { mission: 'delay' as const, reason: 'the unit delays' };
    if (/\bhast(y|ily)\b/i.test(taskText))
      return { mission: 'hasty_defend' as const, reason: 'the order asks for a hasty defense' };
    return { mission: 'deliberate_defend' as const, reason: 'the unit defends in prepared positions' };
  }
  return { mission: null, reason: 'the unit’s task is neither offensive nor defensive' };
}

/** The facts of one order record for COA development. */
export function orderFacts(record: OrderRecord): OrderFacts {
  const missing: string[] = [];
  const tasks = record.tasks_to_unit?.tasks ?? [];
  const task = mainTask(tasks);
  const p = posture(task, record);
  if (!p) missing.push('Order: no offensive or defensive task to the unit was read (tasks to the unit, mission).');
  const taskText = task?.text ?? record.mission?.statement.text ?? '';
  const enemyElement = record.situation?.enemy ?? null;
  const enemyText = [
    enemyElement?.strength?.text,
    enemyElement?.composition?.text,
    enemyElement?.disposition?.text,
    enemyElement?.text.text,
  ]
    .filter((t): t is string => !!t)
    .join(' ');
  const enemyPrepared = [enemyText, enemyElement?.most_likely_coa?.text ?? ''].join(' ');
  const enemy =
    enemyStrength(enemyElement?.strength?.text ?? '') ??
    enemyStrength(enemyElement?.composition?.text ?? '') ??
    enemyStrength(enemyElement?.text.text ?? '');
  if (!enemy) missing.push('Order: the enemy strength (paragraph 1c) names no counted unit, e.g. "two companies".');
  const planning = planningMission(p, task?.task?.id ?? null, enemyPrepared, taskText);

  // Objectives: those the unit's tasks name, else the mission's, else every objective with a grid.
  const named = record.features.filter((f) => f.kind === 'objective' && f.name && f.positions.length > 0);
  const mentioned = (text: string) => named.filter((f) => text.toUpperCase().includes(f.name!.toUpperCase()));
  const chosen =
    mentioned(tasks.map((t) => t.text).join(' ')).length > 0
      ? mentioned(tasks.map((t) => t.text).join(' '))
      : mentioned(record.mission?.text.text ?? '').length > 0
        ? mentioned(record.mission?.text.text ?? '')
        : named;
  const objectives = chosen.map((f) => {
    const p0 = f.positions[0]!;
    return {
      name: f.name!,
      position: p0.lon_lat,
      mgrs: mgrsReference(p0.lon_lat) ?? p0.reference,
      reference: `${f.name} at ${p0.reference} (order, page ${p0.source.page})`,
    };
  });
  if (objectives.length === 0) missing.push('Order: no objective with a grid was read.');

  const deadlineElement =
    tasks.flatMap((t) => t.times).find((t) => t.qualifier === 'NLT' && iso(t)) ??
    (record.mission?.when?.qualifier === 'NLT' && iso(record.mission.when) ? record.mission.when : null);
  const deadline = deadlineElement ? { iso: iso(deadlineElement)!, text: deadlineElement.text } : null;
  const starts = (record.execution?.timeline ?? [])
    .filter((t) => t.qualifier !== 'NLT' && iso(t) && (!deadline || iso(t)! < deadline.iso))
    .sort((a, b) => iso(a)!.localeCompare(iso(b)!));
  const start = starts[0] ? { iso: iso(starts[0])!, text: starts[0].text } : null;
  if (!deadline) missing.push('Order: no "not later than" time for the unit’s task was read.');
  if (!start) missing.push('Order: no start time (LD, H-hour) in the coordinating instructions’ timeline was read.');
  return {
    posture: p,
    task: task ? { id: task.task?.id ?? null, text: task.text } : null,
    purpose: task?.purpose?.text ?? record.mission?.purpose?.text ?? null,
    end_state: record.execution?.commanders_intent?.end_state?.text ?? null,
    planning_mission: planning.mission,
    planning_mission_reason: planning.reason,
    objectives,
    enemy,
    start,
    deadline,
    missing,
  };
}

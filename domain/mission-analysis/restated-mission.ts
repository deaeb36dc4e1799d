// The restated mission (ATP 5-0.2-1 substep 2.12): who, what (task), when, where, why (purpose), in
// doctrine's sentence shape "<who> <task> <where> <when> in order to <why>." Who is this unit; what,
// where, when and why are read from its first essential task in the order (the task's verb, the text
// between the verb and its time or purpose, its first time, its purpose; without a purpose of its
// own, the purpose of the higher headquarters' mission it is nested in).
import type { OrderRecord, UnitTask } from '../orders/order-record.ts';
import { essentialTaskEntries } from './essential-tasks.ts';
import { line, MISSING, missing, orderCite, ruleCite, type Product } from './mission-analysis-facts.ts';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The third-person present of a task verb ("seize" → "seizes", "support by fire" → "supports by fire"). */
export function thirdPerson(verb: string, taskId: string = verb): string {
  const [first, ...rest] = verb.toLowerCase().split(' ');
  const word = first!;
  // The order may already say it in the third person ("TF 1-66 AR seizes ...").
  const base = taskId.toLowerCase().split(/[_ ]/)[0]!;
  if (word !== base && word.startsWith(base) && word.endsWith('s')) return [word, ...rest].join(' ');
  const conjugated = /(s|x|z|ch|sh)$/.test(word)
    ? `${word}es`
    : /[^aeiou]y$/.test(word)
      ? `${word.slice(0, -1)}ies`
      : `${word}s`;
  return [conjugated, ...rest].join(' ');
}

/** What the task text says between its verb and its first time or purpose: the where. */
export function whereOf(task: UnitTask): string | null {
  if (!task.task) return null;
  const verbAt = task.text.indexOf(task.task.verb.text);
  if (verbAt < 0) return null;
  const from = verbAt + task.task.verb.text.length;
  const ends = task.times.map((t) => task.text.indexOf(t.text, from));
  if (task.purpose) {
    const at = task.text.indexOf(task.purpose.text, from);
    if (at >= 0) ends.push(task.text.slice(0, at).replace(/\s*\b(in order to|IOT|so that|to)\s*$/i, '').length);
  }
  const end = Math.min(task.text.length, ...ends.filter((e) => e >= from));
  const where = task.text
    .slice(from, end)
    .trim()
    .replace(/[,;.]$/, '');
  return where.length > 0 ? where : null;
}

/** The where with the grid of each control measure it names that the order locates elsewhere (e.g. in 1.c). */
function withGrids(order: OrderRecord, where: string | null): string | null {
  if (!where) return null;
  let located = where;
  for (const f of order.features) {
    const reference = f.positions[0]?.reference;
    if (!f.name || !reference || !located.includes(f.name) || located.includes(reference)) continue;
    located = located.replace(f.name, `${f.name} (${reference})`);
  }
  return located;
}

export function restatedMission(order: OrderRecord | null, unitName: string): Product {
  if (!order) return missing(MISSING.order);
  const essential = essentialTaskEntries(order);
  const first = essential.find((e) => e.task.purpose) ?? essential[0];
  if (!first) return missing(`The order gives ${unitName} no task naming a tactical mission task to restate.`);
  const { task, index } = first;
  const purpose = task.purpose ?? order.mission?.purpose ?? null;
  const ref = `tasks_to_unit.tasks[${index}]`;
  const when = task.times[0] ?? order.mission?.when ?? null;
  const where = withGrids(order, whereOf(task));
  const parts = [
    unitName,
    thirdPerson(task.task!.verb.text, task.task!.id),
    ...(where ? [where] : []),
    ...(when ? [when.dtg?.iso ? `${when.text} (${when.dtg.iso})` : when.text] : []),
    ...(purpose ? [`in order to ${lowerFirst(purpose.text)}`] : []),
  ];
  const cites = [
    orderCite(ref, task.source),
    ...(when && !task.times[0] ? [orderCite('mission.when', when.source)] : []),
    ...(purpose && !task.purpose ? [orderCite('mission.purpose', purpose.source)] : []),
    ruleCite('RESTATED-MISSION (who, what, when, where, why)'),
  ];
  const missingParts = [...(where ? [] : ['where']), ...(when ? [] : ['when']), ...(purpose ? [] : ['why'])];
  return {
    lines: [
      line(`${parts.join(' ')}.`, cites),
      ...(missingParts.length > 0 ? [line(`The order's task does not say ${missingParts.join(' or ')}.`, [])] : []),
    ],
    items: [],
  };
}

// What the reader could not find and what the order says is unchanged, from the record itself: every
// element that is null, and every list the five-paragraph order is expected to fill that is empty, by
// its path ("situation.enemy.most_dangerous_coa", "execution.information_requirements"). A part whose
// text is "No change" (a FRAGORD's way) is listed as unchanged instead, and its parts are not listed.
// The code name and a FRAGORD's base order are listed only where the order type calls for them.
import { isNoChange } from './is-no-change.ts';
import type { OrderRecord } from './order-record.ts';

const EXPECTED_LISTS = new Set([
  'heading.references',
  'execution.commanders_intent.key_tasks',
  'execution.tasks_to_subordinate_units',
  'execution.timeline',
  'execution.information_requirements',
  'execution.risk_measures',
  'execution.rules_of_engagement',
  'execution.fire_control_measures',
  'constraints',
]);
const NOT_EXPECTED = new Set(['heading.name', 'heading.base_order', 'reference_date']);

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
const isElement = (value: Json): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'source' in value;

function walk(value: Json, path: string, found: { not_found: string[]; unchanged: string[] }): void {
  if (value === null) {
    if (!NOT_EXPECTED.has(path)) found.not_found.push(path);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0 && EXPECTED_LISTS.has(path)) found.not_found.push(path);
    return;
  }
  if (typeof value !== 'object') return;
  const text = value.text;
  const said = isElement(value) ? text : text && typeof text === 'object' && !Array.isArray(text) ? text.text : null;
  if (typeof said === 'string' && isNoChange(said)) {
    found.unchanged.push(path);
    return;
  }
  if (isElement(value)) return;
  for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key, found);
}

export function listNotFound(record: Omit<OrderRecord, 'not_found' | 'unchanged'>): {
  not_found: string[];
  unchanged: string[];
} {
  const found = { not_found: [] as string[], unchanged: [] as string[] };
  const { heading, situation, mission, execution, tasks_to_unit, constraints, sustainment } = record;
  const parts = {
    heading,
    situation,
    mission,
    execution,
    tasks_to_unit,
    constraints,
    sustainment,
    command_and_signal: record.command_and_signal,
  };
  walk(JSON.parse(JSON.stringify(parts)) as Json, '', found);
  // A FRAGORD changes an order: which one is expected.
  if (heading.order_type === 'FRAGORD' && heading.base_order === null) found.not_found.push('heading.base_order');
  return found;
}

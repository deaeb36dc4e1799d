// Coordinating instructions (FM 6-0 appendix C, paragraph 3; ../shared/reference/ipb-and-coa-facts.md
// §8.1): their items as written, the times they state (the timeline), the CCIR (PIR, FFIR, EEFI:
// items under or opening with those labels), risk measures, rules of engagement and fire control
// measures (items under their label, or innermost items with their words: directive-patterns.ts).
import { FIRE_CONTROL, RISK, RULES_OF_ENGAGEMENT } from './directive-patterns.ts';
import type { DateTimeContext } from './find-date-time-groups.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTimes } from './find-times.ts';
import { leafItems } from './leaf-items.ts';
import type { Execution, InformationRequirement, TextElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { splitItems } from './split-items.ts';
import { textElement } from './text-element.ts';

type CoordinatingParts = Pick<
  Execution,
  | 'coordinating_instructions'
  | 'timeline'
  | 'information_requirements'
  | 'risk_measures'
  | 'rules_of_engagement'
  | 'fire_control_measures'
>;

const REQUIREMENT_KINDS = new Set(['ccir', 'pir', 'ffir', 'eefi']);

export function readCoordinatingInstructions(
  order: OrderText,
  body: Stretch,
  context: DateTimeContext,
): CoordinatingParts {
  const text = textElement(order, body.start, body.end);
  const parts: CoordinatingParts = {
    coordinating_instructions: null,
    timeline: [],
    information_requirements: [],
    risk_measures: [],
    rules_of_engagement: [],
    fire_control_measures: [],
  };
  if (!text) return parts;
  parts.coordinating_instructions = {
    text,
    items: splitItems(order.text, body.start, body.end)
      .map((item) => textElement(order, item.start, item.end))
      .filter((e): e is TextElement => e !== null),
  };
  parts.timeline = findTimes(order, body.start, body.end, context);
  for (const leaf of leafItems(order.text, body)) {
    const element = textElement(order, leaf.item.start, leaf.item.end);
    if (!element) continue;
    const kind = leaf.ownLabel ?? leaf.label;
    if (kind && REQUIREMENT_KINDS.has(kind)) {
      parts.information_requirements.push({ kind: kind as InformationRequirement['kind'], ...element });
      continue;
    }
    if (kind === 'roe' || RULES_OF_ENGAGEMENT.test(element.text)) parts.rules_of_engagement.push(element);
    if (kind === 'fires' || FIRE_CONTROL.test(element.text)) parts.fire_control_measures.push(element);
    if (kind === 'risk' || RISK.test(element.text)) parts.risk_measures.push(element);
  }
  return parts;
}

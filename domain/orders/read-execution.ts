// Paragraph 3, execution (FM 6-0 appendix C): commander's intent, concept of operations, tasks to
// subordinate units (and to combat support units), coordinating instructions. Subparagraphs are found
// by their titles; the schemes (movement and maneuver, fires, intelligence, protection, engineer),
// stability tasks and assessment are found only so that they end the parts before them. "Tasks:"
// followed by numbered items counts as the tasks to subordinate units (WARNOs write it so).
import type { DateTimeContext } from './find-date-time-groups.ts';
import { findLabelledParts } from './find-labelled-parts.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import type { Execution } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { readCommandersIntent } from './read-commanders-intent.ts';
import { readCoordinatingInstructions } from './read-coordinating-instructions.ts';
import { readSubordinateUnitTasks } from './read-subordinate-unit-tasks.ts';
import { textElement } from './text-element.ts';

const EXECUTION_PARTS = [
  { key: 'commanders_intent', title: String.raw`(?:commander['’]?s|cdr['’]?s?)\s+intent|intent` },
  { key: 'concept_of_operations', title: String.raw`concept\s+of\s+(?:the\s+)?operations?|concept` },
  { key: 'scheme', title: String.raw`scheme\s+of\s+[a-z]+(?:\s+(?:and|&)\s+[a-z]+)?(?:\s+support)?` },
  { key: 'stability', title: String.raw`stability\s+(?:tasks|operations)` },
  { key: 'assessment', title: 'assessment' },
  {
    key: 'tasks_to_subordinate_units',
    title:
      String.raw`tasks\s+to\s+(?:subordinate|maneuver|manoeuvre)\s+(?:units|elements)|` +
      String.raw`tasks\s+to\s+(?:units|elements)|subordinate\s+unit\s+tasks|` +
      String.raw`(?<!key\s{1,3})tasks(?=\s*[.:\-–]?\s*(?:\(1\)|\(a\)|1[.)]|a[.)]))`,
  },
  {
    key: 'tasks_to_support_units',
    title: String.raw`tasks\s+to\s+(?:combat\s+support|supporting|support)\s+(?:units|elements)`,
  },
  { key: 'coordinating_instructions', title: String.raw`coordinating\s+instructions` },
] as const;

export interface ExecutionRead {
  execution: Execution;
  /** Where the intent, the tasks to units and the coordinating instructions are, for the constraints. */
  readParts: Stretch[];
  coordinatingInstructions: Stretch | null;
}

export function readExecution(order: OrderText, body: Stretch, context: DateTimeContext): ExecutionRead | null {
  const text = textElement(order, body.start, body.end);
  if (!text) return null;
  const parts = findLabelledParts(order.text, body.start, body.end, EXECUTION_PARTS);
  const part = (key: string) => parts.find((p) => p.key === key) ?? null;
  const intent = part('commanders_intent');
  const concept = part('concept_of_operations');
  const taskParts = [part('tasks_to_subordinate_units'), part('tasks_to_support_units')].filter((p) => p !== null);
  const coordinating = part('coordinating_instructions');
  const coordinatingParts = coordinating
    ? readCoordinatingInstructions(order, coordinating.body, context)
    : readCoordinatingInstructions(order, { start: body.end, end: body.end }, context);
  return {
    execution: {
      text,
      commanders_intent: intent ? readCommandersIntent(order, intent.body) : null,
      concept_of_operations: concept ? textElement(order, concept.body.start, concept.body.end) : null,
      tasks_to_subordinate_units: taskParts.flatMap((p) => readSubordinateUnitTasks(order, p.body, context)),
      ...coordinatingParts,
    },
    readParts: [intent, ...taskParts, coordinating].filter((p) => p !== null).map((p) => p.body),
    coordinatingInstructions: coordinating?.body ?? null,
  };
}

// The commander's intent (FM 6-0 appendix C, paragraph 3a; ATP 5-0.2-1 substep 2.14): purpose, key
// tasks and end state, each after its label ("Purpose:", "Key tasks:", "End state:", numbered or not).
// Key tasks are the items of their part (numbered, bulleted, one a line, or sentences). Without an
// "End state" label, the end state is the first sentence that says "end state".
import type { Stretch } from './find-main-paragraphs.ts';
import { findLabelledParts } from './find-labelled-parts.ts';
import { firstSentenceWith } from './first-sentence-with.ts';
import type { Execution, TextElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { splitItems } from './split-items.ts';
import { textElement } from './text-element.ts';

const INTENT_PARTS = [
  { key: 'purpose', title: String.raw`(?:expanded\s+)?purpose` },
  { key: 'key_tasks', title: String.raw`key\s+tasks` },
  { key: 'end_state', title: String.raw`end\s*-?\s*state` },
] as const;

export function readCommandersIntent(order: OrderText, body: Stretch): Execution['commanders_intent'] {
  const text = textElement(order, body.start, body.end);
  if (!text) return null;
  const parts = findLabelledParts(order.text, body.start, body.end, INTENT_PARTS);
  const part = (key: string) => parts.find((p) => p.key === key) ?? null;
  const bodyOf = (key: string) => {
    const found = part(key);
    return found ? textElement(order, found.body.start, found.body.end) : null;
  };
  const keyTasksPart = part('key_tasks');
  const keyTasks = keyTasksPart
    ? splitItems(order.text, keyTasksPart.body.start, keyTasksPart.body.end)
        .map((item) => textElement(order, item.start, item.end))
        .filter((e): e is TextElement => e !== null)
    : [];
  let endState = bodyOf('end_state');
  if (!endState) {
    const sentence = firstSentenceWith(order.text, body, /\bend\s*-?\s*state\b/i);
    endState = sentence ? textElement(order, sentence.start, sentence.end) : null;
  }
  return { text, purpose: bodyOf('purpose'), key_tasks: keyTasks, end_state: endState };
}

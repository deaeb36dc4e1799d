// Paragraph 5, command and signal (FM 6-0 appendix C): command (location of the commander,
// succession), control (command posts, reports), signal; each after its title, and the whole text.
import { findLabelledParts } from './find-labelled-parts.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import type { CommandAndSignal } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { textElement } from './text-element.ts';

const COMMAND_PARTS = [
  { key: 'command', title: 'command' },
  { key: 'control', title: 'control' },
  { key: 'signal', title: 'signals?' },
] as const;

export function readCommandAndSignal(order: OrderText, body: Stretch): CommandAndSignal | null {
  const text = textElement(order, body.start, body.end);
  if (!text) return null;
  const parts = findLabelledParts(order.text, body.start, body.end, COMMAND_PARTS);
  const of = (key: string) => {
    const found = parts.find((p) => p.key === key);
    return found ? textElement(order, found.body.start, found.body.end) : null;
  };
  return { text, command: of('command'), control: of('control'), signal: of('signal') };
}

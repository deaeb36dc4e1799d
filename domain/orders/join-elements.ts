// Two pieces of the order read as one element (a table cell wrapped onto the next line): the text of
// both, and a source that continues from the first piece into the second.
import type { TextElement } from './order-record.ts';

export function joinElements(first: TextElement, second: TextElement): TextElement {
  const { page, start, end, continues } = second.source;
  return {
    text: `${first.text} ${second.text}`,
    source: { ...first.source, continues: [...first.source.continues, { page, start, end }, ...continues] },
  };
}

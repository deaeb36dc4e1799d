// The first item or sentence of a stretch that matches a pattern: where an order writes its enemy
// paragraph as prose instead of labelled subparagraphs ("The enemy's most likely COA is ...").
import type { Stretch } from './find-main-paragraphs.ts';
import { splitItems } from './split-items.ts';

export function firstSentenceWith(text: string, within: Stretch, pattern: RegExp): Stretch | null {
  for (const item of splitItems(text, within.start, within.end)) {
    if (pattern.test(text.slice(item.start, item.end))) return item;
  }
  return null;
}

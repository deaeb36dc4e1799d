// Paragraph 1, situation (FM 6-0 appendix C): area of interest, area of operations, enemy forces
// (composition, disposition, strength; most likely and most dangerous COA), friendly forces (higher
// headquarters' mission and intent; adjacent units), civil considerations, attachments and
// detachments, assumptions. Subparagraphs are found by their titles (find-labelled-parts.ts). An enemy
// part without a label of its own is the first sentence (before any labelled part) that names it: "most likely",
// "most dangerous", "strength" (or a percentage), "consists of / composed of", "defends / occupies /
// positioned / located / arrayed". A heading "Composition, disposition and strength" gives all three.
import type { Stretch } from './find-main-paragraphs.ts';
import { findLabelledParts, type LabelledPart } from './find-labelled-parts.ts';
import { firstSentenceWith } from './first-sentence-with.ts';
import type { Situation, TextElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { textElement } from './text-element.ts';

const SITUATION_PARTS = [
  { key: 'area_of_interest', title: String.raw`area\s+of\s+interest` },
  { key: 'area_of_operations', title: String.raw`area\s+of\s+operations?` },
  { key: 'enemy', title: String.raw`enemy(?:\s+forces|\s+situation)?` },
  { key: 'friendly', title: String.raw`friendly(?:\s+forces|\s+situation)?` },
  {
    key: 'interagency',
    title:
      String.raw`inter-?agency(?:[\s,]+intergovernmental)?` +
      String.raw`(?:[\s,]+(?:and\s+)?non-?governmental)?(?:\s+organi[sz]ations)?`,
  },
  { key: 'civil_considerations', title: String.raw`civil\s+considerations` },
  {
    key: 'attachments_and_detachments',
    title: String.raw`attachments\s+(?:and|&)\s+detachments|attachments|detachments`,
  },
  { key: 'assumptions', title: String.raw`assumptions?` },
] as const;

const COA_TITLE = (adjective: string, abbreviation: string) =>
  String.raw`(?:enemy\s+)?most\s+${adjective}\s+(?:enemy\s+)?(?:course\s+of\s+action|COA)|${abbreviation}(?:E)?COA`;

const ENEMY_PARTS = [
  {
    key: 'composition_disposition_strength',
    title: String.raw`composition,?\s+disposition,?\s+(?:and\s+|&\s+)?strength`,
  },
  { key: 'composition', title: 'composition' },
  { key: 'disposition', title: 'disposition' },
  { key: 'strength', title: 'strength' },
  { key: 'most_likely_coa', title: COA_TITLE('likely', 'ML') },
  { key: 'most_dangerous_coa', title: COA_TITLE('dangerous', 'MD') },
  { key: 'capabilities', title: String.raw`(?:enemy\s+)?capabilities|recent\s+(?:enemy\s+)?activit(?:y|ies)` },
] as const;

type EnemyPart = 'composition' | 'disposition' | 'strength' | 'most_likely_coa' | 'most_dangerous_coa';
const ENEMY_PROSE: Record<EnemyPart, RegExp> = {
  composition: /\b(?:consists? of|composed of|composition|comprises?|comprising)\b/i,
  disposition: /\b(?:defends?|defending|occup(?:y|ies|ying)|positioned|deployed|located|arrayed|disposition|dug in)\b/i,
  strength: /\bstrength\b|\d\s?%/i,
  most_likely_coa: /\bmost likely\b|\bML(?:E)?COA\b/i,
  most_dangerous_coa: /\bmost dangerous\b|\bMD(?:E)?COA\b/i,
};

const FRIENDLY_PARTS = [
  {
    key: 'higher_mission_and_intent',
    title:
      String.raw`higher(?:\s+(?:headquarters|hq)(?:['’]s?)?)?` +
      String.raw`(?:\s+(?:mission(?:\s+and\s+(?:commander['’]?s\s+)?intent)?|intent))?`,
  },
  { key: 'adjacent_units', title: String.raw`(?:missions?\s+of\s+)?adjacent\s+units?(?:['’]?\s+missions?)?` },
] as const;

export function readSituation(order: OrderText, body: Stretch): Situation | null {
  const text = textElement(order, body.start, body.end);
  if (!text) return null;
  const parts = findLabelledParts(order.text, body.start, body.end, SITUATION_PARTS);
  const part = (key: string) => parts.find((p) => p.key === key) ?? null;
  const bodyOf = (p: LabelledPart<string> | null) => (p ? textElement(order, p.body.start, p.body.end) : null);

  const enemyPart = part('enemy');
  const enemyText = bodyOf(enemyPart);
  let enemy: Situation['enemy'] = null;
  if (enemyPart && enemyText) {
    const sub = findLabelledParts(order.text, enemyPart.body.start, enemyPart.body.end, ENEMY_PARTS);
    const combined = sub.find((p) => p.key === 'composition_disposition_strength') ?? null;
    // Prose is what comes before the first labelled part.
    const prose = { start: enemyPart.body.start, end: sub[0]?.heading.start ?? enemyPart.body.end };
    const read = (key: keyof typeof ENEMY_PROSE): TextElement | null => {
      const isCoa = key === 'most_likely_coa' || key === 'most_dangerous_coa';
      const labelled = sub.find((p) => p.key === key) ?? (isCoa ? null : combined);
      if (labelled) return bodyOf(labelled);
      const sentence = firstSentenceWith(order.text, prose, ENEMY_PROSE[key]);
      return sentence ? textElement(order, sentence.start, sentence.end) : null;
    };
    enemy = {
      text: enemyText,
      composition: read('composition'),
      disposition: read('disposition'),
      strength: read('strength'),
      most_likely_coa: read('most_likely_coa'),
      most_dangerous_coa: read('most_dangerous_coa'),
    };
  }

  const friendlyPart = part('friendly');
  const friendlyText = bodyOf(friendlyPart);
  let friendly: Situation['friendly'] = null;
  if (friendlyPart && friendlyText) {
    const sub = findLabelledParts(order.text, friendlyPart.body.start, friendlyPart.body.end, FRIENDLY_PARTS);
    const of = (key: string) => bodyOf(sub.find((p) => p.key === key) ?? null);
    friendly = {
      text: friendlyText,
      higher_mission_and_intent: of('higher_mission_and_intent'),
      adjacent_units: of('adjacent_units'),
    };
  }

  return {
    text,
    area_of_interest: bodyOf(part('area_of_interest')),
    area_of_operations: bodyOf(part('area_of_operations')),
    enemy,
    friendly,
    civil_considerations: bodyOf(part('civil_considerations')),
    attachments_and_detachments: bodyOf(part('attachments_and_detachments')),
    assumptions: bodyOf(part('assumptions')),
  };
}

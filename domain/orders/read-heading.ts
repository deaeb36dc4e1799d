// The heading of an order (FM 6-0 appendix C): its title (type, number, code name; a FRAGORD's base
// order), issuing headquarters, date-time group of signature, time zone used throughout, references
// and task organisation. Read from the text before paragraph 1 (the title and time zone also from the
// rest of the order when the heading lacks them). Issuing headquarters: a line labelled "Issuing
// headquarters:", "HQ:" or "From:", else the first heading line that names a unit
// (headquarters, brigade, BCT, battalion, "1-66 AR" ...) and is not the title, a marking, copy number,
// place or DTG. The date-time group of signature: after a "DTG" label, else the heading's first DTG
// outside the title and before the references.
import { combinedRange } from './combined-range.ts';
import { findDateTimeGroups, type DateTimeContext } from './find-date-time-groups.ts';
import { findLabelledParts } from './find-labelled-parts.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import type { Heading, OrderType, Source, TextElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { splitItems } from './split-items.ts';
import { textElement } from './text-element.ts';
import { utcOffsetOfZoneLetter, ZONE_WORDS } from './time-zone-letter.ts';

const ORDER_WORDS =
  String.raw`OPERATIONS? ORDER|OPORDER|OPORD|WARNING ORDER|WARNORD|WARNO|` +
  String.raw`FRAGMENTARY ORDER|FRAGORD|FRAGO`;
const MARKING = String.raw`TOP SECRET|SECRET|CONFIDENTIAL|RESTRICTED|UNCLASSIFIED`;
const MARKDOWN_MARK = String.raw`#{1,6}[ \t]+(?:[*_]{1,2})?|[*_]{1,2}`;
// A title starts a line (after Markdown's heading or emphasis marks and a classification marking, if any):
// "see OPORD 03-26" in a sentence is a mention.
// Groups: 1 type, 2 number, 3 code name, 4 the order it belongs to.
const TITLE = new RegExp(
  String.raw`(?<=^|\n)[ \t]*(?:${MARKDOWN_MARK})?(?:(?:${MARKING})[ \t]+)?(${ORDER_WORDS})(?![\w])[ \t]*(?:(?:NO\.?|NUMBER|#)[ \t]*)?` +
    String.raw`([A-Z]?\d[A-Z0-9\-/.]*[A-Z0-9]|\d)?` +
    String.raw`(?:[ \t]*\(([^()\n]{1,60})\))?(?:[ \t]+(?:TO|FOR)[ \t]+((?:${ORDER_WORDS}|OPLAN)[ \t]*(?:NO\.?[ \t]*)?` +
    String.raw`[A-Z0-9][A-Z0-9\-/]*(?:[ \t]*\([^()\n]{1,60}\))?))?`,
  'id',
);
const TYPE_OF: readonly [RegExp, OrderType][] = [
  [/^(?:OPERATIONS? ORDER|OPORD|OPORDER)$/i, 'OPORD'],
  [/^(?:WARNING ORDER|WARNO|WARNORD)$/i, 'WARNO'],
  [/^(?:FRAGMENTARY ORDER|FRAGORD|FRAGO)$/i, 'FRAGORD'],
];
const TIME_ZONE_LABEL =
  String.raw`time[ \t]+zone(?:[ \t]+used)?` +
  String.raw`(?:[ \t]+throughout(?:[ \t]+the[ \t]+(?:order|OPORD|plan|operation))?)?`;
const TIME_ZONE = new RegExp(
  String.raw`${TIME_ZONE_LABEL}[ \t]*[:.\-–]?[ \t]*(${Object.keys(ZONE_WORDS).join('|')}|[A-IK-Z])(?![\w])`,
  'i',
);
const DTG_LABEL = /(?:DTG|date[- ]time[- ]group(?:[ \t]+of[ \t]+signature)?)[ \t]*:?/i;
const HQ_LABEL = /(?<=^|\n)[ \t]*(?:issuing[ \t]+(?:headquarters|hq)|headquarters|hq|from)[ \t]*:[ \t]*([^\n]+)/i;
const UNIT_WORDS = new RegExp(
  String.raw`\b(?:HQ|headquarters|BCT|brigade|BDE|division|DIV|battalion|BN|regiment|` +
    String.raw`REGT|squadron|SQDN|company|corps|task force|TF|\d+-\d+\s+[A-Z]{2,3})\b`,
  'i',
);
const NOT_HQ = new RegExp(
  String.raw`^(?:copy|page|place|date|dtg|msg|message|ref|references?|time zone|` +
    String.raw`task organi[sz]ation|(?:\d+\s*)?of\s)|(?:${MARKING})\b`,
  'i',
);

const isElement = (e: TextElement | null): e is TextElement => e !== null;

function inside(order: OrderText, source: Source, range: Stretch): boolean {
  const { start, end } = combinedRange(order, source);
  return start >= range.start && end <= range.end;
}

/** The title in the heading, else in the order's text. */
function findTitle(text: string, heading: Stretch, main: Stretch): { m: RegExpExecArray; at: number } | null {
  const inHeading = TITLE.exec(text.slice(heading.start, heading.end));
  if (inHeading) return { m: inHeading, at: heading.start };
  const inOrder = TITLE.exec(text.slice(main.start, main.end));
  return inOrder ? { m: inOrder, at: main.start } : null;
}

function readTimeZone(order: OrderText, main: Stretch): Heading['time_zone'] {
  const zone = TIME_ZONE.exec(order.text.slice(main.start, main.end));
  if (!zone) return null;
  const word = zone[1]!.toUpperCase();
  const letter = ZONE_WORDS[word] ?? (word.length === 1 ? word : null);
  const element = textElement(order, main.start + zone.index, main.start + zone.index + zone[0].length);
  return element ? { letter, utc_offset_hours: letter ? utcOffsetOfZoneLetter(letter) : null, element } : null;
}

function readIssuingHeadquarters(
  order: OrderText,
  heading: Stretch,
  blockEnd: number,
  titleRange: Stretch | null,
  context: DateTimeContext,
): TextElement | null {
  const text = order.text;
  const labelled = HQ_LABEL.exec(text.slice(heading.start, heading.end));
  if (labelled) {
    const start = heading.start + labelled.index + labelled[0].length - labelled[1]!.length;
    return textElement(order, start, start + labelled[1]!.length);
  }
  // A line without Markdown's marks around it ("# ", "**…**").
  for (const line of text
    .slice(heading.start, blockEnd)
    .matchAll(/(?<=^|\n)[ \t]*(?:#{1,6}[ \t]+)?[*_]{0,2}([^\n]+?)[*_]{0,2}[ \t]*(?=\n|$)/g)) {
    const start = heading.start + line.index + line[0].indexOf(line[1]!);
    const end = start + line[1]!.length;
    const trimmed = line[1]!.trim();
    if (!trimmed || NOT_HQ.test(trimmed) || !UNIT_WORDS.test(trimmed)) continue;
    if (titleRange && start < titleRange.end && titleRange.start < end) continue;
    if (findDateTimeGroups(order, start, end, context).length) continue;
    return textElement(order, start, end);
  }
  return null;
}

export function readHeading(order: OrderText, heading: Stretch, main: Stretch, referenceDate: string | null): Heading {
  const text = order.text;
  const title = findTitle(text, heading, main);
  const group = (index: number) => {
    const span = title?.m.indices?.[index];
    return title && span ? textElement(order, title.at + span[0], title.at + span[1]) : null;
  };
  const titleRange = title
    ? { start: title.at + title.m.indices![1]![0], end: title.at + title.m.index + title.m[0].length }
    : null;
  const timeZone = readTimeZone(order, main);
  const context: DateTimeContext = { zoneLetter: timeZone?.letter ?? null, referenceDate };

  const parts = findLabelledParts(text, heading.start, heading.end, [
    { key: 'references', title: 'references?' },
    { key: 'time_zone', title: TIME_ZONE_LABEL },
    { key: 'task_organization', title: String.raw`task[ \t]+organi[sz]ation` },
  ] as const);
  const part = (key: string) => parts.find((p) => p.key === key) ?? null;
  const referencesPart = part('references');
  const references = referencesPart
    ? splitItems(text, referencesPart.body.start, referencesPart.body.end)
        .map((item) => textElement(order, item.start, item.end))
        .filter(isElement)
    : [];
  const organization = part('task_organization')?.body ?? null;
  const organizationText = organization ? textElement(order, organization.start, organization.end) : null;
  const taskOrganization =
    organization && organizationText
      ? {
          text: organizationText,
          lines: [...text.slice(organization.start, organization.end).matchAll(/[^\n]+/g)]
            .map((line) => {
              const start = organization.start + line.index;
              return textElement(order, start, start + line[0].length);
            })
            .filter(isElement),
        }
      : null;

  // The signature's DTG: after a "DTG" label, else the first in the heading before its labelled parts.
  const blockEnd = parts[0]?.heading.start ?? heading.end;
  const label = DTG_LABEL.exec(text.slice(heading.start, heading.end));
  const dtgs = (
    label
      ? findDateTimeGroups(order, heading.start + label.index, heading.end, context)
      : findDateTimeGroups(order, heading.start, blockEnd, context)
  ).filter((dtg) => !titleRange || !inside(order, dtg.source, titleRange));

  return {
    order_type: title ? TYPE_OF.find(([pattern]) => pattern.test(title.m[1]!.replace(/\s+/g, ' ')))![1] : null,
    title: titleRange ? textElement(order, titleRange.start, titleRange.end) : null,
    number: group(2),
    name: group(3),
    base_order: group(4),
    issuing_headquarters: readIssuingHeadquarters(order, heading, blockEnd, titleRange, context),
    date_time_group: dtgs[0] ?? null,
    time_zone: timeZone,
    references,
    task_organization: taskOrganization,
  };
}

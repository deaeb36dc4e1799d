// The order reader: an order's text, page by page, into its record (order-record.ts). Pure: no I/O, no
// clock (DTGs without a month or year are placed by the reference date given). The steps:
// 1. annexes are found (find-annexes.ts); the order's own paragraphs end where the first starts;
// 2. the five paragraphs are found (find-main-paragraphs.ts); the heading is what comes before them.
//    An order without paragraph headings is read as a mission statement: the part labelled "Mission:",
//    else the first sentence that gives a task, up to the next blank line;
// 3. the heading gives the time zone used for DTGs without a zone letter;
// 4. each paragraph is read by its reader; the unit's tasks are found among the tasks to subordinate
//    units by its name or designations (find-tasks-to-unit.ts), and constraints are read from the
//    coordinating instructions, the rest of paragraph 3 but the intent (it describes, it does not
//    direct), the mission's sentences after the statement
//    and the unit's own tasks (read-constraints.ts); a task that is a prohibition is a constraint only;
// 5. control measures and grids anywhere in the document (annexes included) become features;
// 6. what is missing is listed (list-not-found.ts). A document is recognised as an order when its title
//    names an order type, when it has two of the five paragraphs, or when its mission has a who and a task.
import { DomainError } from '../shared/domain-error.ts';
import { collectFeatures } from './collect-features.ts';
import { combinedRange } from './combined-range.ts';
import { findAnnexes } from './find-annexes.ts';
import { findBareMission } from './find-bare-mission.ts';
import { findControlMeasures } from './find-control-measures.ts';
import { findDateTimeGroups, type DateTimeContext } from './find-date-time-groups.ts';
import { findGridReferences } from './find-grid-references.ts';
import { findLatLonReferences } from './find-lat-lon-references.ts';
import { findMainParagraphs, type MainParagraphKey, type Stretch } from './find-main-paragraphs.ts';
import { findTasksToUnit } from './find-tasks-to-unit.ts';
import { listNotFound } from './list-not-found.ts';
import {
  ORDER_RECORD_VERSION,
  type Annex,
  type OrderDocument,
  type OrderRecord,
  type OrderUnit,
  type PageSpan,
} from './order-record.ts';
import { orderText } from './order-text.ts';
import { readCommandAndSignal } from './read-command-and-signal.ts';
import { readConstraints, type ConstraintSource } from './read-constraints.ts';
import { readExecution } from './read-execution.ts';
import { readHeading } from './read-heading.ts';
import { readMissionStatement } from './read-mission-statement.ts';
import { readSituation } from './read-situation.ts';
import { readSustainment } from './read-sustainment.ts';
import { sourceOf } from './source-of.ts';
import { splitItems } from './split-items.ts';
import { textElement } from './text-element.ts';

export interface ReadOrderInput {
  document: OrderDocument;
  /** This operation's unit: its name and the designations an order may use for it ("TF 1-66 AR", "1-66 AR"). */
  unit: OrderUnit;
  /** When the order was received (e.g. the upload's time): places DTGs written without month or year. */
  reference_date: string | null;
}

function assertInput(input: ReadOrderInput): void {
  const pages = input.document.pages.map((p) => p.page);
  if (pages.some((page) => !Number.isInteger(page) || page < 1)) {
    throw new DomainError('invalid', 'Page numbers are whole numbers from 1', ['document', 'pages']);
  }
  if (new Set(pages).size !== pages.length) {
    throw new DomainError('invalid', 'A page number is given twice', ['document', 'pages']);
  }
  if (!input.unit.name.trim()) throw new DomainError('invalid', 'The unit needs a name', ['unit', 'name']);
  if (input.reference_date !== null && Number.isNaN(Date.parse(input.reference_date))) {
    throw new DomainError('invalid', 'The reference date is not a date-time', ['reference_date']);
  }
}

/** The parts of [from, to) that none of `taken` covers. */
function outside(from: number, to: number, taken: readonly Stretch[]): Stretch[] {
  const rest: Stretch[] = [];
  let cursor = from;
  for (const t of [...taken].sort((a, b) => a.start - b.start)) {
    if (t.start > cursor) rest.push({ start: cursor, end: Math.min(t.start, to) });
    cursor = Math.max(cursor, t.end);
  }
  if (cursor < to) rest.push({ start: cursor, end: to });
  return rest;
}

export function readOrder(input: ReadOrderInput): OrderRecord {
  assertInput(input);
  const order = orderText(input.document);
  const annexHeadings = findAnnexes(order);
  const main: Stretch = { start: 0, end: annexHeadings[0]?.start ?? order.text.length };
  const paragraphs = findMainParagraphs(order.text, main.start, main.end);
  const paragraph = (key: MainParagraphKey) => paragraphs.find((p) => p.key === key) ?? null;

  let missionBody: Stretch | null = paragraph('mission')?.body ?? null;
  let headingEnd = paragraphs[0]?.heading.start ?? main.end;
  if (paragraphs.length === 0) {
    const bare = findBareMission(order.text, main);
    if (bare) {
      missionBody = bare.body;
      headingEnd = bare.start;
    }
  }
  const heading = readHeading(order, { start: main.start, end: headingEnd }, main, input.reference_date);
  const context: DateTimeContext = {
    zoneLetter: heading.time_zone?.letter ?? null,
    referenceDate: input.reference_date,
  };

  const situationPart = paragraph('situation');
  const sustainmentPart = paragraph('sustainment');
  const commandPart = paragraph('command_and_signal');
  const executionPart = paragraph('execution');
  const mission = missionBody ? readMissionStatement(order, missionBody, context) : null;
  const executionRead = executionPart ? readExecution(order, executionPart.body, context) : null;
  const execution = executionRead?.execution ?? null;
  const tasksToUnit = findTasksToUnit(execution?.tasks_to_subordinate_units ?? [], mission, input.unit);

  const sources: ConstraintSource[] = [];
  const coordinating = executionRead?.coordinatingInstructions;
  if (coordinating) sources.push({ stretch: coordinating, read: 'directives' });
  if (missionBody) {
    const [, ...after] = splitItems(order.text, missionBody.start, missionBody.end);
    for (const sentence of after) sources.push({ stretch: sentence, read: 'directives' });
  }
  if (executionPart && executionRead) {
    for (const stretch of outside(executionPart.body.start, executionPart.body.end, executionRead.readParts)) {
      sources.push({ stretch, read: 'prohibitions' });
    }
  }
  for (const task of tasksToUnit?.found_in === 'tasks_to_subordinate_units' ? tasksToUnit.tasks : []) {
    sources.push({ stretch: combinedRange(order, task.source), read: 'prohibitions' });
  }
  const constraints = readConstraints(order, sources, context);
  const isConstraint = ({ page, start, end }: PageSpan) =>
    constraints.some((c) => c.source.page === page && c.source.start === start && c.source.end === end);
  if (tasksToUnit) tasksToUnit.tasks = tasksToUnit.tasks.filter((task) => !isConstraint(task.source));

  const whole: Stretch = { start: 0, end: order.text.length };
  const letters = order.text.replace(/[^A-Za-zÄÖÜäöüß]/g, '');
  const lowerCaseOrder = letters.length > 0 && letters.replace(/[^A-ZÄÖÜ]/g, '').length / letters.length < 0.02;
  const positions = [
    ...findGridReferences(order, whole.start, whole.end),
    ...findLatLonReferences(order, whole.start, whole.end),
  ].sort((a, b) => a.start - b.start);
  const mentions = findControlMeasures(order.text, whole.start, whole.end, lowerCaseOrder);
  const features = collectFeatures(mentions, positions, order.text, ({ start, end }) => sourceOf(order, start, end));
  const annexes: Annex[] = annexHeadings.flatMap((annex) => {
    const element = textElement(order, annex.start, annex.end);
    return element ? [{ designation: annex.designation, title: annex.title, heading: element }] : [];
  });

  const record = {
    record_version: ORDER_RECORD_VERSION,
    document_id: input.document.document_id,
    recognised_as_order: heading.order_type !== null || paragraphs.length >= 2 || Boolean(mission?.who && mission.task),
    unit: { name: input.unit.name, designations: [...input.unit.designations] },
    reference_date: input.reference_date,
    heading,
    situation: situationPart ? readSituation(order, situationPart.body) : null,
    mission,
    execution,
    tasks_to_unit: tasksToUnit,
    constraints,
    sustainment: sustainmentPart ? readSustainment(order, sustainmentPart.body) : null,
    command_and_signal: commandPart ? readCommandAndSignal(order, commandPart.body) : null,
    annexes,
    features,
    date_time_groups: findDateTimeGroups(order, whole.start, whole.end, context),
  } satisfies Omit<OrderRecord, 'not_found' | 'unchanged'>;
  return { ...record, ...listNotFound(record) };
}

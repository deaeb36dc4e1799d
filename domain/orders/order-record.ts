// The record the order reader makes of one order (OPORD, WARNO, FRAGORD) in a document: the FM 6-0
// appendix C five-paragraph order (../shared/reference/planning-doctrine.md, "Orders and the WARNO"),
// element by element, each element with its source (document, page, character span in that page's
// text). One schema declares type, validation and version; the record is plain JSON, so it can be an
// event's payload (order-events.ts). What the reader could not find is null (or an empty list) and
// its path is listed in `not_found`; nothing is filled in that the order does not say.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../shared/schema-types.ts';

/** Bump when the record's shape or the extraction rules change what a record holds. */
export const ORDER_RECORD_VERSION = 1;

export const ORDER_TYPES = ['OPORD', 'WARNO', 'FRAGORD'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const CONSTRAINT_KINDS = ['requirement', 'prohibition'] as const;
export const CONSTRAINT_CATEGORIES = [
  'time',
  'fire_control',
  'rules_of_engagement',
  'risk',
  'movement',
  'other',
] as const;
export const CCIR_KINDS = ['pir', 'ffir', 'eefi', 'ccir'] as const;
export const FEATURE_KINDS = [
  'objective',
  'phase_line',
  'boundary',
  'checkpoint',
  'battle_position',
  'engagement_area',
  'assembly_area',
  'attack_position',
  'support_by_fire_position',
  'attack_by_fire_position',
  'route',
  'axis',
  'area_of_operations',
  'named_area_of_interest',
  'target_area_of_interest',
  'landing_zone',
  'observation_post',
  'target_reference_point',
  'no_fire_area',
  'restricted_fire_area',
  'coordination_point',
  'contact_point',
  'release_point',
  'start_point',
  'line_of_departure',
  'limit_of_advance',
  'objective_rally_point',
  'unnamed_position',
] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PageSpan = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    start: Type.Integer({ minimum: 0, description: "Offset of the first character in the page's text" }),
    end: Type.Integer({ minimum: 0, description: 'Offset after the last character (exclusive)' }),
  },
  { additionalProperties: false },
);
export type PageSpan = Static<typeof PageSpan>;

/** Where an element was read: `pages[page].text.slice(start, end)` is its source text. An element that runs
 * over a page break (or around a page's header or footer line) continues in `continues`. */
export const Source = Type.Object(
  {
    document_id: Type.String({ minLength: 1 }),
    page: Type.Integer({ minimum: 1 }),
    start: Type.Integer({ minimum: 0 }),
    end: Type.Integer({ minimum: 0 }),
    continues: Type.Array(PageSpan),
  },
  { additionalProperties: false },
);
export type Source = Static<typeof Source>;

/** A piece of the order: its text (whitespace collapsed, page headers and footers left out) and source. */
export const TextElement = Type.Object({ text: Type.String(), source: Source }, { additionalProperties: false });
export type TextElement = Static<typeof TextElement>;

export const DateTimeGroup = Type.Object(
  {
    text: Type.String(),
    source: Source,
    iso: nullable(Type.String({ format: 'date-time', description: 'The instant in UTC' })),
    zone_letter: nullable(Type.String({ description: "As written, or the order's time zone when the DTG has none" })),
    month_from_reference: Type.Boolean({ description: 'Month and year missing, taken from the reference date' }),
    year_from_reference: Type.Boolean(),
    unresolved: nullable(Type.String({ description: 'Why iso is null' })),
  },
  { additionalProperties: false },
);
export type DateTimeGroup = Static<typeof DateTimeGroup>;

/** A time as the order states it: a qualifier (NLT, NET, at, from, on order) and its DTG when it has one. */
export const TimeElement = Type.Object(
  {
    text: Type.String(),
    source: Source,
    qualifier: nullable(Type.String()),
    dtg: nullable(DateTimeGroup),
  },
  { additionalProperties: false },
);
export type TimeElement = Static<typeof TimeElement>;

export const Position = Type.Object(
  {
    reference: Type.String({ description: 'The grid or coordinates as written' }),
    system: StringEnum(['mgrs', 'lat_lon'] as const),
    lon_lat: Type.Tuple([Type.Number(), Type.Number()]),
    precision_m: nullable(Type.Number({ description: 'Side of the MGRS square the reference names' })),
    source: Source,
  },
  { additionalProperties: false },
);
export type Position = Static<typeof Position>;

export const Feature = Type.Object(
  {
    kind: StringEnum(FEATURE_KINDS),
    name: nullable(Type.String({ description: 'As the order names it, e.g. "OBJ STEEL"; null for a bare grid' })),
    geometry: StringEnum(['point', 'line', 'area'] as const, 'What the control measure is drawn as'),
    positions: Type.Array(Position),
    mentions: Type.Array(Source),
  },
  { additionalProperties: false },
);
export type Feature = Static<typeof Feature>;

/** An FM 3-90 task found in a text (catalogue: tactical-mission-tasks.ts). */
export const TaskMatch = Type.Object(
  {
    id: Type.String(),
    kind: Type.String(),
    doctrine: Type.String(),
    verb: TextElement,
  },
  { additionalProperties: false },
);
export type TaskMatch = Static<typeof TaskMatch>;

export const UnitTask = Type.Object(
  {
    text: Type.String(),
    source: Source,
    task: nullable(TaskMatch),
    purpose: nullable(TextElement),
    times: Type.Array(TimeElement),
    be_prepared: Type.Boolean({ description: '"BPT" / "be prepared to": a task on order, not yet given' }),
  },
  { additionalProperties: false },
);
export type UnitTask = Static<typeof UnitTask>;

export const SubordinateUnitTasks = Type.Object(
  {
    unit: TextElement,
    text: nullable(TextElement),
    tasks: Type.Array(UnitTask),
    from_table: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SubordinateUnitTasks = Static<typeof SubordinateUnitTasks>;

export const Constraint = Type.Object(
  {
    kind: StringEnum(CONSTRAINT_KINDS, 'requirement: must do; prohibition: cannot do (ATP 5-0.2-1 substep 2.5)'),
    category: StringEnum(CONSTRAINT_CATEGORIES),
    text: Type.String(),
    source: Source,
    times: Type.Array(TimeElement),
  },
  { additionalProperties: false },
);
export type Constraint = Static<typeof Constraint>;

export const InformationRequirement = Type.Object(
  {
    kind: StringEnum(CCIR_KINDS),
    text: Type.String(),
    source: Source,
  },
  { additionalProperties: false },
);
export type InformationRequirement = Static<typeof InformationRequirement>;

export const Heading = Type.Object(
  {
    order_type: nullable(StringEnum(ORDER_TYPES)),
    title: nullable(TextElement),
    number: nullable(TextElement),
    name: nullable(TextElement),
    base_order: nullable(TextElement),
    issuing_headquarters: nullable(TextElement),
    date_time_group: nullable(DateTimeGroup),
    time_zone: nullable(
      Type.Object(
        {
          letter: nullable(Type.String()),
          utc_offset_hours: nullable(Type.Number()),
          element: TextElement,
        },
        { additionalProperties: false },
      ),
    ),
    references: Type.Array(TextElement),
    task_organization: nullable(
      Type.Object(
        {
          text: TextElement,
          lines: Type.Array(TextElement),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Heading = Static<typeof Heading>;

export const Situation = Type.Object(
  {
    text: TextElement,
    area_of_interest: nullable(TextElement),
    area_of_operations: nullable(TextElement),
    enemy: nullable(
      Type.Object(
        {
          text: TextElement,
          composition: nullable(TextElement),
          disposition: nullable(TextElement),
          strength: nullable(TextElement),
          most_likely_coa: nullable(TextElement),
          most_dangerous_coa: nullable(TextElement),
        },
        { additionalProperties: false },
      ),
    ),
    friendly: nullable(
      Type.Object(
        {
          text: TextElement,
          higher_mission_and_intent: nullable(TextElement),
          adjacent_units: nullable(TextElement),
        },
        { additionalProperties: false },
      ),
    ),
    civil_considerations: nullable(TextElement),
    attachments_and_detachments: nullable(TextElement),
    assumptions: nullable(TextElement),
  },
  { additionalProperties: false },
);
export type Situation = Static<typeof Situation>;

export const Mission = Type.Object(
  {
    text: TextElement,
    statement: TextElement,
    who: nullable(TextElement),
    task: nullable(TaskMatch),
    when: nullable(TimeElement),
    where: nullable(TextElement),
    purpose: nullable(TextElement),
  },
  { additionalProperties: false },
);
export type Mission = Static<typeof Mission>;

export const Execution = Type.Object(
  {
    text: TextElement,
    commanders_intent: nullable(
      Type.Object(
        {
          text: TextElement,
          purpose: nullable(TextElement),
          key_tasks: Type.Array(TextElement),
          end_state: nullable(TextElement),
        },
        { additionalProperties: false },
      ),
    ),
    concept_of_operations: nullable(TextElement),
    tasks_to_subordinate_units: Type.Array(SubordinateUnitTasks),
    coordinating_instructions: nullable(
      Type.Object(
        {
          text: TextElement,
          items: Type.Array(TextElement),
        },
        { additionalProperties: false },
      ),
    ),
    timeline: Type.Array(TimeElement),
    information_requirements: Type.Array(InformationRequirement),
    risk_measures: Type.Array(TextElement),
    rules_of_engagement: Type.Array(TextElement),
    fire_control_measures: Type.Array(TextElement),
  },
  { additionalProperties: false },
);
export type Execution = Static<typeof Execution>;

export const TasksToUnit = Type.Object(
  {
    unit: TextElement,
    matched_by: Type.String({ description: 'The name or designation of the unit that matched' }),
    found_in: StringEnum(['tasks_to_subordinate_units', 'mission'] as const),
    tasks: Type.Array(UnitTask),
  },
  { additionalProperties: false },
);
export type TasksToUnit = Static<typeof TasksToUnit>;

export const Sustainment = Type.Object(
  {
    text: TextElement,
    logistics: nullable(TextElement),
    personnel: nullable(TextElement),
    health_system_support: nullable(TextElement),
  },
  { additionalProperties: false },
);
export type Sustainment = Static<typeof Sustainment>;

export const CommandAndSignal = Type.Object(
  {
    text: TextElement,
    command: nullable(TextElement),
    control: nullable(TextElement),
    signal: nullable(TextElement),
  },
  { additionalProperties: false },
);
export type CommandAndSignal = Static<typeof CommandAndSignal>;

export const Annex = Type.Object(
  {
    designation: Type.String(),
    title: nullable(Type.String()),
    heading: TextElement,
  },
  { additionalProperties: false },
);
export type Annex = Static<typeof Annex>;

export const OrderUnit = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    designations: Type.Array(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
export type OrderUnit = Static<typeof OrderUnit>;

export const OrderRecord = Type.Object(
  {
    record_version: Type.Literal(ORDER_RECORD_VERSION),
    document_id: Type.String({ minLength: 1 }),
    recognised_as_order: Type.Boolean({
      description: 'A title naming an order type, two of the five paragraphs, or a mission with a who and a task',
    }),
    unit: OrderUnit,
    reference_date: nullable(Type.String({ format: 'date-time' })),
    heading: Heading,
    situation: nullable(Situation),
    mission: nullable(Mission),
    execution: nullable(Execution),
    tasks_to_unit: nullable(TasksToUnit),
    constraints: Type.Array(Constraint),
    sustainment: nullable(Sustainment),
    command_and_signal: nullable(CommandAndSignal),
    annexes: Type.Array(Annex),
    features: Type.Array(Feature),
    date_time_groups: Type.Array(DateTimeGroup),
    unchanged: Type.Array(Type.String(), { description: 'Paragraphs the order says are unchanged (FRAGORD)' }),
    not_found: Type.Array(Type.String(), { description: 'Paths of the elements the reader could not find' }),
  },
  { additionalProperties: false, title: 'OrderRecord' },
);
export type OrderRecord = Static<typeof OrderRecord>;

/** The reader's input: the document's text page by page (a text without pages is one page). */
export interface OrderDocument {
  document_id: string;
  pages: readonly { page: number; text: string }[];
}

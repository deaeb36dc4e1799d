// Events of a wargame record of a COA (stream `llm_simulation-<id>`), after ATP 5-0.2-1 step 4
// (COA analysis): a method (belt, avenue-in-depth, box), turns of action / reaction /
// counteraction per critical event, the assessment against the evaluation criteria, and the
// inputs it used (records with their versions, documents, maps). The language-model issue writes
// them with origin "generated"; a record is immutable once written, and can be deleted.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, NullableText, StringEnum, Uuid } from '../shared/schema-types.ts';
import { Provenance } from '../planning-record/planning-record-events.ts';

/** ATP 5-0.2-1 paras 2-171 to 2-176: the three wargaming methods. */
export const WARGAME_METHODS = ['belt', 'avenue_in_depth', 'box'] as const;
export type WargameMethod = (typeof WARGAME_METHODS)[number];

/** What a simulation may name as an input it used. */
export const SIMULATION_INPUT_KINDS = [
  'mission_analysis',
  'warno',
  'coa_statement',
  'coa_attribute',
  'coa_section',
  'document',
  'map',
  'terrain_analysis',
] as const;

export const MAX_TURNS = 100;
export const MAX_ASSESSMENTS = 50;
export const MAX_INPUTS = 200;

export const WargameTurn = Type.Object(
  {
    turn: Type.Integer({ minimum: 1, maximum: MAX_TURNS, description: 'Turn number, from 1' }),
    critical_event: NonEmptyText(1000, 'The critical event or belt / avenue / box wargamed in this turn'),
    time: NullableText(100, 'When (H-hour relative time or date-time group)'),
    action: NonEmptyText(4000, 'Friendly action'),
    reaction: NonEmptyText(4000, 'Enemy reaction'),
    counteraction: NonEmptyText(4000, 'Friendly counteraction'),
    result: NullableText(4000, 'Outcome: losses, positions, time, assets used'),
    decision_point: NullableText(1000, 'Decision point identified in this turn, if any'),
  },
  { additionalProperties: false, title: 'WargameTurn' },
);

export const CriterionAssessment = Type.Object(
  {
    criterion: NonEmptyText(200, 'An evaluation criterion of the mission analysis (coa_evaluation_criteria)'),
    score: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
      description: "Score against the criterion's benchmark (0–100), or null",
    }),
    rationale: NullableText(4000, 'Why (Markdown)'),
  },
  { additionalProperties: false, title: 'CriterionAssessment' },
);

export const SimulationInput = Type.Object(
  {
    kind: StringEnum(SIMULATION_INPUT_KINDS),
    id: Uuid,
    version: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'The version read, when the input has one',
    }),
  },
  { additionalProperties: false, title: 'SimulationInput' },
);

export const SimulationContent = {
  title: NonEmptyText(200, 'Title, e.g. "COA 1 vs enemy MLCOA, box method"'),
  method: StringEnum(WARGAME_METHODS, 'Wargaming method (ATP 5-0.2-1): belt, avenue_in_depth, box'),
  enemy_coa: NullableText(4000, 'The enemy COA wargamed against'),
  turns: Type.Array(WargameTurn, { maxItems: MAX_TURNS }),
  assessments: Type.Array(CriterionAssessment, { maxItems: MAX_ASSESSMENTS }),
  summary: NullableText(20_000, 'Results: advantages, disadvantages, risks, refinements to the COA (Markdown)'),
  inputs: Type.Array(SimulationInput, { maxItems: MAX_INPUTS }),
  model: NullableText(200, 'The language model that wrote it (null: a person or the rule-based drafter)'),
  seed: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()], {
      description: 'The seed the model was run with: with the same inputs and model, the same record (null: none)',
    }),
  ),
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its static type is used
const SimulationContentObject = Type.Object(SimulationContent);
/** A record's content as written (seed optional: records written before it was kept have none). */
export type SimulationContentData = Static<typeof SimulationContentObject>;

export const LlmSimulationRecordedData = Type.Object(
  {
    simulation_id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    ...SimulationContent,
    by: Provenance,
  },
  { additionalProperties: false },
);
export type LlmSimulationRecordedData = Static<typeof LlmSimulationRecordedData>;

export const LlmSimulationDeletedData = Type.Object(
  {
    simulation_id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    by: Provenance,
  },
  { additionalProperties: false },
);

export type LlmSimulationRecorded = DomainEvent<'LLMSimulationRecorded', LlmSimulationRecordedData>;
export type LlmSimulationDeleted = DomainEvent<'LLMSimulationDeleted', Static<typeof LlmSimulationDeletedData>>;
export type LlmSimulationEvent = LlmSimulationRecorded | LlmSimulationDeleted;

export const llmSimulationEventSchemas = {
  LLMSimulationRecorded: { version: 1, schema: LlmSimulationRecordedData },
  LLMSimulationDeleted: { version: 1, schema: LlmSimulationDeletedData },
};

export const llmSimulationStream = (id: string) => `llm_simulation-${id}`;

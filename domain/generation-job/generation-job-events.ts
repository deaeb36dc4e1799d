// Events of the generation job aggregate (stream `generation-<uuid>`): a request to draft one planning
// record with the language model, and how it ended. The record itself is written through the
// planning-record commands (origin `generated`); the job keeps the full provenance of that write.
// Every event carries metadata.operation_id (history and replay show them).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';
import { WARGAME_METHODS } from '../llm-simulation/llm-simulation-events.ts';
import { WargameScenarioData } from '../wargame/wargame-scenario-data.ts';
import { CoaGenerationRequest, CoaGenerationResult } from '../generation/coa-generation.ts';

/** Planning records a job drafts in place (one record, through the planning-record commands). */
export const PLANNING_DRAFT_KINDS = ['warno', 'mission_analysis'] as const;
export type PlanningDraftKind = (typeof PLANNING_DRAFT_KINDS)[number];

/**
 * What a generation job may write: a planning-record draft, a new wargame record (llm_simulation), a
 * set of COA statements, or every WARNO paragraph of an operation (warno_paragraphs: record_id is the
 * operation, one progress step per paragraph).
 */
export const GENERATION_TARGET_KINDS = [
  ...PLANNING_DRAFT_KINDS,
  'llm_simulation',
  'coa_statements',
  'warno_paragraphs',
] as const;
export type GenerationTargetKind = (typeof GENERATION_TARGET_KINDS)[number];
export const isPlanningDraftKind = (kind: string): kind is PlanningDraftKind =>
  (PLANNING_DRAFT_KINDS as readonly string[]).includes(kind);

export const GENERATION_STATUSES = ['pending', 'success', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/**
 * Why a generation failed: the language model's codes, RECORD_CHANGED (someone wrote the record after
 * the request, so the draft would overwrite a newer version), DOCUMENT_DELETED (a document the request
 * names was deleted before the output was written, which must then not use or cite it) and
 * GENERATION_RETRIES_EXHAUSTED (the worker task died on every delivery), TERRAIN_NOT_READY (an
 * adjudicated war game's map has no prepared terrain over the game's area).
 */
export const GENERATION_FAILURE_CODES = [
  'LLM_UNAVAILABLE',
  'LLM_TIMEOUT',
  'LLM_INVALID_OUTPUT',
  'RECORD_CHANGED',
  'DOCUMENT_DELETED',
  'GENERATION_RETRIES_EXHAUSTED',
  'TERRAIN_NOT_READY',
] as const;
export type GenerationFailureCode = (typeof GENERATION_FAILURE_CODES)[number];

/** Inputs a draft was grounded in: kind, id and the version (or hash) read. */
export const GenerationInput = Type.Object(
  {
    kind: Type.String({
      maxLength: 64,
      description: 'operation, map, document, planning_record, terrain_job, terrain_summary, analysis, coa_statement',
    }),
    id: Uuid,
    version: Type.String({
      maxLength: 128,
      description:
        "Stream version, a document's sha256, a terrain summary's summary-v1:<hash>, or success (jobs, analyses)",
    }),
  },
  { additionalProperties: false, title: 'GenerationInput' },
);

export const GenerationProvenance = Type.Object(
  {
    adapter: Type.String({ maxLength: 64, description: 'rule_based, llama_cpp or openai' }),
    model: Type.String({ maxLength: 500 }),
    rule_based: Type.Boolean({ description: 'True: a deterministic rule-based draft, no language model' }),
    prompt_version: Type.String({ maxLength: 100, description: 'The prompt file used, e.g. warno.v1' }),
    inputs: Type.Array(GenerationInput, { maxItems: 500 }),
    usage: Type.Object(
      {
        prompt_tokens: Type.Integer({ minimum: 0 }),
        completion_tokens: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    attempts: Type.Integer({ minimum: 0 }),
    duration_ms: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'GenerationProvenance' },
);
export type GenerationProvenance = Static<typeof GenerationProvenance>;

/** Most turns one simulation request asks for (one model call each). */
export const MAX_SIMULATION_TURNS = 12;
/** Most analyses one simulation is grounded in. */
export const MAX_SIMULATION_ANALYSES = 20;

/** What an llm_simulation job wargames (target_kind llm_simulation; record_id is the simulation's id). */
export const SimulationRequest = Type.Object(
  {
    coa_statement_id: Uuid,
    method: StringEnum(WARGAME_METHODS),
    enemy_coa: Type.Union([Type.String({ maxLength: 4000 }), Type.Null()]),
    turns: Type.Integer({ minimum: 1, maximum: MAX_SIMULATION_TURNS }),
    seed: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    /** Null: the newest completed analyses of the operation's maps, chosen when the worker runs. */
    analysis_ids: Type.Union([Type.Array(Uuid, { maxItems: MAX_SIMULATION_ANALYSES }), Type.Null()]),
    /** Present: the turns are adjudicated on the map's terrain (domain/wargame), not drafted. */
    scenario: Type.Optional(WargameScenarioData),
  },
  { additionalProperties: false, title: 'SimulationRequest' },
);
export type SimulationRequest = Static<typeof SimulationRequest>;

/** One step of a running job: step `step` of `of`, e.g. a wargame turn. */
export const GenerationProgress = Type.Object(
  {
    step: Type.Integer({ minimum: 1 }),
    of: Type.Integer({ minimum: 1 }),
    label: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false, title: 'GenerationProgress' },
);
export type GenerationProgress = Static<typeof GenerationProgress>;

export const GenerationRequestedData = Type.Object(
  {
    job_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    api_key_id: NullableUuid(),
    target_kind: StringEnum(GENERATION_TARGET_KINDS),
    record_id: Uuid,
    record_type: Type.String({ minLength: 1, maxLength: 100 }),
    instructions: Type.Union([Type.String({ maxLength: 4000 }), Type.Null()]),
    document_ids: Type.Array(Uuid, { maxItems: 20 }),
    overwrite: Type.Boolean(),
    /** The record's version when requested: the draft is written only onto this version. */
    base_version: Type.Integer({ minimum: 0 }),
    /** target_kind llm_simulation only. */
    simulation: Type.Optional(SimulationRequest),
    /** target_kind coa_statements only: the statements the job drafts (record_id is the operation). */
    coa_statements: Type.Optional(CoaGenerationRequest),
  },
  { additionalProperties: false },
);

export const GenerationProgressedData = Type.Object(
  {
    job_id: Uuid,
    ...GenerationProgress.properties,
  },
  { additionalProperties: false },
);

export const GenerationCompletedData = Type.Object(
  {
    job_id: Uuid,
    /** The record's version after the write (unchanged when the draft equalled the record). */
    record_version: Type.Integer({ minimum: 0 }),
    provenance: GenerationProvenance,
    /** target_kind coa_statements only: the FM 5-0 screening recorded on each statement. */
    coa_screening: Type.Optional(CoaGenerationResult),
  },
  { additionalProperties: false },
);

export const GenerationFailedData = Type.Object(
  {
    job_id: Uuid,
    code: StringEnum(GENERATION_FAILURE_CODES),
    message: Type.String({ maxLength: 4000 }),
  },
  { additionalProperties: false },
);

export type GenerationRequest = Static<typeof GenerationRequestedData>;
export type GenerationRequested = DomainEvent<'GenerationRequested', GenerationRequest>;
export type GenerationCompleted = DomainEvent<'GenerationCompleted', Static<typeof GenerationCompletedData>>;
export type GenerationFailed = DomainEvent<'GenerationFailed', Static<typeof GenerationFailedData>>;
export type GenerationProgressed = DomainEvent<'GenerationProgressed', Static<typeof GenerationProgressedData>>;
export type GenerationJobEvent = GenerationRequested | GenerationCompleted | GenerationFailed | GenerationProgressed;

export const generationJobEventSchemas = {
  GenerationRequested: { version: 1, schema: GenerationRequestedData },
  GenerationCompleted: { version: 1, schema: GenerationCompletedData },
  GenerationFailed: { version: 1, schema: GenerationFailedData },
  GenerationProgressed: { version: 1, schema: GenerationProgressedData },
};

export const generationJobStream = (jobId: string) => `generation-${jobId}`;

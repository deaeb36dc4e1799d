// Events of the terrain question aggregate (stream `terrain_question-<uuid>`): a question about one map
// put to the terrain agent (README "Terrain agent"), and how it ended: answered, with every tool call
// the model made and its result, or failed with a code. Every event carries metadata.operation_id of
// the map's operation (history and replay show them).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';

export const TERRAIN_QUESTION_STATUSES = ['pending', 'answered', 'failed'] as const;
export type TerrainQuestionStatus = (typeof TERRAIN_QUESTION_STATUSES)[number];

/**
 * Why a question failed: the language model's codes, and QUESTION_RETRIES_EXHAUSTED (the worker task
 * died on every delivery).
 */
export const TERRAIN_QUESTION_FAILURE_CODES = [
  'LLM_UNAVAILABLE',
  'LLM_TIMEOUT',
  'LLM_INVALID_OUTPUT',
  'QUESTION_RETRIES_EXHAUSTED',
] as const;
export type TerrainQuestionFailureCode = (typeof TERRAIN_QUESTION_FAILURE_CODES)[number];

export const MAX_QUESTION_CHARS = 2000;
export const MAX_AGENT_STEPS = 12;
/** Tool calls an answer records at most (the steps bound them: a model may call several per step). */
export const MAX_RECORDED_TOOL_CALLS = 100;

/** One tool call as executed: its arguments as the model wrote them, and its result or error. */
export const TerrainToolCall = Type.Object(
  {
    id: Type.String({ maxLength: 200, description: "The call id (the model's, or one made up for engines with none)" }),
    name: Type.String({ maxLength: 200 }),
    arguments: Type.Unknown({ description: 'The arguments as the model wrote them' }),
    result: Type.Optional(Type.Unknown({ description: "The tool's result (compact JSON: figures, MGRS)" })),
    error: Type.Optional(Type.String({ maxLength: 4000, description: 'Why the call failed (the model read this)' })),
    duration_ms: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'TerrainToolCall' },
);
export type TerrainToolCall = Static<typeof TerrainToolCall>;

export const TerrainAgentProvenance = Type.Object(
  {
    adapter: Type.String({ maxLength: 64, description: 'rule_based, llama_cpp or openai' }),
    model: Type.String({ maxLength: 500 }),
    rule_based: Type.Boolean({ description: 'True: answered by the rule-based parser, no language model' }),
    prompt_version: Type.String({ maxLength: 100 }),
    usage: Type.Object(
      {
        prompt_tokens: Type.Integer({ minimum: 0 }),
        completion_tokens: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    attempts: Type.Integer({ minimum: 0, description: 'Model turns used' }),
    duration_ms: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, title: 'TerrainAgentProvenance' },
);
export type TerrainAgentProvenance = Static<typeof TerrainAgentProvenance>;

export const TerrainQuestionAskedData = Type.Object(
  {
    question_id: Uuid,
    map_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    api_key_id: NullableUuid(),
    question: Type.String({ minLength: 1, maxLength: MAX_QUESTION_CHARS }),
    /** Most model turns; null: the configured default (LLM_MAX_TOOL_STEPS). */
    max_steps: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_AGENT_STEPS }), Type.Null()]),
  },
  { additionalProperties: false },
);

export const TerrainQuestionAnsweredData = Type.Object(
  {
    question_id: Uuid,
    answer: Type.String({ minLength: 1, maxLength: 20_000 }),
    tool_calls: Type.Array(TerrainToolCall, { maxItems: MAX_RECORDED_TOOL_CALLS }),
    provenance: TerrainAgentProvenance,
  },
  { additionalProperties: false },
);

export const TerrainQuestionFailedData = Type.Object(
  {
    question_id: Uuid,
    code: StringEnum(TERRAIN_QUESTION_FAILURE_CODES),
    message: Type.String({ maxLength: 4000 }),
    /** The calls made before the failure. */
    tool_calls: Type.Array(TerrainToolCall, { maxItems: MAX_RECORDED_TOOL_CALLS }),
  },
  { additionalProperties: false },
);

export type TerrainQuestionRequest = Static<typeof TerrainQuestionAskedData>;
export type TerrainQuestionAsked = DomainEvent<'TerrainQuestionAsked', TerrainQuestionRequest>;
export type TerrainQuestionAnswered = DomainEvent<
  'TerrainQuestionAnswered',
  Static<typeof TerrainQuestionAnsweredData>
>;
export type TerrainQuestionFailed = DomainEvent<'TerrainQuestionFailed', Static<typeof TerrainQuestionFailedData>>;
export type TerrainQuestionEvent = TerrainQuestionAsked | TerrainQuestionAnswered | TerrainQuestionFailed;

export const terrainQuestionEventSchemas = {
  TerrainQuestionAsked: { version: 1, schema: TerrainQuestionAskedData },
  TerrainQuestionAnswered: { version: 1, schema: TerrainQuestionAnsweredData },
  TerrainQuestionFailed: { version: 1, schema: TerrainQuestionFailedData },
};

export const terrainQuestionStream = (questionId: string) => `terrain_question-${questionId}`;

// Events of the generation job aggregate (stream `generation-<uuid>`): a request to draft one planning
// record with the language model, and how it ended. The record itself is written through the
// planning-record commands (origin `generated`); the job keeps the full provenance of that write.
// Every event carries metadata.operation_id (history and replay show them).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';

/** Records a generation job may write (COA statements and simulations: not built yet). */
export const GENERATION_TARGET_KINDS = ['warno', 'mission_analysis'] as const;
export type GenerationTargetKind = (typeof GENERATION_TARGET_KINDS)[number];

export const GENERATION_STATUSES = ['pending', 'success', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/**
 * Why a generation failed: the language model's codes, RECORD_CHANGED (someone wrote the record after
 * the request, so the draft would overwrite a newer version) and GENERATION_RETRIES_EXHAUSTED (the
 * worker task died on every delivery).
 */
export const GENERATION_FAILURE_CODES = [
  'LLM_UNAVAILABLE', 'LLM_TIMEOUT', 'LLM_INVALID_OUTPUT', 'RECORD_CHANGED', 'GENERATION_RETRIES_EXHAUSTED',
] as const;
export type GenerationFailureCode = (typeof GENERATION_FAILURE_CODES)[number];

/** Inputs a draft was grounded in: kind, id and the version (or hash) read. */
export const GenerationInput = Type.Object({
  kind: Type.String({ maxLength: 64, description: 'operation, map, document, planning_record, terrain_job' }),
  id: Uuid,
  version: Type.String({ maxLength: 128, description: 'Stream version, or a document\'s sha256' }),
}, { additionalProperties: false, title: 'GenerationInput' });

export const GenerationProvenance = Type.Object({
  adapter: Type.String({ maxLength: 64, description: 'rule_based, llama_cpp or openai' }),
  model: Type.String({ maxLength: 500 }),
  rule_based: Type.Boolean({ description: 'True: a deterministic rule-based draft, no language model' }),
  prompt_version: Type.String({ maxLength: 100, description: 'The prompt file used, e.g. warno.v1' }),
  inputs: Type.Array(GenerationInput, { maxItems: 500 }),
  usage: Type.Object({
    prompt_tokens: Type.Integer({ minimum: 0 }), completion_tokens: Type.Integer({ minimum: 0 }),
  }, { additionalProperties: false }),
  attempts: Type.Integer({ minimum: 0 }),
  duration_ms: Type.Integer({ minimum: 0 }),
}, { additionalProperties: false, title: 'GenerationProvenance' });
export type GenerationProvenance = Static<typeof GenerationProvenance>;

export const GenerationRequestedData = Type.Object({
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
}, { additionalProperties: false });

export const GenerationCompletedData = Type.Object({
  job_id: Uuid,
  /** The record's version after the write (unchanged when the draft equalled the record). */
  record_version: Type.Integer({ minimum: 0 }),
  provenance: GenerationProvenance,
}, { additionalProperties: false });

export const GenerationFailedData = Type.Object({
  job_id: Uuid,
  code: StringEnum(GENERATION_FAILURE_CODES),
  message: Type.String({ maxLength: 4000 }),
}, { additionalProperties: false });

export type GenerationRequest = Static<typeof GenerationRequestedData>;
export type GenerationRequested = DomainEvent<'GenerationRequested', GenerationRequest>;
export type GenerationCompleted = DomainEvent<'GenerationCompleted', Static<typeof GenerationCompletedData>>;
export type GenerationFailed = DomainEvent<'GenerationFailed', Static<typeof GenerationFailedData>>;
export type GenerationJobEvent = GenerationRequested | GenerationCompleted | GenerationFailed;

export const generationJobEventSchemas = {
  GenerationRequested: { version: 1, schema: GenerationRequestedData },
  GenerationCompleted: { version: 1, schema: GenerationCompletedData },
  GenerationFailed: { version: 1, schema: GenerationFailedData },
};

export const generationJobStream = (jobId: string) => `generation-${jobId}`;

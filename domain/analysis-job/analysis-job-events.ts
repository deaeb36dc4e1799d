// Events of the analysis job aggregate (stream `analysis-<uuid>`) and their JSON schemas. Every event
// carries metadata.operation_id of the map's operation (history and replay show them).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';
import { DATASET_NAMES } from '../terrain/types.ts';
import { PHASE_IDS } from '../terrain-job/terrain-phases.ts';
import { ANALYSIS_TYPES } from './analysis-vocabulary.ts';

const Code = Type.String({ pattern: '^[A-Z][A-Z0-9_]*$', maxLength: 64 });
const Message = Type.String({ maxLength: 2000 });
const WorkTile = Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]);

export const AnalysisRequestedData = Type.Object(
  {
    analysis_id: Uuid,
    map_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    analysis_type: StringEnum(ANALYSIS_TYPES),
    title: Type.String({ maxLength: 200 }),
    /** The tool's parameters as validated (per-type request schema, less `type` and `title`). */
    parameters: Type.Object({}, { additionalProperties: true }),
    /** Work tiles the analysis reads: [x, y] at work_zoom. */
    work_zoom: Type.Integer({ minimum: 0, maximum: 22 }),
    work_tiles: Type.Array(WorkTile),
    /** Where elevation comes from: a terrain job of the map that covers the footprint, or on demand. */
    elevation_source: StringEnum(['terrain_job', 'on_demand'] as const),
    terrain_job_id: NullableUuid(),
  },
  { additionalProperties: false },
);

export const AnalysisWaitingData = Type.Object(
  {
    analysis_id: Uuid,
    job_id: Uuid,
    dataset: StringEnum(DATASET_NAMES),
    phase: StringEnum(PHASE_IDS),
    message: Message,
  },
  { additionalProperties: false },
);
export const AnalysisQueuedData = Type.Object(
  { analysis_id: Uuid, task_id: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export const AnalysisStartedData = Type.Object(
  {
    analysis_id: Uuid,
    worker_id: Type.String({ maxLength: 200 }),
    attempt: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export const AnalysisProgressedData = Type.Object(
  {
    analysis_id: Uuid,
    completed: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
    stage: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);
export const AnalysisCompletedData = Type.Object(
  {
    analysis_id: Uuid,
    /** The result summary (per type, README "Terrain analyses"). */
    result: Type.Object({}, { additionalProperties: true }),
    /** The map layer holding the result's features (and tiles, for rasters). */
    layer_id: NullableUuid(),
  },
  { additionalProperties: false },
);
export const AnalysisFailedData = Type.Object(
  { analysis_id: Uuid, code: Code, message: Message },
  { additionalProperties: false },
);
export const AnalysisCancelledData = Type.Object(
  { analysis_id: Uuid, reason: Message },
  { additionalProperties: false },
);

export type AnalysisRequested = DomainEvent<'AnalysisRequested', Static<typeof AnalysisRequestedData>>;
export type AnalysisWaiting = DomainEvent<'AnalysisWaiting', Static<typeof AnalysisWaitingData>>;
export type AnalysisQueued = DomainEvent<'AnalysisQueued', Static<typeof AnalysisQueuedData>>;
export type AnalysisStarted = DomainEvent<'AnalysisStarted', Static<typeof AnalysisStartedData>>;
export type AnalysisProgressed = DomainEvent<'AnalysisProgressed', Static<typeof AnalysisProgressedData>>;
export type AnalysisCompleted = DomainEvent<'AnalysisCompleted', Static<typeof AnalysisCompletedData>>;
export type AnalysisFailed = DomainEvent<'AnalysisFailed', Static<typeof AnalysisFailedData>>;
export type AnalysisCancelled = DomainEvent<'AnalysisCancelled', Static<typeof AnalysisCancelledData>>;

export type AnalysisJobEvent =
  | AnalysisRequested
  | AnalysisWaiting
  | AnalysisQueued
  | AnalysisStarted
  | AnalysisProgressed
  | AnalysisCompleted
  | AnalysisFailed
  | AnalysisCancelled;

export const analysisJobEventSchemas = {
  AnalysisRequested: { version: 1, schema: AnalysisRequestedData },
  AnalysisWaiting: { version: 1, schema: AnalysisWaitingData },
  AnalysisQueued: { version: 1, schema: AnalysisQueuedData },
  AnalysisStarted: { version: 1, schema: AnalysisStartedData },
  AnalysisProgressed: { version: 1, schema: AnalysisProgressedData },
  AnalysisCompleted: { version: 1, schema: AnalysisCompletedData },
  AnalysisFailed: { version: 1, schema: AnalysisFailedData },
  AnalysisCancelled: { version: 1, schema: AnalysisCancelledData },
};

export const analysisStream = (analysisId: string) => `analysis-${analysisId}`;

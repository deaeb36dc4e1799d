// Events of the terrain job aggregate (stream `terrain_job-<uuid>`) and their JSON schemas.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { StringEnum, Uuid } from '../shared/schema-types.ts';
import { PHASE_IDS } from './terrain-phases.ts';
import { DATASET_NAMES } from '../terrain/types.ts';
import { TERRAIN_WARNING_CODES } from './terrain-warnings.ts';

const Phase = StringEnum(PHASE_IDS);
const Dataset = StringEnum(DATASET_NAMES);
export const PhaseCounts = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    completed: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    skipped: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
/** Work tiles by outcome in one delivery's report (indices into work_tiles; tile-tally.ts). */
const TileIndices = Type.Array(Type.Integer({ minimum: 0 }));
export const TileOutcomesSchema = Type.Object(
  {
    completed: TileIndices,
    skipped: TileIndices,
    failed: TileIndices,
  },
  { additionalProperties: false },
);
const Code = Type.String({ pattern: '^[A-Z][A-Z0-9_]*$', maxLength: 64 });
const Message = Type.String({ maxLength: 2000 });

export const TerrainJobRequestedData = Type.Object(
  {
    job_id: Uuid,
    map_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    boundary_layer_id: Uuid,
    boundary_shape: Type.Object({}, { additionalProperties: true }),
    include_population: Type.Boolean(),
    include_buildings: Type.Boolean(),
    /** Work tiles at the working zoom covering the boundary: [x, y] pairs. */
    work_zoom: Type.Integer({ minimum: 0, maximum: 22 }),
    work_tiles: Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })])),
    /** Per dataset: what provides it (for the source message and content addressing). */
    sources: Type.Record(Type.String(), Type.Object({ fingerprint: Type.String(), description: Type.String() })),
  },
  { additionalProperties: false },
);

export const TerrainPhaseQueuedData = Type.Object(
  { job_id: Uuid, phase: Phase, task_id: Type.String() },
  { additionalProperties: false },
);
export const TerrainPhaseStartedData = Type.Object(
  {
    job_id: Uuid,
    phase: Phase,
    worker_id: Type.String({ maxLength: 200 }),
    attempt: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
// `counts` is the phase's tally after the event; `tiles` the report it applied (absent in events
// recorded before per-tile reports, whose counts were the reporting delivery's own).
export const TerrainPhaseProgressedData = Type.Object(
  {
    job_id: Uuid,
    phase: Phase,
    counts: PhaseCounts,
    tiles: Type.Optional(TileOutcomesSchema),
  },
  { additionalProperties: false },
);
export const TerrainPhaseCompletedData = Type.Object(
  {
    job_id: Uuid,
    phase: Phase,
    outcome: StringEnum(['complete', 'cached', 'partial'] as const),
    counts: PhaseCounts,
    message: Type.Union([Message, Type.Null()]),
    tiles: Type.Optional(TileOutcomesSchema),
  },
  { additionalProperties: false },
);
export const TerrainPhaseFailedData = Type.Object(
  {
    job_id: Uuid,
    phase: Phase,
    code: Code,
    message: Message,
    counts: PhaseCounts,
    tiles: Type.Optional(TileOutcomesSchema),
  },
  { additionalProperties: false },
);
export const TerrainPhaseBlockedData = Type.Object(
  {
    job_id: Uuid,
    phase: Phase,
    blocked_by: Phase,
    message: Message,
  },
  { additionalProperties: false },
);
export const TerrainPhaseSkippedData = Type.Object(
  { job_id: Uuid, phase: Phase, message: Message },
  { additionalProperties: false },
);
export const TerrainSourceStatusChangedData = Type.Object(
  {
    job_id: Uuid,
    dataset: Dataset,
    ok: Type.Boolean(),
    code: Type.Union([Code, Type.Null()]),
    message: Type.Union([Message, Type.Null()]),
  },
  { additionalProperties: false },
);
/** An AO sanity warning (terrain-warnings.ts); a later one with the same code and dataset replaces it. */
export const TerrainJobWarnedData = Type.Object(
  {
    job_id: Uuid,
    code: StringEnum(TERRAIN_WARNING_CODES),
    message: Message,
    dataset: Type.Union([Dataset, Type.Null()]),
    figures: Type.Record(Type.String(), Type.Number()),
  },
  { additionalProperties: false },
);
export const TerrainJobCanceledData = Type.Object({ job_id: Uuid, reason: Message }, { additionalProperties: false });
export const TerrainJobFinishedData = Type.Object(
  {
    job_id: Uuid,
    status: StringEnum(['success', 'failed'] as const),
  },
  { additionalProperties: false },
);

export type TerrainJobRequested = DomainEvent<'TerrainJobRequested', Static<typeof TerrainJobRequestedData>>;
export type TerrainPhaseQueued = DomainEvent<'TerrainPhaseQueued', Static<typeof TerrainPhaseQueuedData>>;
export type TerrainPhaseStarted = DomainEvent<'TerrainPhaseStarted', Static<typeof TerrainPhaseStartedData>>;
export type TerrainPhaseProgressed = DomainEvent<'TerrainPhaseProgressed', Static<typeof TerrainPhaseProgressedData>>;
export type TerrainPhaseCompleted = DomainEvent<'TerrainPhaseCompleted', Static<typeof TerrainPhaseCompletedData>>;
export type TerrainPhaseFailed = DomainEvent<'TerrainPhaseFailed', Static<typeof TerrainPhaseFailedData>>;
export type TerrainPhaseBlocked = DomainEvent<'TerrainPhaseBlocked', Static<typeof TerrainPhaseBlockedData>>;
export type TerrainPhaseSkipped = DomainEvent<'TerrainPhaseSkipped', Static<typeof TerrainPhaseSkippedData>>;
export type TerrainSourceStatusChanged = DomainEvent<
  'TerrainSourceStatusChanged',
  Static<typeof TerrainSourceStatusChangedData>
>;
export type TerrainJobWarned = DomainEvent<'TerrainJobWarned', Static<typeof TerrainJobWarnedData>>;
export type TerrainJobCanceled = DomainEvent<'TerrainJobCanceled', Static<typeof TerrainJobCanceledData>>;
export type TerrainJobFinished = DomainEvent<'TerrainJobFinished', Static<typeof TerrainJobFinishedData>>;

export type TerrainJobEvent =
  | TerrainJobRequested
  | TerrainPhaseQueued
  | TerrainPhaseStarted
  | TerrainPhaseProgressed
  | TerrainPhaseCompleted
  | TerrainPhaseFailed
  | TerrainPhaseBlocked
  | TerrainPhaseSkipped
  | TerrainSourceStatusChanged
  | TerrainJobCanceled
  | TerrainJobFinished
  | TerrainJobWarned;

export const terrainJobEventSchemas = {
  TerrainJobRequested: { version: 1, schema: TerrainJobRequestedData },
  TerrainPhaseQueued: { version: 1, schema: TerrainPhaseQueuedData },
  TerrainPhaseStarted: { version: 1, schema: TerrainPhaseStartedData },
  TerrainPhaseProgressed: { version: 1, schema: TerrainPhaseProgressedData },
  TerrainPhaseCompleted: { version: 1, schema: TerrainPhaseCompletedData },
  TerrainPhaseFailed: { version: 1, schema: TerrainPhaseFailedData },
  TerrainPhaseBlocked: { version: 1, schema: TerrainPhaseBlockedData },
  TerrainPhaseSkipped: { version: 1, schema: TerrainPhaseSkippedData },
  TerrainSourceStatusChanged: { version: 1, schema: TerrainSourceStatusChangedData },
  TerrainJobCanceled: { version: 1, schema: TerrainJobCanceledData },
  TerrainJobFinished: { version: 1, schema: TerrainJobFinishedData },
  TerrainJobWarned: { version: 1, schema: TerrainJobWarnedData },
};

export const terrainJobStream = (jobId: string) => `terrain_job-${jobId}`;

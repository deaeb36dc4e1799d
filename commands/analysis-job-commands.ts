// Analysis job commands: the API requests and cancels analyses of a map; the dispatcher and the
// analysis workers report through `decideAnalysis`. The event log is the authority for the map.
import { randomUUID } from 'node:crypto';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream } from '../domain/map/map-events.ts';
import { MAX_POSITIONS_PER_LAYER_REQUEST, type MapLayerType } from '../domain/map/map-layer-vocabulary.ts';
import type { LayerFeatureCollection } from '../domain/map/layer-feature-collection.ts';
import { validateFeatureCollectionOffLoop } from './validate-feature-collection-off-loop.ts';
import { ringCrossingIssues } from './ring-crossing-issues.ts';
import type { DeferredRingChecks } from '../domain/map/geojson/deferred-ring-checks.ts';
import { InvalidFeatureCollectionError } from '../domain/map/invalid-feature-collection-error.ts';
import { operationAsParent, operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import {
  analysisJobDecider,
  type AnalysisJobCommand,
  type AnalysisJobState,
} from '../domain/analysis-job/analysis-job-decider.ts';
import { analysisStream } from '../domain/analysis-job/analysis-job-events.ts';
import { analysisFootprint } from '../domain/analysis-job/analysis-footprint.ts';
import { clipFootprintToTiles } from '../domain/analysis-job/clip-footprint-to-tiles.ts';
import { analysisRequiredTiles } from '../domain/analysis-job/analysis-required-tiles.ts';
import type { TerrainJob } from '../domain/terrain-job/terrain-job-state.ts';
import type {
  AnalysisParameters,
  AnalysisSpec,
  LandingZonesParameters,
  RouteParameters,
  LineOfSightParameters,
  ViewshedParameters,
  TerrainEvaluationParameters,
} from '../domain/analysis-job/analysis-parameters.ts';
import { terrainEvaluationParameters } from '../domain/analysis-job/terrain-evaluation-parameters.ts';
import { resolveRfParameters, type RfCoverageRequest } from '../domain/analysis-job/resolve-rf-parameters.ts';
import { resolveAvoidAreas } from '../domain/analysis-job/resolve-avoid-areas.ts';
import { pointOutsidePreparedArea } from '../domain/analysis-job/point-outside-prepared-area.ts';
import { checkAnalysisParameters } from '../domain/analysis-job/check-analysis-parameters.ts';
import {
  analysisDependencies,
  dependencyVerdict,
  jobIncludesBuildings,
  type CoveringJob,
} from '../domain/analysis-job/analysis-dependencies.ts';
import type { TileAddress } from '../domain/terrain/types.ts';
import { WORK_ZOOM } from '../domain/terrain/work-grid.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

export type RequestAnalysisInput =
  | { type: 'line_of_sight'; title: string; parameters: LineOfSightParameters }
  | { type: 'viewshed'; title: string; parameters: ViewshedParameters }
  /** RF names its entities: resolved from the map's events here (resolve-rf-parameters.ts). */
  | { type: 'rf_coverage'; title: string; parameters: RfCoverageRequest }
  /** building_data is decided here, from the covering terrain job. */
  | {
      type: 'landing_zones';
      title: string;
      parameters: Omit<LandingZonesParameters, 'building_data' | 'max_road_distance_m'> & {
        max_road_distance_m?: number;
      };
    }
  /** A route names named-area layers to avoid: their polygons are resolved from the map's events here. */
  | {
      type: 'route';
      title: string;
      parameters: Omit<RouteParameters, 'avoid' | 'neighbourhood'> & {
        avoid_layer_ids?: string[];
        neighbourhood?: 8 | 16;
      };
    }
  /** Optional fields are stored as null. */
  | {
      type: 'terrain_evaluation';
      title: string;
      parameters: Partial<TerrainEvaluationParameters> &
        Pick<TerrainEvaluationParameters, 'force' | 'echelon' | 'area'>;
    };

/** The newest terrain job of the map whose work tiles cover every tile of the footprint, with its tiles. */
export type FindCoveringJob = (
  mapId: string,
  tiles: TileAddress[],
) => Promise<(CoveringJob & Pick<TerrainJob, 'work_tiles'>) | null>;
/** Every work tile ([x, y] at the work zoom) some terrain job of the map prepares. */
export type FindPreparedTiles = (mapId: string) => Promise<Array<[number, number]>>;

/**
 * Requests an analysis on a map of the caller's account: entities resolved, ranges checked
 * (check-analysis-parameters.ts: 422 with the field's loc). A dependency that failed in the covering terrain job, or a
 * dataset no job covers and the tool cannot prepare, is a conflict (409) naming dataset and phase.
 */
export async function requestAnalysis(
  store: EventStore,
  ctx: CommandContext,
  mapId: string,
  input: RequestAnalysisInput,
  findCoveringJob: FindCoveringJob,
  findPreparedTiles: FindPreparedTiles,
) {
  if (!ctx.principal) throw new DomainError('forbidden', 'A principal is required');
  const accountId = ctx.principal.account_id;
  const { state: mapState, events: mapEvents } = await loadState(store, mapStream(mapId), mapDecider);
  const map = requireAccess(mapState.status === 'active' ? mapState : null, accountId, { kind: 'Map', id: mapId });
  const { state: operation } = await loadState(store, operationStream(map.operation_id), operationDecider);
  if (operation.status !== 'active') throw new DomainError('not_found', `Map ${mapId} not found`);
  let parameters: AnalysisParameters =
    input.type === 'rf_coverage'
      ? resolveRfParameters(input.parameters, mapEvents, mapId)
      : input.type === 'route'
        ? {
            movement: input.parameters.movement,
            waypoints: input.parameters.waypoints,
            avoid: resolveAvoidAreas(input.parameters.avoid_layer_ids ?? [], mapEvents, mapId),
            neighbourhood: input.parameters.neighbourhood ?? 8,
          }
        : input.type === 'terrain_evaluation'
          ? terrainEvaluationParameters(input.parameters)
          : input.type === 'landing_zones'
            ? {
                ...input.parameters,
                max_road_distance_m: input.parameters.max_road_distance_m ?? null,
                building_data: false,
              }
            : input.parameters;
  // A large area's ring crossings are searched off the event loop (ring-crossing-issues.ts).
  const deferred: DeferredRingChecks = [];
  const [issue] = checkAnalysisParameters(input.type, parameters, deferred);
  if (issue) throw new DomainError('invalid', issue.msg, issue.loc, issue.type);
  const [crossing] = await ringCrossingIssues(deferred);
  if (crossing) throw new DomainError('invalid', crossing.msg, crossing.loc, crossing.type);
  let tiles = analysisFootprint(input.type, parameters);
  let coveringJob = await findCoveringJob(mapId, tiles);
  const required = coveringJob
    ? null
    : analysisRequiredTiles({ analysis_type: input.type, parameters } as AnalysisSpec);
  if (required) {
    // The footprint's margin spills beyond the prepared area: run within the job that prepares what the
    // analysis cannot run without (a route's waypoints, a survey's or an evaluation's area).
    const inner = await findCoveringJob(mapId, required);
    if (inner) [tiles, coveringJob] = [clipFootprintToTiles(tiles, inner.work_tiles), inner];
  }
  if (input.type === 'landing_zones')
    parameters = { ...(parameters as LandingZonesParameters), building_data: jobIncludesBuildings(coveringJob) };
  const verdict = dependencyVerdict(analysisDependencies(input.type, parameters), coveringJob);
  if (verdict.kind === 'unavailable') {
    // A point outside everything the map prepares is a bad input (422 naming it); otherwise a conflict.
    const outside =
      verdict.code === 'NO_TERRAIN_JOB'
        ? pointOutsidePreparedArea(input.type, parameters, await findPreparedTiles(mapId))
        : null;
    if (outside) throw new DomainError('invalid', outside.msg, outside.loc);
    throw new DomainError('conflict', verdict.message);
  }
  const analysisId = randomUUID();
  const result = await handleCommand({
    store,
    ctx,
    stream: analysisStream(analysisId),
    decider: analysisJobDecider,
    operationId: map.operation_id,
    parents: [operationAsParent(map.operation_id)],
    command: {
      type: 'RequestAnalysis',
      request: {
        analysis_id: analysisId,
        map_id: mapId,
        operation_id: map.operation_id,
        account_id: accountId,
        analysis_type: input.type,
        title: input.title,
        parameters: parameters as unknown as Record<string, unknown>,
        work_zoom: WORK_ZOOM,
        work_tiles: tiles.map((t) => [t.x, t.y] as [number, number]),
        elevation_source: verdict.kind === 'ready' ? verdict.elevation_source : 'terrain_job',
        terrain_job_id: verdict.job_id,
      },
      wait:
        verdict.kind === 'wait'
          ? { job_id: verdict.job_id, dataset: verdict.dataset, phase: verdict.phase, message: verdict.message }
          : null,
    },
  });
  return { analysis_id: analysisId, position: result.position };
}

export async function loadAnalysis(store: EventStore, analysisId: string): Promise<AnalysisJobState> {
  return (await loadState(store, analysisStream(analysisId), analysisJobDecider)).state;
}

/** Any other analysis command; retried on concurrent writes (the decider makes repeats harmless). */
export async function decideAnalysis(
  store: EventStore,
  ctx: CommandContext,
  operationId: string | null,
  command: Exclude<AnalysisJobCommand, { type: 'RequestAnalysis' }>,
) {
  return handleCommand({
    store,
    ctx,
    stream: analysisStream(command.analysis_id),
    decider: analysisJobDecider,
    operationId,
    command,
    retryOnConflict: true,
  });
}

/**
 * Adds an analysis's result layer to its map under a deterministic id; a repeat (a redelivered task)
 * finds the layer there and changes nothing. Features are checked like any posted layer.
 */
export async function addAnalysisLayer(
  store: EventStore,
  ctx: CommandContext,
  job: { map_id: string; operation_id: string; account_id: string },
  layer: { layer_id: string; layer_type: MapLayerType; title: string; feature_collection: LayerFeatureCollection },
): Promise<void> {
  const loaded = await loadState(store, mapStream(job.map_id), mapDecider);
  if (loaded.state.status === 'active' && loaded.state.layers[layer.layer_id]) return;
  const issues = await validateFeatureCollectionOffLoop(layer.feature_collection, layer.layer_type, {
    maxPositions: MAX_POSITIONS_PER_LAYER_REQUEST,
  });
  if (issues.length > 0) throw new InvalidFeatureCollectionError(issues);
  await handleCommand({
    store,
    ctx,
    stream: mapStream(job.map_id),
    decider: mapDecider,
    operationId: job.operation_id,
    retryOnConflict: true,
    parents: [operationAsParent(job.operation_id)],
    command: { type: 'AddMapLayer', map_id: job.map_id, account_id: job.account_id, ...layer },
  });
}

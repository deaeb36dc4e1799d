// Terrain job commands: the API requests and cancels jobs; the dispatcher and the phase workers
// report through `decideTerrainJob`. The event log is the authority for the map and its boundary.
import { randomUUID } from 'node:crypto';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream, type MapLayerAdded, type MapLayerReplaced } from '../domain/map/map-events.ts';
import { MAX_POSITIONS_PER_LAYER_REQUEST } from '../domain/map/map-layer-vocabulary.ts';
import { validateFeatureCollectionOffLoop } from './validate-feature-collection-off-loop.ts';
import { normalizeLayerFeatureCollection } from '../domain/map/geojson/normalize-layer-feature-collection.ts';
import { InvalidFeatureCollectionError } from '../domain/map/invalid-feature-collection-error.ts';
import type { LayerFeatureCollection } from '../domain/map/layer-feature-collection.ts';
import { operationAsParent, operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import { terrainJobDecider, type TerrainJobCommand } from '../domain/terrain-job/terrain-job-decider.ts';
import { terrainJobStream } from '../domain/terrain-job/terrain-job-events.ts';
import type { TerrainJobState } from '../domain/terrain-job/terrain-job-state.ts';
import { WORK_ZOOM } from '../domain/terrain/work-grid.ts';
import { workTilesForArea } from '../domain/terrain/work-tiles-for-area.ts';
import type { DatasetName } from '../domain/terrain/types.ts';
import { boundaryArea } from '../domain/map/boundary-area.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

/** Largest area one job prepares: 2,500 work tiles is about 250 km × 250 km at mid latitudes. */
export const MAX_WORK_TILES_PER_JOB = 2500;

export interface RequestTerrainJobInput {
  map_id: string;
  boundary_shape: unknown;
  include_population: boolean;
  include_buildings: boolean;
}

export type TerrainSources = Record<DatasetName, { fingerprint: string; description: string }>;

const geometriesOf = (collection: LayerFeatureCollection) => JSON.stringify(collection.features.map((f) => f.geometry));

/**
 * Requests a terrain job for the map's boundary. The map must exist and belong to the caller,
 * hold a boundary layer, and `boundary_shape` must be that boundary (compared after the same
 * normalisation), so a job never prepares an area other than the one on the map.
 */
export async function requestTerrainJob(
  store: EventStore,
  ctx: CommandContext,
  input: RequestTerrainJobInput,
  sources: TerrainSources,
) {
  if (!ctx.principal) throw new DomainError('forbidden', 'A principal is required');
  const accountId = ctx.principal.account_id;
  const { state: mapState, events: mapEvents } = await loadState(store, mapStream(input.map_id), mapDecider);
  const map = requireAccess(mapState.status === 'active' ? mapState : null, accountId, {
    kind: 'Map',
    id: input.map_id,
  });
  const { state: operation } = await loadState(store, operationStream(map.operation_id), operationDecider);
  if (operation.status !== 'active') throw new DomainError('not_found', `Map ${input.map_id} not found`);
  if (!map.boundary_layer_id) {
    throw new DomainError(
      'invalid',
      `Map ${input.map_id} has no boundary layer: add one with POST /api/maps/${input.map_id}/features (type boundary) first`,
      ['body', 'map_id'],
    );
  }
  const issues = await validateFeatureCollectionOffLoop(input.boundary_shape, 'boundary', {
    maxPositions: MAX_POSITIONS_PER_LAYER_REQUEST,
  });
  if (issues.length > 0) throw new InvalidFeatureCollectionError(issues);
  const requested = normalizeLayerFeatureCollection(input.boundary_shape, randomUUID);
  const current = mapEvents
    .filter(
      (e): e is MapLayerAdded | MapLayerReplaced =>
        (e.type === 'MapLayerAdded' || e.type === 'MapLayerReplaced') && e.data.layer_id === map.boundary_layer_id,
    )
    .at(-1)!;
  if (geometriesOf(requested) !== geometriesOf(current.data.feature_collection)) {
    throw new DomainError(
      'invalid',
      `boundary_shape is not the map's boundary (layer ${map.boundary_layer_id}, version ${current.data.version}); send the boundary as stored (GET /api/maps/${input.map_id}/ogc/features/collections/layer--${map.boundary_layer_id}/items)`,
      ['body', 'boundary_shape'],
    );
  }
  const tiles = workTilesForArea(boundaryArea(current.data.feature_collection), WORK_ZOOM);
  if (tiles.length > MAX_WORK_TILES_PER_JOB) {
    throw new DomainError(
      'invalid',
      `The boundary covers ${tiles.length} work tiles; at most ${MAX_WORK_TILES_PER_JOB} per job (split the area)`,
      ['body', 'boundary_shape'],
    );
  }
  const jobId = randomUUID();
  const result = await handleCommand({
    store,
    ctx,
    stream: terrainJobStream(jobId),
    decider: terrainJobDecider,
    operationId: map.operation_id,
    parents: [operationAsParent(map.operation_id)],
    command: {
      type: 'RequestTerrainJob',
      request: {
        job_id: jobId,
        map_id: input.map_id,
        operation_id: map.operation_id,
        account_id: accountId,
        boundary_layer_id: map.boundary_layer_id,
        boundary_shape: current.data.feature_collection as unknown as Record<string, unknown>,
        include_population: input.include_population,
        include_buildings: input.include_buildings,
        work_zoom: WORK_ZOOM,
        work_tiles: tiles.map((t) => [t.x, t.y] as [number, number]),
        sources,
      },
    },
  });
  return { job_id: jobId, position: result.position };
}

export async function loadTerrainJob(store: EventStore, jobId: string): Promise<TerrainJobState> {
  return (await loadState(store, terrainJobStream(jobId), terrainJobDecider)).state;
}

/**
 * Any terrain job command (dispatcher, workers, cancel). Retried on concurrent writes: every job
 * command re-decides on the newest state and the decider makes repeats harmless.
 */
export async function decideTerrainJob(
  store: EventStore,
  ctx: CommandContext,
  operationId: string | null,
  command: TerrainJobCommand,
) {
  return handleCommand({
    store,
    ctx,
    stream: terrainJobStream(command.type === 'RequestTerrainJob' ? command.request.job_id : command.job_id),
    decider: terrainJobDecider,
    operationId,
    command,
    retryOnConflict: true,
  });
}

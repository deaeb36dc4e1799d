// Generated maps as a job kind: when a terrain job finishes, the map's area overview and MCOOs (and
// its analysis maps, whose relief it is) are drawn; when an analysis completes, its map; when a
// map's boundary changes, all of them. One task per map and triggering event renders the assets one
// after the other (a terrain job's end takes one worker slot, not four), so a batch retried from the
// checkpoint enqueues nothing twice; the worker's input hash makes a trigger that changed nothing a
// no-op. A task lost with an in-memory queue is drawn at the asset's next trigger, and one whose
// deliveries ran out leaves the asset's previous rendering (only logged).
import { Type, type Static } from '@sinclair/typebox';
import { loadAnalysis } from '../../commands/analysis-job-commands.ts';
import { loadTerrainJob } from '../../commands/terrain-job-commands.ts';
import type { AnalysisCompleted } from '../../domain/analysis-job/analysis-job-events.ts';
import { analysisMapPath, TERRAIN_ASSET_PATHS } from '../../domain/generated-map/generated-map-vocabulary.ts';
import type { MapLayerAdded, MapLayerReplaced } from '../../domain/map/map-events.ts';
import type { TerrainJobFinished } from '../../domain/terrain-job/terrain-job-events.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import { completedAnalysisIdsOfMap } from '../../projections/queries/analysis-job-queries.ts';
import { taskControlOf, type DispatchEnv, type JobKind } from '../jobs/job-kind.ts';
import { MAP_RENDERER_VERSION, renderGeneratedMap } from './generated-map-worker.ts';
import { renderMapPng } from './rendering/render-map-png.ts';

const params = Type.Object({
  operation_id: Type.String(),
  map_id: Type.String(),
  /** The terrain job whose end triggered the rendering; null: the map's newest finished job. */
  terrain_job_id: Type.Union([Type.String(), Type.Null()]),
  asset_paths: Type.Array(Type.String()),
});
export type GeneratedMapTaskPayload = Static<typeof params>;

const FINISHED = new Set(['TerrainJobFinished']);
const COMPLETED = new Set(['AnalysisCompleted']);
const LAYER = new Set(['MapLayerAdded', 'MapLayerReplaced']);

/** Every map of the asset list: the terrain ones, then one per completed analysis (they completed long before). */
async function mapAssets(
  env: DispatchEnv<GeneratedMapTaskPayload>,
  operationId: string,
  mapId: string,
  terrainJobId: string | null,
): Promise<GeneratedMapTaskPayload> {
  const analyses = (await completedAnalysisIdsOfMap(env.knex, mapId)).map(analysisMapPath);
  return {
    operation_id: operationId,
    map_id: mapId,
    terrain_job_id: terrainJobId,
    asset_paths: [...TERRAIN_ASSET_PATHS, ...analyses],
  };
}

export const generatedMapJob: JobKind<typeof params> = {
  kind: 'generated_map',
  params,
  taskId: (payload, trigger) => `generated-maps:${payload.map_id}:${trigger?.id ?? ''}`,
  dispatch: {
    follower: 'generated_map_dispatcher',
    enabled: (config) => config.generatedMaps,
    async onBatch(batch, env) {
      for (const event of batch) {
        if (isEventOf<TerrainJobFinished>(event, FINISHED)) {
          const job = await loadTerrainJob(env.store, event.data.job_id);
          if (job.status !== 'absent')
            await env.enqueue(await mapAssets(env, job.operation_id, job.map_id, job.job_id), event);
        } else if (isEventOf<AnalysisCompleted>(event, COMPLETED)) {
          const analysis = await loadAnalysis(env.store, event.data.analysis_id);
          if (analysis.status === 'absent') continue;
          await env.enqueue(
            {
              operation_id: analysis.operation_id,
              map_id: analysis.map_id,
              terrain_job_id: null,
              asset_paths: [analysisMapPath(analysis.analysis_id)],
            },
            event,
          );
        } else if (isEventOf<MapLayerAdded | MapLayerReplaced>(event, LAYER)) {
          const operationId = event.metadata.operation_id;
          if (event.data.layer_type !== 'boundary' || !operationId) continue;
          await env.enqueue(await mapAssets(env, operationId, event.data.map_id, null), event);
        }
      }
    },
  },
  start(services) {
    const deps = {
      store: services.store,
      knex: services.knex,
      blobStore: services.blobStore,
      render: renderMapPng,
      rendererVersion: MAP_RENDERER_VERSION,
      logger: services.logger,
    };
    return {
      async run({ asset_paths, ...payload }, reporter, signal) {
        const control = taskControlOf(reporter, signal);
        for (const asset_path of asset_paths) {
          // A stopping consumer (or a lease lost) ends the task between maps: it is delivered again.
          signal.throwIfAborted();
          const outcome = await renderGeneratedMap(deps, { ...payload, asset_path }, control);
          reporter.heartbeat();
          services.logger.debug({ ...payload, asset_path, outcome }, 'generated map done');
        }
      },
    };
  },
  // The asset keeps its previous rendering; its next trigger tries again.
  exhausted: async () => true,
};

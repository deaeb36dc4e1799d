// Queues the renderings of generated maps (a process manager beside the other dispatchers,
// following the same log): when a terrain job finishes, the map's area overview and MCOOs (and its
// analysis maps, whose relief it is); when an analysis completes, its map; when a map's boundary
// changes, all of them. Task ids are per asset and triggering event, so a batch retried from the
// checkpoint enqueues nothing twice; the worker's input hash makes a trigger that changed nothing
// a no-op. A task lost with an in-memory queue on a crash is drawn at the asset's next trigger.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { loadAnalysis } from '../../commands/analysis-job-commands.ts';
import { loadTerrainJob } from '../../commands/terrain-job-commands.ts';
import type { AnalysisCompleted } from '../../domain/analysis-job/analysis-job-events.ts';
import { analysisMapPath, TERRAIN_ASSET_PATHS } from '../../domain/generated-map/generated-map-vocabulary.ts';
import type { MapLayerAdded, MapLayerReplaced } from '../../domain/map/map-events.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { TerrainJobFinished } from '../../domain/terrain-job/terrain-job-events.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { WorkQueue } from '../../infra/work-queue/work-queue.ts';
import { EventLogFollower } from '../event-log-follower.ts';
import { generatedMapTask, type GeneratedMapTaskPayload } from './generated-map-worker.ts';

export class GeneratedMapDispatcher {
  private readonly follower: EventLogFollower;

  constructor(
    private readonly store: EventStore, private readonly knex: Knex, private readonly queue: WorkQueue, logger: Logger,
  ) {
    this.follower = new EventLogFollower('generated_map_dispatcher', store, knex, logger, async (batch) => {
      for (const event of batch) await this.dispatch(event);
    });
  }

  private async enqueue(trigger: RecordedEvent, payload: GeneratedMapTaskPayload): Promise<void> {
    await this.queue.enqueue(generatedMapTask(payload, trigger.id));
  }

  /** The paths of a map's completed analyses (read model: they completed long before a later trigger). */
  private async analysisPaths(mapId: string): Promise<string[]> {
    const ids: string[] = await this.knex('analysis_jobs')
      .where({ map_id: mapId, status: 'success' }).pluck('analysis_id');
    return ids.map(analysisMapPath);
  }

  /** Every map of the asset list: the terrain ones, then one per completed analysis. */
  private async mapAssets(operationId: string, mapId: string, terrainJobId: string | null) {
    const asset_paths = [...TERRAIN_ASSET_PATHS, ...(await this.analysisPaths(mapId))];
    return { operation_id: operationId, map_id: mapId, terrain_job_id: terrainJobId, asset_paths };
  }

  private async dispatch(event: RecordedEvent): Promise<void> {
    if (event.type === 'TerrainJobFinished') {
      const job = await loadTerrainJob(this.store, (event as unknown as TerrainJobFinished).data.job_id);
      if (job.status === 'absent') return;
      await this.enqueue(event, await this.mapAssets(job.operation_id, job.map_id, job.job_id));
    } else if (event.type === 'AnalysisCompleted') {
      const analysis = await loadAnalysis(this.store, (event as unknown as AnalysisCompleted).data.analysis_id);
      if (analysis.status === 'absent') return;
      await this.enqueue(event, {
        operation_id: analysis.operation_id, map_id: analysis.map_id, terrain_job_id: null,
        asset_paths: [analysisMapPath(analysis.analysis_id)],
      });
    } else if (event.type === 'MapLayerAdded' || event.type === 'MapLayerReplaced') {
      const { data } = event as unknown as MapLayerAdded | MapLayerReplaced;
      const operationId = event.metadata.operation_id;
      if (data.layer_type !== 'boundary' || !operationId) return;
      await this.enqueue(event, await this.mapAssets(operationId, data.map_id, null));
    }
  }

  async start(): Promise<void> {
    await this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}

// Analysis workers: take an analysis task, prepare the footprint's elevation, run the tool, add the
// result layer to the map and complete the analysis, all through commands (workers never write read
// models). A redelivered task for an analysis that already ended changes nothing; a cancelled one
// stops. A tool that cannot run on its input (a RangeError: nodata observer, ...) fails the analysis
// with a code; an unexpected error throws, so the task is redelivered and then dead-lettered.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { addAnalysisLayer, decideAnalysis, loadAnalysis } from '../../commands/analysis-job-commands.ts';
import type { CommandContext } from '../../commands/command-context.ts';
import { AnalysisCancelledError, type AnalysisJob } from '../../domain/analysis-job/analysis-job-decider.ts';
import { isTerminalAnalysis, RESULT_LAYER_TYPES } from '../../domain/analysis-job/analysis-vocabulary.ts';
import type {
  LandingZonesParameters,
  LineOfSightParameters,
  RfCoverageParameters,
  RouteParameters,
  ViewshedParameters,
} from '../../domain/analysis-job/analysis-parameters.ts';
import { landingZonesResult } from '../../domain/analysis-job/landing-zones-result.ts';
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { lineOfSightResult } from '../../domain/analysis-job/line-of-sight-result.ts';
import { viewshedResult } from '../../domain/analysis-job/viewshed-result.ts';
import { uuidV5 } from '../../domain/shared/uuid-v5.ts';
import type { DatasetName } from '../../domain/terrain/types.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { TaskControl, WorkTask } from '../../infra/work-queue/work-queue.ts';
import { SourceError, type SourceProvider } from '../terrain/sources/source-provider.ts';
import {
  readFootprintBuildings,
  readFootprintElevation,
  readFootprintLandCover,
  readFootprintRoads,
} from './read-footprint-elevation.ts';
import { buildingHeightRaster } from '../../domain/analysis-job/building-height-raster.ts';
import type { ElevationGrid } from '../../domain/analysis-job/elevation-grid.ts';
import { roadCellMask } from '../../domain/analysis-job/road-cell-mask.ts';
import { routeResult } from '../../domain/analysis-job/route-result.ts';
import {
  RASTER_TILE_KINDS,
  rasterResultTileKey,
  RESULT_TILE_MIN_ZOOM,
  footprintTilesAt,
  rfTileRgba,
  viewshedTileRgba,
  type RasterTileKind,
} from '../../domain/analysis-job/raster-result-tiles.ts';
import { rfCoverageResult } from '../../domain/analysis-job/rf-coverage-result.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { writeRgbaPng } from '../terrain/products/raster/write-rgba-png.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';

export const ANALYSIS_TASK = 'analysis';

export interface AnalysisTaskPayload {
  analysis_id: string;
}

export const analysisTask = (analysisId: string): WorkTask => ({
  id: `analysis:${analysisId}`,
  kind: ANALYSIS_TASK,
  payload: { analysis_id: analysisId } satisfies AnalysisTaskPayload,
});

/** The result layer's id: derived from the analysis, so a repeated task finds its own layer. */
export const resultLayerId = (analysisId: string) => uuidV5(`analysis-result-layer:${analysisId}`);

export interface AnalysisWorkerDependencies {
  store: EventStore;
  providers: Record<DatasetName, SourceProvider>;
  /** Where raster results go as tiles (the tile store the API serves from). */
  blobStore: BlobStore;
  logger: Logger;
  workerId?: string;
}

export const analysisContext = (job: Pick<AnalysisJob, 'account_id' | 'analysis_id'>): CommandContext => ({
  principal: { account_id: job.account_id, api_key_id: null },
  correlation_id: job.analysis_id,
  causation_id: null,
  now: () => new Date(),
});

/**
 * Cooperative cancellation: the worker reads the analysis between stages (each elevation tile read,
 * before the tool runs, after it, every result tile stored) and stops at the first point where it is
 * cancelled, so a cancelled analysis never adds its result layer. The tool itself is one synchronous
 * call and runs to its end once started.
 */
async function stopIfCancelled(store: EventStore, analysisId: string): Promise<void> {
  const current = await loadAnalysis(store, analysisId);
  if (current.status === 'cancelled') throw new AnalysisCancelledError(analysisId);
}

class AnalysisInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function run(deps: AnalysisWorkerDependencies, job: AnalysisJob, control: TaskControl) {
  const elevation = deps.providers.elevation;
  if (elevation.kind !== 'raster')
    throw new AnalysisInputError('INVALID_SOURCE_CONFIG', 'the elevation source is not a raster');
  const tiles = job.work_tiles.map(([x, y]) => ({ z: job.work_zoom, x, y }));
  const grid = footprintGrid(tiles);
  const ctx = analysisContext(job);
  let read = 0;
  const grids = await readFootprintElevation(
    elevation,
    grid,
    async () => {
      read++;
      control.heartbeat();
      await stopIfCancelled(deps.store, job.analysis_id);
    },
    control.signal,
  ).catch((error: unknown) => {
    if (error instanceof SourceError) throw new AnalysisInputError(error.code, `elevation: ${error.message}`);
    throw error;
  });
  await decideAnalysis(deps.store, ctx, job.operation_id, {
    type: 'ProgressAnalysis',
    analysis_id: job.analysis_id,
    progress: { completed: read, total: tiles.length, stage: 'elevation' },
  });
  await stopIfCancelled(deps.store, job.analysis_id);
  return runAnalysisTool(deps.providers, job, grids, control);
}

/**
 * Runs the tool on the footprint's elevation, reading land cover, roads and buildings as it needs:
 * the analysis worker's last stage, and the terrain agent's tools (workers/terrain-questions).
 */
export async function runAnalysisTool(
  providers: Record<DatasetName, SourceProvider>,
  job: Pick<AnalysisJob, 'analysis_type' | 'parameters'>,
  grids: ElevationGrid,
  control: TaskControl,
) {
  const grid = grids.grid;
  try {
    if (job.analysis_type === 'line_of_sight')
      return lineOfSightResult(grids, job.parameters as unknown as LineOfSightParameters, randomUUID);
    if (job.analysis_type === 'viewshed') {
      const { cells, ...rest } = viewshedResult(grids, job.parameters as unknown as ViewshedParameters, randomUUID);
      return {
        ...rest,
        tile: (tile: TileAddress, kind: RasterTileKind) => viewshedTileRgba(cells, grids.grid, tile, kind),
      };
    }
    if (job.analysis_type === 'route') {
      const landCover = await readFootprintLandCover(providers.land_cover, grid, control);
      const roads = await readFootprintRoads(providers.roads, grid, control);
      return routeResult(grids, landCover, roads, job.parameters as unknown as RouteParameters, randomUUID);
    }
    if (job.analysis_type === 'landing_zones') {
      const parameters = job.parameters as unknown as LandingZonesParameters;
      const landCover = await readFootprintLandCover(providers.land_cover, grid, control);
      const roads =
        parameters.max_road_distance_m != null
          ? roadCellMask(grid.width, grid.height, await readFootprintRoads(providers.roads, grid, control))
          : null;
      const buildingHeight = parameters.building_data
        ? buildingHeightRaster(grid, await readFootprintBuildings(providers.buildings, grid, control))
        : null;
      return landingZonesResult(grids, landCover, parameters, randomUUID, { roads, buildingHeight });
    }
    if (job.analysis_type === 'rf_coverage') {
      const parameters = job.parameters as unknown as RfCoverageParameters;
      const { receivedDbm, ...rest } = rfCoverageResult(grids, parameters, randomUUID);
      const sensitivity = parameters.receiver.sensitivity_dbm;
      return {
        ...rest,
        tile: (tile: TileAddress, kind: RasterTileKind) => rfTileRgba(receivedDbm, sensitivity, grids.grid, tile, kind),
      };
    }
  } catch (error) {
    if (error instanceof RangeError) throw new AnalysisInputError('INVALID_ANALYSIS_INPUT', error.message);
    if (error instanceof SourceError)
      throw new AnalysisInputError(error.code, `${error.dataset ?? 'source'}: ${error.message}`);
    throw error;
  }
  throw new AnalysisInputError('TOOL_NOT_AVAILABLE', `no worker runs ${job.analysis_type} analyses yet`);
}

export function handleAnalysisTask(deps: AnalysisWorkerDependencies) {
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}`;
  return async (task: WorkTask, control: TaskControl): Promise<void> => {
    const { analysis_id } = task.payload as AnalysisTaskPayload;
    const job = await loadAnalysis(deps.store, analysis_id);
    if (job.status === 'absent' || isTerminalAnalysis(job.status)) return;
    const ctx = analysisContext(job);
    try {
      await decideAnalysis(deps.store, ctx, job.operation_id, {
        type: 'StartAnalysis',
        analysis_id,
        worker_id: workerId,
        attempt: control.attempt,
      });
      let outcome;
      try {
        outcome = await run(deps, job, control);
      } catch (error) {
        if (!(error instanceof AnalysisInputError)) throw error;
        await decideAnalysis(deps.store, ctx, job.operation_id, {
          type: 'FailAnalysis',
          analysis_id,
          code: error.code,
          message: error.message,
        });
        return;
      }
      const current = await loadAnalysis(deps.store, analysis_id);
      if (current.status === 'absent' || isTerminalAnalysis(current.status)) return;
      const layerId = resultLayerId(analysis_id);
      // Tiles first: once the layer and the result are recorded, every tile of the collection exists.
      if ('tile' in outcome) {
        await storeRasterTiles(deps.blobStore, layerId, job, outcome.tile, control, () =>
          stopIfCancelled(deps.store, analysis_id),
        );
      }
      await stopIfCancelled(deps.store, analysis_id);
      await addAnalysisLayer(deps.store, ctx, job, {
        layer_id: layerId,
        layer_type: RESULT_LAYER_TYPES[job.analysis_type],
        title: job.title,
        feature_collection: outcome.features,
      });
      await decideAnalysis(deps.store, ctx, job.operation_id, {
        type: 'CompleteAnalysis',
        analysis_id,
        result: outcome.result as unknown as Record<string, unknown>,
        layer_id: layerId,
      });
    } catch (error) {
      if (error instanceof AnalysisCancelledError) return;
      throw error;
    }
  };
}

/** The raster result as value and display PNG tiles, one pair per footprint work tile. */
async function storeRasterTiles(
  blobStore: BlobStore,
  layerId: string,
  job: AnalysisJob,
  rgbaOf: (tile: TileAddress, kind: RasterTileKind) => Uint8Array,
  control: TaskControl,
  checkpoint: () => Promise<void>,
) {
  const grid = footprintGrid(job.work_tiles.map(([x, y]) => ({ z: job.work_zoom, x, y })));
  const tiles = [];
  for (let z = RESULT_TILE_MIN_ZOOM; z <= grid.zoom; z++) tiles.push(...footprintTilesAt(grid, z));
  for (const tile of tiles) {
    for (const kind of RASTER_TILE_KINDS) {
      const png = writeRgbaPng(rgbaOf(tile, kind), TILE_SIZE, 'paeth');
      await blobStore.put(rasterResultTileKey(layerId, kind, tile), png, 'image/png');
    }
    control.heartbeat();
    await checkpoint();
  }
}

/** A task that used up its deliveries fails the analysis with a code (idempotent). */
export function failExhaustedAnalysis(store: EventStore, logger: Logger) {
  return async (task: WorkTask, error: unknown, attempts: number) => {
    const { analysis_id } = task.payload as AnalysisTaskPayload;
    const job = await loadAnalysis(store, analysis_id);
    if (job.status === 'absent' || isTerminalAnalysis(job.status)) return;
    const reason = error instanceof Error ? error.message : String(error);
    logger.error({ analysis_id, attempts, err: error }, 'analysis failed after its last delivery');
    await decideAnalysis(store, analysisContext(job), job.operation_id, {
      type: 'FailAnalysis',
      analysis_id,
      code: 'ANALYSIS_RETRIES_EXHAUSTED',
      message: `analysis failed after ${attempts} attempts: ${reason}`.slice(0, 2000),
    });
  };
}

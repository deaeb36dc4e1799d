// The CPU part of an analysis, run inside an analysis thread (analysis-thread/): the footprint's
// elevation and other inputs read from the sources, the tool, and a raster result's PNG tiles stored
// under its layer. Reports progress after each elevation tile and each result tile; answers the
// result layer's features and the result, or an input error that fails the analysis with a code.
import { randomUUID } from 'node:crypto';
import type { AnalysisSpec } from '../../domain/analysis-job/analysis-parameters.ts';
import type { AnalysisJob } from '../../domain/analysis-job/analysis-job-decider.ts';
import { terrainEvaluationResult } from '../../domain/analysis-job/terrain-evaluation-result.ts';
import { readFootprintRoadNetwork } from './read-footprint-road-network.ts';
import { readFootprintWaterways } from './read-footprint-waterways.ts';
import { landingZonesResult } from '../../domain/analysis-job/landing-zones-result.ts';
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { lineOfSightResult } from '../../domain/analysis-job/line-of-sight-result.ts';
import { viewshedResult } from '../../domain/analysis-job/viewshed-result.ts';
import type { DatasetName } from '../../domain/terrain/types.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
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
import type { AnalysisThreadProgress, AnalysisThreadResult } from './analysis-thread/analysis-thread-task.ts';

export class AnalysisInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface AnalysisRun {
  job: Pick<AnalysisJob, 'analysis_id' | 'work_zoom' | 'work_tiles'> & AnalysisSpec;
  layerId: string;
  providers: Record<DatasetName, SourceProvider>;
  blobStore: BlobStore;
  onProgress: (progress: AnalysisThreadProgress) => void;
  /** Asked at each progress point: true stops the analysis there (answered as 'stopped'). */
  stopped?: () => boolean;
  signal?: AbortSignal;
}

class AnalysisStopped extends Error {}

export async function runAnalysisInThread(run: AnalysisRun): Promise<AnalysisThreadResult> {
  const { job, providers } = run;
  const signal = run.signal ?? new AbortController().signal;
  const onProgress = (progress: AnalysisThreadProgress) => {
    run.onProgress(progress);
    if (run.stopped?.()) throw new AnalysisStopped();
  };
  try {
    const elevation = providers.elevation;
    if (elevation.kind !== 'raster')
      throw new AnalysisInputError('INVALID_SOURCE_CONFIG', 'the elevation source is not a raster');
    const tiles = job.work_tiles.map(([x, y]) => ({ z: job.work_zoom, x, y }));
    const grid = footprintGrid(tiles);
    let read = 0;
    const grids = await readFootprintElevation(
      elevation,
      grid,
      () => {
        onProgress({ stage: 'elevation', completed: ++read, total: tiles.length });
      },
      signal,
    ).catch((error: unknown) => {
      if (error instanceof SourceError) throw new AnalysisInputError(error.code, `elevation: ${error.message}`);
      throw error;
    });
    // The other inputs' reads report as heartbeats of the 'inputs' stage.
    const control: TaskControl = {
      attempt: 1,
      maxDeliveries: 1,
      signal,
      heartbeat: () => onProgress({ stage: 'inputs', completed: 0, total: 0 }),
    };
    const outcome = await runAnalysisTool(providers, job, grids, control);
    if ('tile' in outcome) await storeRasterTiles(run.blobStore, run.layerId, job, outcome.tile, onProgress);
    return {
      kind: 'success',
      features: outcome.features,
      result: outcome.result as unknown as Record<string, unknown>,
      ...('extraLayers' in outcome ? { extraLayers: outcome.extraLayers } : {}),
    };
  } catch (error) {
    if (error instanceof AnalysisInputError) return { kind: 'input_error', code: error.code, message: error.message };
    if (error instanceof AnalysisStopped) return { kind: 'stopped' };
    throw error;
  }
}

/**
 * Runs the tool on the footprint's elevation, reading land cover, roads and buildings as it needs:
 * the analysis worker's last stage, and the terrain agent's tools (workers/terrain-questions).
 */
export async function runAnalysisTool(
  providers: Record<DatasetName, SourceProvider>,
  job: AnalysisSpec,
  grids: ElevationGrid,
  control: TaskControl,
) {
  const grid = grids.grid;
  try {
    if (job.analysis_type === 'line_of_sight') return lineOfSightResult(grids, job.parameters, randomUUID);
    if (job.analysis_type === 'viewshed') {
      const { cells, ...rest } = viewshedResult(grids, job.parameters, randomUUID);
      return {
        ...rest,
        tile: (tile: TileAddress, kind: RasterTileKind) => viewshedTileRgba(cells, grids.grid, tile, kind),
      };
    }
    if (job.analysis_type === 'route') {
      const landCover = await readFootprintLandCover(providers.land_cover, grid, control);
      const network = await readFootprintRoadNetwork(providers.roads, grid, control);
      const waterways = await readFootprintWaterways(providers.roads, grid, control);
      return routeResult(grids, landCover, network.roads, job.parameters, randomUUID, {
        waterways,
        crossings: network.crossings,
      });
    }
    if (job.analysis_type === 'landing_zones') {
      const parameters = job.parameters;
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
    if (job.analysis_type === 'terrain_evaluation') {
      const landCover = await readFootprintLandCover(providers.land_cover, grid, control);
      const network = await readFootprintRoadNetwork(providers.roads, grid, control);
      const waterways = await readFootprintWaterways(providers.roads, grid, control);
      const { layers, result } = terrainEvaluationResult(
        grids,
        landCover,
        network,
        job.parameters,
        randomUUID,
        waterways,
      );
      // The avenues are the analysis's own layer; obstacles, corridors and key terrain ride along.
      const { avenue_of_approach: found, ...others } = layers;
      // A layer holds at least one feature: with no avenue, the AO's first vertex says so.
      const avenues =
        found.length > 0
          ? found
          : [
              {
                type: 'Feature' as const,
                id: randomUUID(),
                properties: { role: 'no_avenue', reason: 'no mobility corridor joins start and objective' },
                geometry: { type: 'Point' as const, coordinates: job.parameters.area.coordinates[0]![0]! },
              },
            ];
      return {
        result,
        features: { type: 'FeatureCollection' as const, features: avenues },
        extraLayers: Object.entries(others).map(([layer_type, features]) => ({
          layer_type: layer_type as keyof typeof others,
          features: { type: 'FeatureCollection' as const, features },
        })),
      };
    }
    if (job.analysis_type === 'rf_coverage') {
      const parameters = job.parameters;
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
  return noWorkerRuns(job);
}

/** Every type has its branch above (a new type fails to compile until it has one); stored data may still name another. */
function noWorkerRuns(job: never): never {
  const { analysis_type } = job as { analysis_type: string };
  throw new AnalysisInputError('TOOL_NOT_AVAILABLE', `no worker runs ${analysis_type} analyses yet`);
}

/** The raster result as value and display PNG tiles, one pair per footprint work tile. */
async function storeRasterTiles(
  blobStore: BlobStore,
  layerId: string,
  job: Pick<AnalysisJob, 'work_zoom' | 'work_tiles'>,
  rgbaOf: (tile: TileAddress, kind: RasterTileKind) => Uint8Array,
  onProgress: (progress: AnalysisThreadProgress) => void,
) {
  const grid = footprintGrid(job.work_tiles.map(([x, y]) => ({ z: job.work_zoom, x, y })));
  const tiles = [];
  for (let z = RESULT_TILE_MIN_ZOOM; z <= grid.zoom; z++) tiles.push(...footprintTilesAt(grid, z));
  let stored = 0;
  for (const tile of tiles) {
    for (const kind of RASTER_TILE_KINDS) {
      const png = writeRgbaPng(rgbaOf(tile, kind), TILE_SIZE, 'paeth');
      await blobStore.put(rasterResultTileKey(layerId, kind, tile), png, 'image/png');
    }
    onProgress({ stage: 'tiles', completed: ++stored, total: tiles.length });
  }
}

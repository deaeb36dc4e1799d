// The terrain agent's tools as executed in the worker, in process, for one question's map: the same
// functions the point query and the analysis workers run (readTerrainPoint through the injected
// reader, readFootprintElevation and runAnalysisTool, the analyses' parameter rules), bounded by the
// run's deadline signal. Results are compact (compact-tool-result.ts).
import type { Knex } from 'knex';
import { loadState } from '../../commands/load-state.ts';
import { analysisFootprint } from '../../domain/analysis-job/analysis-footprint.ts';
import type { AnalysisSpec } from '../../domain/analysis-job/analysis-parameters.ts';
import { checkAnalysisParameters } from '../../domain/analysis-job/check-analysis-parameters.ts';
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { resolveRfParameters } from '../../domain/analysis-job/resolve-rf-parameters.ts';
import { mapDecider } from '../../domain/map/map-decider.ts';
import { mapStream } from '../../domain/map/map-events.ts';
import type { DatasetName } from '../../domain/terrain/types.ts';
import {
  compactLandingZonesResult,
  compactLineOfSightResult,
  compactRfCoverageResult,
  compactRouteResult,
} from '../../domain/terrain-question/compact-tool-result.ts';
import {
  landingZonesParametersOf,
  lineOfSightParametersOf,
  rfCoverageRequestOf,
  routeParametersOf,
  TERRAIN_TOOLS,
  type TerrainToolName,
} from '../../domain/terrain-question/terrain-agent-tools.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { ToolRunRequest } from '../../infra/language-model/language-model.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { runAnalysisTool } from '../analyses/run-analysis.ts';
import { readFootprintElevation } from '../analyses/read-footprint-elevation.ts';
import type { SourceProvider } from '../terrain/sources/source-provider.ts';
import { readNewestTerrainSummary } from './read-newest-terrain-summary.ts';
import { readTerrainPoint, type DisplayTileReader } from '../../projections/queries/terrain-point-query.ts';
import { displayTileKey } from '../../domain/terrain/display-tile-key.ts';

export interface TerrainToolDependencies {
  store: EventStore;
  knex: Knex;
  providers: Record<DatasetName, SourceProvider>;
  blobStore: BlobStore;
}

type Result = Record<string, unknown>;

/** Runs an analysis tool on its footprint's elevation, as the analysis worker does, with no events. */
async function runAnalysis(
  deps: TerrainToolDependencies,
  spec: AnalysisSpec,
  signal: AbortSignal,
  heartbeat: () => void,
): Promise<Result> {
  const { analysis_type: type, parameters } = spec;
  const [issue] = checkAnalysisParameters(type, parameters);
  if (issue) throw new RangeError(issue.msg);
  const elevation = deps.providers.elevation;
  if (elevation.kind !== 'raster') throw new Error('the elevation source is not a raster');
  const grid = footprintGrid(analysisFootprint(type, parameters));
  const grids = await readFootprintElevation(
    elevation,
    grid,
    () => {
      heartbeat();
      signal.throwIfAborted();
    },
    signal,
  );
  const control: TaskControl = { attempt: 1, maxDeliveries: 1, heartbeat, signal };
  const outcome = await runAnalysisTool(deps.providers, spec, grids, control);
  return outcome.result as unknown as Result;
}

/** The tools of one question, with their executors. */
export function terrainAgentTools(
  deps: TerrainToolDependencies,
  mapId: string,
  heartbeat: () => void,
): ToolRunRequest['tools'] {
  const executors: Record<TerrainToolName, (args: unknown, signal: AbortSignal) => Promise<unknown>> = {
    terrain_summary: () => readNewestTerrainSummary(deps, mapId),
    async point_query(args) {
      // The point query's own function, reading the display tiles from the tile store (no memory cache).
      const { lon, lat } = args as { lon: number; lat: number };
      const readDisplayTile: DisplayTileReader = (collection, fingerprint, tile) =>
        deps.blobStore.get(displayTileKey(collection, fingerprint, tile));
      return readTerrainPoint({ readModels: deps.knex, readDisplayTile }, mapId, lon, lat);
    },
    plan_route: async (args, signal) =>
      compactRouteResult(
        await runAnalysis(deps, { analysis_type: 'route', parameters: routeParametersOf(args) }, signal, heartbeat),
      ),
    line_of_sight: async (args, signal) =>
      compactLineOfSightResult(
        await runAnalysis(
          deps,
          { analysis_type: 'line_of_sight', parameters: lineOfSightParametersOf(args) },
          signal,
          heartbeat,
        ),
      ),
    survey_landing_zones: async (args, signal) =>
      compactLandingZonesResult(
        await runAnalysis(
          deps,
          { analysis_type: 'landing_zones', parameters: landingZonesParametersOf(args, false) },
          signal,
          heartbeat,
        ),
      ),
    async rf_coverage(args, signal) {
      const { events } = await loadState(deps.store, mapStream(mapId), mapDecider);
      const parameters = resolveRfParameters(rfCoverageRequestOf(args), events, mapId);
      return compactRfCoverageResult(
        await runAnalysis(deps, { analysis_type: 'rf_coverage', parameters }, signal, heartbeat),
      );
    },
  };
  return TERRAIN_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    execute: executors[tool.name],
  }));
}

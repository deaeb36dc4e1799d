// Runs one phase of a terrain job with the library's phase functions: which providers and inputs
// each phase reads (the dataset-to-phase map of the interface).
import { asRasterProvider, asVectorProvider } from './sources/provider-kind.ts';
import type { AreaPolygon, DatasetName, TileAddress } from '../../domain/terrain/types.ts';
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { SourceProvider } from './sources/source-provider.ts';
import { buildRawArtifacts } from './build-area-products/build-raw-artifacts.ts';
import { buildTerrainDisplayTiles } from './build-area-products/build-terrain-display-tiles.ts';
import { buildVectorDisplayTiles } from './build-area-products/build-vector-display-tiles.ts';
import { buildRoadGraphProduct } from './build-area-products/build-road-graph-product.ts';
import { buildTerrainSummaryProduct } from './build-area-products/build-terrain-summary-product.ts';
import type { PhaseResult, ProgressCallback } from './build-area-products/phase-types.ts';

export interface TerrainPhaseInput {
  phase: PhaseId;
  area: AreaPolygon;
  tiles: TileAddress[];
  includePopulation: boolean;
  includeBuildings: boolean;
  providers: Record<DatasetName, SourceProvider>;
  store: BlobStore;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  concurrency?: number;
}

/** The phase's result without the builders' bookkeeping (lists of built tiles and the like). */
export async function runTerrainPhase(input: TerrainPhaseInput): Promise<PhaseResult> {
  const { providers: p, phase } = input;
  const common = {
    tiles: input.tiles,
    store: input.store,
    onProgress: input.onProgress,
    signal: input.signal,
    concurrency: input.concurrency,
  };
  let result: PhaseResult;
  switch (phase) {
    case 'terrain_source_artifacts':
      result = await buildRawArtifacts({
        ...common,
        phase,
        providers: [asRasterProvider(p.elevation), asRasterProvider(p.land_cover)],
      });
      break;
    case 'road_artifacts':
      result = await buildRawArtifacts({ ...common, phase, providers: [asVectorProvider(p.roads)] });
      break;
    case 'soil_artifacts':
      result = await buildRawArtifacts({ ...common, phase, providers: [p.soil] });
      break;
    case 'population_artifacts':
      result = await buildRawArtifacts({ ...common, phase, providers: [p.population] });
      break;
    case 'buildings_artifacts':
      result = await buildRawArtifacts({ ...common, phase, providers: [asVectorProvider(p.buildings)] });
      break;
    case 'terrain_display_tiles':
      result = await buildTerrainDisplayTiles({
        ...common,
        elevation: asRasterProvider(p.elevation),
        landCover: asRasterProvider(p.land_cover),
      });
      break;
    case 'road_display_tiles':
      result = await buildVectorDisplayTiles({ ...common, dataset: 'roads', provider: p.roads });
      break;
    case 'soil_display_tiles':
      result = await buildVectorDisplayTiles({ ...common, dataset: 'soil', provider: p.soil });
      break;
    case 'population_display_tiles':
      result = await buildVectorDisplayTiles({ ...common, dataset: 'population', provider: p.population });
      break;
    case 'buildings_display_tiles':
      result = await buildVectorDisplayTiles({ ...common, dataset: 'buildings', provider: p.buildings });
      break;
    case 'terrain_road_graph':
      result = await buildRoadGraphProduct({ ...common, roads: asVectorProvider(p.roads) });
      break;
    case 'terrain_summary':
      result = await buildTerrainSummaryProduct({
        ...common,
        area: input.area,
        elevation: asRasterProvider(p.elevation),
        landCover: asRasterProvider(p.land_cover),
        roads: asVectorProvider(p.roads),
        population: input.includePopulation ? p.population : undefined,
        buildings: input.includeBuildings ? asVectorProvider(p.buildings) : undefined,
      });
      break;
  }
  const { phase: id, status, counts, cached, tiles, error, message, outside_coverage, summary_figures } = result;
  return {
    phase: id,
    status,
    counts,
    cached,
    tiles,
    ...(error ? { error } : {}),
    ...(message ? { message } : {}),
    ...(outside_coverage ? { outside_coverage } : {}),
    ...(summary_figures ? { summary_figures } : {}),
  };
}

// Every phase of a terrain job for one area, in dependency order: the raw phases, then each
// derived phase whose inputs are usable. A derived phase is 'blocked' when a raw phase it needs
// failed or was canceled; a partial raw phase still feeds it (missing tiles are skipped).
// A job pipeline can call the phase functions one by one instead (each is exported from its own
// module); this function is the straight-through form used by the benchmark and embedded mode.
import { asRasterProvider, asVectorProvider } from '../sources/provider-kind.ts';
import { workTilesForArea } from '../../../domain/terrain/work-tiles-for-area.ts';
import type { AreaPolygon, DatasetName, TileAddress } from '../../../domain/terrain/types.ts';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import type { SourceProvider } from '../sources/source-provider.ts';
import { buildRawArtifacts } from './build-raw-artifacts.ts';
import { buildRoadGraphProduct } from './build-road-graph-product.ts';
import { buildTerrainDisplayTiles } from './build-terrain-display-tiles.ts';
import { buildTerrainSummaryProduct } from './build-terrain-summary-product.ts';
import { buildVectorDisplayTiles } from './build-vector-display-tiles.ts';
import {
  everyTileSkipped,
  type PhaseId,
  type PhaseResult,
  type ProgressCallback,
  type RawPhaseId,
} from './phase-types.ts';

export interface AreaProductOptions {
  /** Prepare population / buildings (the terrain request's include_population / include_buildings). */
  includePopulation?: boolean;
  includeBuildings?: boolean;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  /** Work tiles in flight per phase. */
  concurrency?: number;
}

export interface AreaProductsResult {
  tiles: TileAddress[];
  phases: PhaseResult[];
}

const usable = (result: PhaseResult | undefined) =>
  result !== undefined && ['complete', 'cached', 'partial'].includes(result.status);

const blocked = (phase: PhaseId, total: number): PhaseResult => ({
  phase,
  status: 'blocked',
  counts: { total, completed: 0, failed: 0, skipped: total },
  cached: 0,
  tiles: everyTileSkipped(total),
});

export async function buildAreaProducts(
  area: AreaPolygon,
  providers: Record<DatasetName, SourceProvider>,
  store: BlobStore,
  options: AreaProductOptions = {},
): Promise<AreaProductsResult> {
  const tiles = workTilesForArea(area);
  const common = {
    tiles,
    store,
    onProgress: options.onProgress,
    signal: options.signal,
    concurrency: options.concurrency,
  };
  const elevation = asRasterProvider(providers.elevation);
  const landCover = asRasterProvider(providers.land_cover);
  const roads = asVectorProvider(providers.roads);
  const buildings = options.includeBuildings === false ? undefined : asVectorProvider(providers.buildings);
  const population = options.includePopulation === false ? undefined : providers.population;
  const phases: PhaseResult[] = [];
  const raw = new Map<RawPhaseId, PhaseResult>();
  const keep = <T extends PhaseResult>(result: T): T => {
    const { built: _built, ...rest } = result as T & { built?: unknown };
    phases.push(rest as PhaseResult);
    return result;
  };

  raw.set(
    'terrain_source_artifacts',
    keep(await buildRawArtifacts({ ...common, phase: 'terrain_source_artifacts', providers: [elevation, landCover] })),
  );
  raw.set('road_artifacts', keep(await buildRawArtifacts({ ...common, phase: 'road_artifacts', providers: [roads] })));
  raw.set(
    'soil_artifacts',
    keep(await buildRawArtifacts({ ...common, phase: 'soil_artifacts', providers: [providers.soil] })),
  );
  if (population)
    raw.set(
      'population_artifacts',
      keep(await buildRawArtifacts({ ...common, phase: 'population_artifacts', providers: [population] })),
    );
  if (buildings)
    raw.set(
      'buildings_artifacts',
      keep(await buildRawArtifacts({ ...common, phase: 'buildings_artifacts', providers: [buildings] })),
    );

  const terrainReady = usable(raw.get('terrain_source_artifacts'));
  const roadsReady = usable(raw.get('road_artifacts'));
  keep(
    terrainReady
      ? await buildTerrainDisplayTiles({ ...common, elevation, landCover })
      : blocked('terrain_display_tiles', tiles.length),
  );
  keep(
    roadsReady
      ? await buildVectorDisplayTiles({ ...common, dataset: 'roads', provider: roads })
      : blocked('road_display_tiles', tiles.length),
  );
  keep(
    usable(raw.get('soil_artifacts'))
      ? await buildVectorDisplayTiles({ ...common, dataset: 'soil', provider: providers.soil })
      : blocked('soil_display_tiles', tiles.length),
  );
  if (population) {
    keep(
      usable(raw.get('population_artifacts'))
        ? await buildVectorDisplayTiles({ ...common, dataset: 'population', provider: population })
        : blocked('population_display_tiles', tiles.length),
    );
  }
  if (buildings) {
    keep(
      usable(raw.get('buildings_artifacts'))
        ? await buildVectorDisplayTiles({ ...common, dataset: 'buildings', provider: buildings })
        : blocked('buildings_display_tiles', tiles.length),
    );
  }
  keep(roadsReady ? await buildRoadGraphProduct({ ...common, roads }) : blocked('terrain_road_graph', tiles.length));
  keep(
    terrainReady && roadsReady
      ? await buildTerrainSummaryProduct({
          ...common,
          area,
          elevation,
          landCover,
          roads,
          population: population && usable(raw.get('population_artifacts')) ? population : undefined,
          buildings: buildings && usable(raw.get('buildings_artifacts')) ? buildings : undefined,
        })
      : blocked('terrain_summary', tiles.length),
  );
  return { tiles, phases };
}

// terrain_summary: the area's TerrainSummary from the raw artifacts, one work tile at a time:
// slope from the elevation tile padded with its neighbours' edges (no seams at tile borders),
// mobility per vehicle class from slope, land cover and a roads mask, road lengths inside the
// polygon, waterways and the bridges, fords and tunnels over water (the roads source's waterways,
// also burnt into the mobility classes), and — when prepared — population and building counts. Stored as JSON under
// products/terrain_summary/<hash>.json (hash of the sources, the area and the version).
import { neighbourTiles } from '../../../domain/terrain/neighbour-tiles.ts';
import { mobilityRaster } from '../../../domain/terrain/mobility-raster.ts';
import { VEHICLE_CLASSES, type VehicleClass } from '../../../domain/terrain/mobility-config.ts';
import type { AreaPolygon, TileAddress, TileRaster } from '../../../domain/terrain/types.ts';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import type { RasterSourceProvider, SourceProvider, VectorSourceProvider } from '../sources/source-provider.ts';
import { deriveSlopeAndRuggedness } from '../products/raster/derive-slope-and-ruggedness.ts';
import { createTerrainSummaryAccumulator } from '../products/summary/create-terrain-summary-accumulator.ts';
import { roadsMask } from '../products/summary/roads-mask.ts';
import { applyWaterwaysOnTile } from '../products/summary/waterways-on-tile.ts';
import type { TerrainSummary } from '../products/summary/terrain-summary.ts';
import { artifactKey } from './artifact-key.ts';
import { decodeFeaturesArtifact } from './decode-features-artifact.ts';
import { decodeRasterArtifact } from './decode-raster-artifact.ts';
import { everyTileSkipped, type PhaseResult, type ProgressCallback } from './phase-types.ts';
import { terrainSummaryKey } from './terrain-summary-key.ts';
import {
  summaryFigures,
  summaryWarnings,
  syntheticSourceWarnings,
} from '../../../domain/terrain-job/terrain-warnings.ts';
import type { DatasetName } from '../../../domain/terrain/types.ts';
import { runTilePhase } from './run-tile-phase.ts';

export { SUMMARY_VERSION } from './terrain-summary-key.ts';
/** Decoded elevation tiles kept for the neighbours of the next tiles (rows of an area come in order). */
const ELEVATION_CACHE_TILES = 64;

export interface SummaryProductOptions {
  area: AreaPolygon;
  elevation: RasterSourceProvider;
  landCover: RasterSourceProvider;
  roads: VectorSourceProvider;
  /** Leave out to summarise without population / buildings (their figures are then null). */
  population?: SourceProvider;
  buildings?: VectorSourceProvider;
  tiles: readonly TileAddress[];
  store: BlobStore;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

export interface SummaryProductResult extends PhaseResult {
  key: string;
  summary: TerrainSummary | null;
}

export async function buildTerrainSummaryProduct(options: SummaryProductOptions): Promise<SummaryProductResult> {
  const { area, elevation, landCover, roads, population, buildings, tiles, store } = options;
  const key = terrainSummaryKey(
    {
      elevation: elevation.fingerprint,
      landCover: landCover.fingerprint,
      roads: roads.fingerprint,
      population: population?.fingerprint,
      buildings: buildings?.fingerprint,
    },
    area,
  );
  const existing = await store.get(key);
  if (existing) {
    const counts = { total: tiles.length, completed: 0, failed: 0, skipped: tiles.length };
    const skipped = everyTileSkipped(tiles.length);
    options.onProgress?.({ phase: 'terrain_summary', counts, cached: tiles.length, tiles: skipped });
    const summary = JSON.parse(new TextDecoder().decode(existing)) as TerrainSummary;
    return {
      phase: 'terrain_summary',
      status: 'cached',
      counts,
      cached: tiles.length,
      tiles: skipped,
      key,
      summary,
      summary_figures: summaryFigures(summary),
    };
  }

  const inArea = new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`));
  const cache = new Map<string, TileRaster | null>();
  const elevationTile = async (tile: TileAddress | null): Promise<TileRaster | null> => {
    if (!tile || !inArea.has(`${tile.z}/${tile.x}/${tile.y}`)) return null;
    const k = `${tile.z}/${tile.x}/${tile.y}`;
    if (!cache.has(k)) {
      if (cache.size >= ELEVATION_CACHE_TILES) cache.delete(cache.keys().next().value!);
      const blob = await store.get(artifactKey(elevation, tile));
      cache.set(k, blob ? decodeRasterArtifact(blob) : null);
    }
    return cache.get(k)!;
  };

  const accumulator = createTerrainSummaryAccumulator(area);
  if (population) accumulator.addPopulation([]);
  if (buildings) accumulator.addBuildings([]);
  const result = await runTilePhase({
    phase: 'terrain_summary',
    tiles,
    onProgress: options.onProgress,
    signal: options.signal,
    async work(tile) {
      const [centre, landCoverBlob, roadsBlob] = await Promise.all([
        elevationTile(tile),
        store.get(artifactKey(landCover, tile)),
        store.get(artifactKey(roads, tile)),
      ]);
      if (!centre || !landCoverBlob || !roadsBlob) return 'absent';
      const around = neighbourTiles(tile);
      const neighbours = Object.fromEntries(
        await Promise.all(Object.entries(around).map(async ([side, t]) => [side, await elevationTile(t)])),
      );
      const { slope } = await deriveSlopeAndRuggedness(centre, neighbours, null, options.signal);
      const cover = decodeRasterArtifact(landCoverBlob);
      if (!(cover.data instanceof Uint8Array)) throw new TypeError('land-cover artifacts hold Uint8 classes');
      const roadFeatures = decodeFeaturesArtifact(roadsBlob).features;
      const mask = roadsMask(roadFeatures, tile, centre.size);
      const inputs = {
        slopeDegrees: slope.data as Float32Array,
        landCover: cover.data,
        landCoverNodata: cover.nodata,
        roads: mask,
      };
      const mobility = Object.fromEntries(VEHICLE_CLASSES.map((v) => [v, mobilityRaster(inputs, v)])) as Record<
        VehicleClass,
        Uint8Array
      >;
      if (roads.waterways) {
        // The river rule: waterways are obstacles in the mobility classes but at bridges, fords and tunnels.
        const waterways = (await roads.waterways.readTile(tile, options.signal)).features;
        accumulator.addWaterways(waterways);
        accumulator.addWaterCrossings(
          applyWaterwaysOnTile({
            tile,
            size: centre.size,
            waterways,
            roads: roadFeatures,
            landCover: cover.data,
            mobility,
          }),
        );
      }
      accumulator.addTerrain({
        tile,
        size: centre.size,
        elevation: centre.data as Float32Array,
        landCover: cover.data,
        landCoverNodata: cover.nodata,
        slope: slope.data as Float32Array,
        mobility,
      });
      accumulator.addRoads(roadFeatures);
      if (population) {
        const blob = await store.get(artifactKey(population, tile));
        if (blob)
          accumulator.addPopulation(
            population.kind === 'raster' ? decodeRasterArtifact(blob) : decodeFeaturesArtifact(blob).features,
          );
      }
      if (buildings) {
        const blob = await store.get(artifactKey(buildings, tile));
        if (blob) accumulator.addBuildings(decodeFeaturesArtifact(blob).features);
      }
      return 'built';
    },
  });
  if (result.status === 'canceled' || result.status === 'failed') return { ...result, key, summary: null };
  const figures = accumulator.summary();
  const sources: Partial<Record<DatasetName, SourceProvider>> = {
    elevation,
    land_cover: landCover,
    roads,
    population,
    buildings,
  };
  const summarised = (Object.keys(sources) as DatasetName[]).filter((d) => sources[d]);
  const summary: TerrainSummary = {
    ...figures,
    warnings: [...syntheticSourceWarnings(sources, summarised), ...summaryWarnings(summaryFigures(figures))],
  };
  await store.put(key, new TextEncoder().encode(JSON.stringify(summary)), 'application/json');
  const { built: _built, ...phase } = result;
  return { ...phase, key, summary, summary_figures: summaryFigures(summary) };
}

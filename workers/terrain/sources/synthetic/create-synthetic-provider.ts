// The deterministic synthetic source: every dataset, everywhere on the globe, offline. Values are
// pure functions of coordinates (hashed noise on the sphere and lattices of settlements and soil
// cells), so a place looks the same whichever tile asks first, in every process, on every run.
// Its description says "synthetic" so that the job's source message tells users it is not real data.
import type {
  DatasetName,
  TileAddress,
  TileFeature,
  TileFeatures,
  TileRaster,
} from '../../../../domain/terrain/types.ts';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import type { SourceProvider } from '../source-provider.ts';
import { clipFeatureToBounds } from '../vector/clip-feature-to-bounds.ts';
import { syntheticBuildings } from './synthetic-buildings.ts';
import { syntheticRasterTile } from './synthetic-raster-tile.ts';
import { syntheticRoads } from './synthetic-roads.ts';
import { syntheticSoil } from './synthetic-soil.ts';
import { SYNTHETIC_GENERATOR_VERSION } from './synthetic-world.ts';

const WHAT: Record<DatasetName, string> = {
  elevation: 'elevation (procedural relief, metres)',
  land_cover: 'land cover (ESA WorldCover classes from procedural relief and settlements)',
  population: 'population (persons per pixel around procedural settlements)',
  roads: 'roads (procedural network between settlements)',
  soil: 'soil (procedural USDA texture classes)',
  buildings: 'buildings (procedural footprints in settlements)',
};

const VECTOR: Record<'roads' | 'soil' | 'buildings', (bounds: ReturnType<typeof tileBounds>) => TileFeature[]> = {
  roads: syntheticRoads,
  soil: syntheticSoil,
  buildings: syntheticBuildings,
};

export function createSyntheticProvider(dataset: DatasetName): SourceProvider {
  const fingerprint = `synthetic:${dataset}:v${SYNTHETIC_GENERATOR_VERSION}`;
  const description = `Synthetic ${WHAT[dataset]}: deterministic generated data, not a real survey`;
  if (dataset === 'elevation' || dataset === 'land_cover' || dataset === 'population') {
    return {
      kind: 'raster',
      dataset,
      fingerprint,
      description,
      sampling: dataset === 'elevation' ? 'bilinear' : 'nearest',
      async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
        assertTileAddress(tile);
        signal?.throwIfAborted();
        return syntheticRasterTile(dataset, tile);
      },
    };
  }
  const generate = VECTOR[dataset];
  return {
    kind: 'vector',
    dataset,
    fingerprint,
    description,
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileFeatures> {
      assertTileAddress(tile);
      signal?.throwIfAborted();
      const bounds = tileBounds(tile);
      const features: TileFeature[] = [];
      for (const feature of generate(bounds)) {
        const clipped = clipFeatureToBounds(feature, bounds);
        if (clipped) features.push(clipped);
      }
      return { type: 'FeatureCollection', features };
    },
  };
}

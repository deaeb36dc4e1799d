// A vector provider over a source that is read whole once (an OSM PBF extract, a GeoJSON file, a
// FlatGeobuf file without spatial index): the first readTile loads and indexes every feature in an
// R-tree, later reads are an index search plus a clip. A failed load is not cached, so a source
// that was unreachable is tried again by the next read.
import RBush from 'rbush';
import { bbox } from '@turf/turf';
import type { DatasetName, TileAddress, TileFeature, TileFeatures } from '../../../../domain/terrain/types.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import type { VectorSourceProvider } from '../source-provider.ts';
import { clipFeatureToBounds } from './clip-feature-to-bounds.ts';

export interface IndexedVectorSource {
  dataset: DatasetName;
  fingerprint: string;
  description: string;
  /** Reads every feature of the source (lon/lat); throws SourceError. */
  load(signal?: AbortSignal): Promise<TileFeature[]>;
}

interface IndexedFeature {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Position in the source, so a tile lists features in source order whatever the tree does. */
  order: number;
  feature: TileFeature;
}

export function createIndexedVectorProvider(source: IndexedVectorSource): VectorSourceProvider {
  let index: Promise<RBush<IndexedFeature>> | null = null;
  const loadIndex = (signal?: AbortSignal): Promise<RBush<IndexedFeature>> => {
    index ??= source.load(signal).then(
      (features) => {
        const items = features
          .filter((f) => f.geometry !== null)
          .map((feature, order) => {
            const [minX, minY, maxX, maxY] = bbox(feature.geometry);
            return { minX, minY, maxX, maxY, order, feature };
          });
        return new RBush<IndexedFeature>().load(items);
      },
      (error: unknown) => {
        index = null;
        throw error;
      },
    );
    return index;
  };
  return {
    kind: 'vector',
    dataset: source.dataset,
    fingerprint: source.fingerprint,
    description: source.description,
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileFeatures> {
      assertTileAddress(tile);
      const tree = await loadIndex(signal);
      signal?.throwIfAborted();
      const bounds = tileBounds(tile);
      const [minX, minY, maxX, maxY] = bounds;
      const hits = tree.search({ minX, minY, maxX, maxY }).sort((a, b) => a.order - b.order);
      const features: TileFeature[] = [];
      for (const hit of hits) {
        const clipped = clipFeatureToBounds(hit.feature, bounds);
        if (clipped) features.push(clipped);
      }
      return { type: 'FeatureCollection', features };
    },
  };
}

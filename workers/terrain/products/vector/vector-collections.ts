// The Mapbox Vector Tile collections of the OGC Tiles API, one per vector dataset. The source-layer
// name inside every tile equals the collection id (service interface, "Tile encodings" 3).
import type { DatasetName } from '../../../../domain/terrain/types.ts';

export type VectorDataset = 'roads' | 'soil' | 'population' | 'buildings';

export const VECTOR_COLLECTIONS: Record<VectorDataset, string> = {
  roads: 'svc-native--roads',
  soil: 'svc-native--soil',
  population: 'svc-native--population',
  buildings: 'svc-native--buildings',
};

export const VECTOR_DATASETS = Object.keys(VECTOR_COLLECTIONS) as VectorDataset[];

export function isVectorDataset(dataset: DatasetName): dataset is VectorDataset {
  return dataset in VECTOR_COLLECTIONS;
}

// Roads or buildings from an OpenStreetMap PBF extract (a local file). The file is parsed once, on
// the first readTile, with osm-pbf-parser-node (a small streaming parser on `pbf` + node:zlib,
// ESM, typed); features are then served from an R-tree and clipped to each work tile. A roads
// provider also serves the extract's waterway lines (`waterways`), the obstacles its bridges cross.
import type { DatasetName } from '../../../../domain/terrain/types.ts';
import { SourceError, unreachableCode, type VectorSourceProvider } from '../source-provider.ts';
import { createIndexedVectorProvider, type IndexedVectorSource } from './create-indexed-vector-provider.ts';
import { locationFingerprint } from './location-fingerprint.ts';
import { readOsmPbf } from './osm/read-osm-pbf.ts';
import { OSM_SELECTIONS, osmFeatures, type OsmDataset } from './osm/osm-features.ts';

/** Bumped when the conversion from OSM changes, so earlier products are not reused. */
const OSM_READER_VERSION = 2;

function isOsmVectorDataset(dataset: DatasetName): dataset is 'roads' | 'buildings' {
  return dataset === 'roads' || dataset === 'buildings';
}

function isFileSystemError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/** The features of one dataset from an extract, read whole on first use (see create-indexed-vector-provider). */
export function osmPbfFeatureSource(dataset: OsmDataset, path: string): IndexedVectorSource {
  // waterways ride with the roads source: its errors are the roads source's
  const owner: DatasetName = dataset === 'waterways' ? 'roads' : dataset;
  return {
    dataset: owner,
    fingerprint: `${locationFingerprint('osm-pbf', OSM_READER_VERSION, path)}${dataset === 'waterways' ? ':waterways' : ''}`,
    description: `OpenStreetMap ${dataset.replace('_', ' ')} from ${path}`,
    async load(signal) {
      try {
        return osmFeatures(await readOsmPbf(path, OSM_SELECTIONS[dataset], signal), dataset);
      } catch (error) {
        if (signal?.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        if (isFileSystemError(error)) {
          throw new SourceError(unreachableCode(owner), `cannot read OSM PBF ${path}: ${message}`, owner);
        }
        throw new SourceError('INVALID_SOURCE_DATA', `OSM PBF ${path} is not readable as OSM data: ${message}`, owner);
      }
    },
  };
}

export function createOsmPbfProvider(dataset: DatasetName, path: string): VectorSourceProvider {
  if (!isOsmVectorDataset(dataset)) {
    throw new SourceError(
      'INVALID_SOURCE_CONFIG',
      `an OSM PBF vector source serves roads or buildings, not ${dataset}`,
      dataset,
    );
  }
  if (/^https?:\/\//i.test(path)) {
    throw new SourceError('INVALID_SOURCE_CONFIG', `an OSM PBF source must be a local file, got ${path}`, dataset);
  }
  const provider = createIndexedVectorProvider(osmPbfFeatureSource(dataset, path));
  if (dataset !== 'roads') return provider;
  return { ...provider, waterways: createIndexedVectorProvider(osmPbfFeatureSource('waterways', path)) };
}

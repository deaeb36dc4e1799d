// Any dataset's vector features (roads, soil, buildings...) from a GeoJSON file or http(s) URL.
// The document is read and indexed once, on the first readTile. Properties pass through as they
// are: the source is expected to carry the dataset's attributes (README "Terrain sources").
import type { DatasetName } from '../../../../domain/terrain/types.ts';
import { SourceError, type VectorSourceProvider } from '../source-provider.ts';
import { createIndexedVectorProvider } from './create-indexed-vector-provider.ts';
import { locationFingerprint } from './location-fingerprint.ts';
import { readLocationBytes } from './read-location-bytes.ts';
import { GeoJsonFormatError, parseGeoJsonFeatures } from './parse-geojson-features.ts';

const GEOJSON_READER_VERSION = 1;

export function createGeoJsonProvider(dataset: DatasetName, location: string): VectorSourceProvider {
  return createIndexedVectorProvider({
    dataset,
    fingerprint: locationFingerprint('geojson', GEOJSON_READER_VERSION, location),
    description: `GeoJSON ${dataset} from ${location}`,
    async load(signal) {
      const bytes = await readLocationBytes(location, dataset, signal);
      try {
        return parseGeoJsonFeatures(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch (error) {
        const message =
          error instanceof GeoJsonFormatError ? error.message : `not UTF-8 text (${(error as Error).message})`;
        throw new SourceError('INVALID_SOURCE_DATA', `GeoJSON ${location}: ${message}`, dataset);
      }
    },
  });
}

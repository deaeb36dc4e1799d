// Any dataset's vector features from a FlatGeobuf file or http(s) URL. With a spatial index (the
// default when GDAL or flatgeobuf write one) each tile reads only its features by byte range: the
// header and index once, then a few range reads per tile, so a national soil map over HTTP costs
// a tile's worth of bytes. A file without index is read whole once and indexed in memory.
import type { DatasetName, TileAddress, TileFeature, TileFeatures } from '../../../../domain/terrain/types.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import { SourceError, unreachableCode, type VectorSourceProvider } from '../source-provider.ts';
import { clipFeatureToBounds } from './clip-feature-to-bounds.ts';
import { createIndexedVectorProvider } from './create-indexed-vector-provider.ts';
import { locationFingerprint } from './location-fingerprint.ts';
import { ByteRangeError, openByteRangeSource } from './flatgeobuf/open-byte-range-source.ts';
import {
  FlatGeobufFormatError,
  readFlatGeobufIndex,
  type FlatGeobufIndex,
} from './flatgeobuf/read-flatgeobuf-index.ts';
import { searchFlatGeobufIndex } from './flatgeobuf/search-flatgeobuf-index.ts';
import { decodeFlatGeobufFeature, readFlatGeobufFeatures } from './flatgeobuf/read-flatgeobuf-features.ts';

const FLATGEOBUF_READER_VERSION = 1;

export function createFlatGeobufProvider(dataset: DatasetName, location: string): VectorSourceProvider {
  const source = openByteRangeSource(location);
  const fingerprint = locationFingerprint('flatgeobuf', FLATGEOBUF_READER_VERSION, location);
  const description = `FlatGeobuf ${dataset} from ${location}`;

  const asSourceError = (error: unknown, signal?: AbortSignal): unknown => {
    if (signal?.aborted || error instanceof SourceError) return error;
    const message = error instanceof Error ? error.message : String(error);
    const fsCode = (error as NodeJS.ErrnoException | null)?.code;
    if (
      (error instanceof ByteRangeError && error.unreachable) ||
      (typeof fsCode === 'string' && /^E[A-Z]+$/.test(fsCode))
    ) {
      return new SourceError(unreachableCode(dataset), `cannot read FlatGeobuf ${location}: ${message}`, dataset);
    }
    return new SourceError('INVALID_SOURCE_DATA', `FlatGeobuf ${location}: ${message}`, dataset);
  };

  let index: Promise<FlatGeobufIndex> | null = null;
  const loadIndex = (signal?: AbortSignal): Promise<FlatGeobufIndex> => {
    index ??= readFlatGeobufIndex(source, signal).then((read) => {
      const crs = read.header.crs;
      if (crs && crs.code !== 0 && !(crs.code === 4326 && (crs.org ?? 'EPSG').toUpperCase() === 'EPSG')) {
        throw new FlatGeobufFormatError(
          `CRS ${crs.org ?? ''}:${crs.code} is not supported; write the file in EPSG:4326`,
        );
      }
      return read;
    });
    index.catch(() => {
      index = null;
    }); // retry a failed open on the next read
    return index;
  };

  // Files without an index fall back to reading every feature once.
  const unindexed = createIndexedVectorProvider({
    dataset,
    fingerprint,
    description,
    async load(signal) {
      try {
        const { header, featuresStart, fileSize } = await loadIndex(signal);
        const bytes = await source.read(featuresStart, fileSize - featuresStart, signal);
        const features: TileFeature[] = [];
        for (let offset = 0, i = 0; offset < bytes.length; i++) {
          const feature = decodeFlatGeobufFeature(bytes.subarray(offset), i, header);
          features.push(feature);
          offset += 4 + new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0, true);
        }
        return features;
      } catch (error) {
        throw asSourceError(error, signal);
      }
    },
  });

  return {
    kind: 'vector',
    dataset,
    fingerprint,
    description,
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileFeatures> {
      assertTileAddress(tile);
      let read: FlatGeobufIndex;
      try {
        read = await loadIndex(signal);
      } catch (error) {
        throw asSourceError(error, signal);
      }
      if (!read.nodes) return unindexed.readTile(tile, signal);
      const bounds = tileBounds(tile);
      try {
        const ranges = searchFlatGeobufIndex(read, bounds);
        const features = await readFlatGeobufFeatures(source, read.header, ranges, signal);
        const clipped: TileFeature[] = [];
        for (const feature of features) {
          const part = clipFeatureToBounds(feature, bounds);
          if (part) clipped.push(part);
        }
        return { type: 'FeatureCollection', features: clipped };
      } catch (error) {
        throw asSourceError(error, signal);
      }
    },
  };
}

// Reads and decodes FlatGeobuf features by byte range. Neighbouring ranges are fetched in one read
// when the gap between them is small (a tile's features are close in Hilbert order), which keeps
// the number of HTTP requests per tile low without downloading much that is not needed.
import * as flatbuffers from 'flatbuffers';
import { Feature } from 'flatgeobuf/lib/mjs/flat-geobuf/feature.js';
import { fromFeature } from 'flatgeobuf/lib/mjs/geojson/feature.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { Geometry } from 'geojson';
import type { TileFeature } from '../../../../../domain/terrain/types.ts';
import type { ByteRangeSource } from './open-byte-range-source.ts';
import type { FeatureRange } from './search-flatgeobuf-index.ts';
import { FlatGeobufFormatError } from './read-flatgeobuf-index.ts';

const MAX_GAP_BYTES = 64 * 1024;

/** Decodes one size-prefixed feature; `bytes` starts at its size prefix. */
export function decodeFlatGeobufFeature(bytes: Uint8Array, index: number, header: HeaderMeta): TileFeature {
  if (bytes.length < 4) throw new FlatGeobufFormatError(`feature ${index} is truncated`);
  const size = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (size + 4 > bytes.length) throw new FlatGeobufFormatError(`feature ${index} is truncated`);
  try {
    const feature = Feature.getSizePrefixedRootAsFeature(new flatbuffers.ByteBuffer(bytes.subarray(0, size + 4)));
    const geojson = fromFeature(index, feature, header);
    return {
      type: 'Feature',
      id: `f${index}`,
      geometry: geojson.geometry as Geometry,
      properties: { ...(geojson.properties ?? {}) },
    };
  } catch (error) {
    throw new FlatGeobufFormatError(`feature ${index} is unreadable: ${(error as Error).message}`);
  }
}

export async function readFlatGeobufFeatures(
  source: ByteRangeSource,
  header: HeaderMeta,
  ranges: FeatureRange[],
  signal?: AbortSignal,
): Promise<TileFeature[]> {
  const features: TileFeature[] = [];
  let i = 0;
  while (i < ranges.length) {
    let j = i;
    while (j + 1 < ranges.length && ranges[j + 1].offset - (ranges[j].offset + ranges[j].length) <= MAX_GAP_BYTES) j++;
    const start = ranges[i].offset;
    const bytes = await source.read(start, ranges[j].offset + ranges[j].length - start, signal);
    for (let k = i; k <= j; k++) {
      features.push(decodeFlatGeobufFeature(bytes.subarray(ranges[k].offset - start), ranges[k].index, header));
    }
    i = j + 1;
  }
  return features;
}

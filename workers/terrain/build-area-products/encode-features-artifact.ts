// A work tile's clipped features as gzipped GeoJSON text: readable by any tool (zcat | ogr2ogr).
import { gzipSync } from 'node:zlib';
import type { TileFeatures } from '../../../domain/terrain/types.ts';

export function encodeFeaturesArtifact(features: TileFeatures): Uint8Array {
  return gzipSync(JSON.stringify(features), { level: 6 });
}

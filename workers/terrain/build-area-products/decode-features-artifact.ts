// Reads what encodeFeaturesArtifact wrote; anything else is a RangeError.
import { gunzipSync } from 'node:zlib';
import type { TileFeatures } from '../../../domain/terrain/types.ts';

export function decodeFeaturesArtifact(blob: Uint8Array): TileFeatures {
  let parsed: TileFeatures;
  try {
    parsed = JSON.parse(gunzipSync(blob).toString('utf8'));
  } catch (error) {
    throw new RangeError(`features artifact: ${(error as Error).message}`, { cause: error });
  }
  if (parsed?.type !== 'FeatureCollection' || !Array.isArray(parsed.features))
    throw new RangeError('features artifact: not a FeatureCollection');
  return parsed;
}

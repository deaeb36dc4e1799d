// Key of a raw artifact (README "Key scheme"):
//   artifacts/<dataset>/<source-hash>/<z>/<x>/<y>.raster.gz   a work raster (encodeRasterArtifact)
//   artifacts/<dataset>/<source-hash>/<z>/<x>/<y>.geojson.gz  clipped features (gzipped GeoJSON)
// source-hash = sourceHash(provider fingerprint, ARTIFACT_FORMAT): the same source over the same
// tile is the same key, for every area and job.
import type { TileAddress } from '../../../domain/terrain/types.ts';
import type { SourceProvider } from '../sources/source-provider.ts';
import { sourceHash } from '../../../domain/terrain/source-hash.ts';

export const ARTIFACT_FORMAT = 'artifact-v1';

export function artifactKey(
  provider: Pick<SourceProvider, 'dataset' | 'fingerprint' | 'kind'>,
  tile: TileAddress,
): string {
  const ext = provider.kind === 'raster' ? 'raster.gz' : 'geojson.gz';
  return `artifacts/${provider.dataset}/${sourceHash(provider.fingerprint, ARTIFACT_FORMAT)}/${tile.z}/${tile.x}/${tile.y}.${ext}`;
}

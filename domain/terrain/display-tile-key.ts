// Key of a display tile of an OGC Tiles collection (README "Key scheme"):
//   tiles/<collection>/<source-hash>/<z>/<x>/<y>.<png|mvt>
// source-hash = sourceHash(fingerprint of the dataset's provider, collection product version), so
// the tile server finds the tiles of the configured source, and a new source or a new encoder
// never serves stale tiles. An empty vector tile is stored as 0 bytes (served as 204).
import type { TileAddress } from './types.ts';
import { sourceHash } from './source-hash.ts';

export type DisplayCollection =
  | 'svc-native--terrain-elevation'
  | 'svc-native--terrain-landcover'
  | 'svc-native--roads'
  | 'svc-native--soil'
  | 'svc-native--population'
  | 'svc-native--buildings';

/** Bump a collection's version when its encoding or generalisation changes. */
export const DISPLAY_PRODUCT_VERSIONS: Record<DisplayCollection, string> = {
  'svc-native--terrain-elevation': 'png-elevation-v1',
  'svc-native--terrain-landcover': 'png-category-v1',
  'svc-native--roads': 'mvt-v1',
  'svc-native--soil': 'mvt-v1',
  'svc-native--population': 'mvt-v1',
  'svc-native--buildings': 'mvt-v1',
};

export function displayTileKey(collection: DisplayCollection, fingerprint: string, tile: TileAddress): string {
  const ext = collection.startsWith('svc-native--terrain-') ? 'png' : 'mvt';
  const hash = sourceHash(fingerprint, DISPLAY_PRODUCT_VERSIONS[collection]);
  return `tiles/${collection}/${hash}/${tile.z}/${tile.x}/${tile.y}.${ext}`;
}

// Key of an area product (README "Key scheme"):
//   products/<phase>/<hash>.<ext>
// where hash = sourceHash(the inputs' artifact hashes, the area's identity, the product version).
// Same sources, same area → same key → reused and reported as cached.
import { sourceHash } from '../../../domain/terrain/source-hash.ts';

export function productKey(phase: 'terrain_road_graph' | 'terrain_summary', ext: string, ...inputs: string[]): string {
  return `products/${phase}/${sourceHash(phase, ...inputs)}.${ext}`;
}

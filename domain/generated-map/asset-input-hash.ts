import { sourceHash } from '../terrain/source-hash.ts';

/**
 * The content address of an asset: a hash of its kind, the renderer version and its inputs (input
 * streams with their versions, products with their hashes), keys sorted so the order they were
 * gathered in does not matter. Same inputs, same hash: the asset is not drawn again.
 */
export function assetInputHash(
  kind: string,
  rendererVersion: string,
  inputs: Readonly<Record<string, string>>,
): string {
  const sorted = Object.keys(inputs)
    .sort()
    .map((key) => `${key}=${inputs[key]}`);
  return sourceHash('generated-map', kind, rendererVersion, ...sorted);
}

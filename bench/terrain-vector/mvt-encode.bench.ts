// MVT encoding throughput: work-zoom tiles of roads, buildings and soil from the synthetic source
// (features read once), encoded repeatedly; and parent tiles built from four children.
// Run: npx tsx bench/terrain-vector/mvt-encode.bench.ts
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import { encodeMvtTile } from '../../workers/terrain/products/vector/encode-mvt-tile.ts';
import { buildMvtTile } from '../../workers/terrain/products/vector/build-mvt-tile.ts';
import { VECTOR_COLLECTIONS } from '../../workers/terrain/products/vector/vector-collections.ts';
import { childTiles } from '../../domain/terrain/child-tiles.ts';
import type { TileAddress, TileFeatures } from '../../domain/terrain/types.ts';
import type { VectorSourceProvider } from '../../workers/terrain/sources/source-provider.ts';

const PARENT: TileAddress = { z: 11, x: 1166, y: 592 }; // around a synthetic town near 25 E, 60 N
for (const dataset of ['roads', 'buildings', 'soil'] as const) {
  const provider = createSyntheticProvider(dataset) as VectorSourceProvider;
  const children = childTiles(PARENT);
  const content: TileFeatures[] = await Promise.all(children.map((t) => provider.readTile(t)));
  const features = content.reduce((n, c) => n + c.features.length, 0);
  let bytes = 0;
  const rounds = 10;
  let started = performance.now();
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < 4; k++)
      bytes += encodeMvtTile(VECTOR_COLLECTIONS[dataset], content[k].features, children[k]).length;
  const seconds = (performance.now() - started) / 1000;
  const encoded = children.map((t, k) => encodeMvtTile(VECTOR_COLLECTIONS[dataset], content[k].features, t));
  started = performance.now();
  for (let r = 0; r < rounds; r++) buildMvtTile(dataset, PARENT, { kind: 'children', children: encoded });
  const parentSeconds = (performance.now() - started) / 1000;
  console.log(
    `${dataset}: ${(features / 4).toFixed(0)} features/tile, ${(bytes / rounds / 4 / 1024).toFixed(1)} KiB/tile, ` +
      `${((rounds * 4) / seconds).toFixed(0)} work tiles/s encoded, ${(rounds / parentSeconds).toFixed(0)} parent tiles/s (decode 4 + merge + encode)`,
  );
}

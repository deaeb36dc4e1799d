// A vector display phase (road/soil/population/buildings_display_tiles): one MVT per work tile from
// the raw artifact, then the pyramid up to DISPLAY_MIN_ZOOM, each parent from its four children in
// the store (buildMvtTile). Parents are rebuilt when a child was rebuilt in this run or when the
// parent is missing (a run that stopped half-way), so a second run over the same area rebuilds
// nothing and a neighbouring area adds its tiles to the shared parents. Counts are work tiles.
import { displayPyramidTiles } from '../../../domain/terrain/display-pyramid-tiles.ts';
import { childTiles } from '../../../domain/terrain/child-tiles.ts';
import type { TileAddress } from '../../../domain/terrain/types.ts';
import { DISPLAY_MIN_ZOOM } from '../../../domain/terrain/work-grid.ts';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import type { SourceProvider } from '../sources/source-provider.ts';
import { buildMvtTile } from '../products/vector/build-mvt-tile.ts';
import { VECTOR_COLLECTIONS, type VectorDataset } from '../products/vector/vector-collections.ts';
import { artifactKey } from './artifact-key.ts';
import { decodeFeaturesArtifact } from './decode-features-artifact.ts';
import { decodeRasterArtifact } from './decode-raster-artifact.ts';
import { displayTileKey, type DisplayCollection } from '../../../domain/terrain/display-tile-key.ts';
import type { DisplayPhaseId, ProgressCallback } from './phase-types.ts';
import { runTilePhase, type TilePhaseResult } from './run-tile-phase.ts';

const PHASES: Record<VectorDataset, DisplayPhaseId> = {
  roads: 'road_display_tiles',
  soil: 'soil_display_tiles',
  population: 'population_display_tiles',
  buildings: 'buildings_display_tiles',
};
const MVT = 'application/vnd.mapbox-vector-tile';
const id = (t: TileAddress) => `${t.z}/${t.x}/${t.y}`;

export interface VectorDisplayOptions {
  dataset: VectorDataset;
  /** The provider the raw phase read: its fingerprint addresses both artifacts and tiles. */
  provider: SourceProvider;
  tiles: readonly TileAddress[];
  store: BlobStore;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  concurrency?: number;
  minZoom?: number;
}

export interface VectorDisplayResult extends TilePhaseResult {
  /** Parent tiles written above the work zoom. */
  pyramidTiles: number;
}

export async function buildVectorDisplayTiles(options: VectorDisplayOptions): Promise<VectorDisplayResult> {
  const { dataset, provider, store, signal } = options;
  const collection = VECTOR_COLLECTIONS[dataset] as DisplayCollection;
  const keyOf = (tile: TileAddress) => displayTileKey(collection, provider.fingerprint, tile);

  const result = await runTilePhase({
    ...options,
    phase: PHASES[dataset],
    async work(tile) {
      const key = keyOf(tile);
      if (await store.has(key)) return 'cached';
      const artifact = await store.get(artifactKey(provider, tile));
      if (!artifact) return 'absent';
      const bytes =
        provider.kind === 'raster'
          ? buildMvtTile(dataset, tile, { kind: 'raster', raster: decodeRasterArtifact(artifact) })
          : buildMvtTile(dataset, tile, { kind: 'features', collection: decodeFeaturesArtifact(artifact) });
      await store.put(key, bytes, MVT);
      return 'built';
    },
  });

  let pyramidTiles = 0;
  let rebuilt = new Set(result.built.map(id));
  if (result.status !== 'canceled') {
    for (const level of displayPyramidTiles(options.tiles, options.minZoom ?? DISPLAY_MIN_ZOOM)) {
      const rebuiltHere = new Set<string>();
      for (const parent of level.tiles) {
        signal?.throwIfAborted();
        const children = childTiles(parent);
        const stale = children.some((child) => rebuilt.has(id(child)));
        if (!stale && (await store.has(keyOf(parent)))) continue;
        const bytes = buildMvtTile(dataset, parent, {
          kind: 'children',
          children: await Promise.all(children.map((c) => store.get(keyOf(c)))),
        });
        await store.put(keyOf(parent), bytes, MVT);
        rebuiltHere.add(id(parent));
        pyramidTiles++;
      }
      rebuilt = rebuiltHere;
    }
  }
  return { ...result, pyramidTiles };
}

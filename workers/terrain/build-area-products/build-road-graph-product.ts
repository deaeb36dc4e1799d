// terrain_road_graph: the routable graph of the area's roads, from the road artifacts of all its
// work tiles (streamed one tile at a time into the builder), stored in binary form
// (serialiseRoadGraph) with its connected-component statistics beside it as JSON:
//   products/terrain_road_graph/<hash>.rdg   and   products/terrain_road_graph/<hash>.json
// Counts are work tiles read; a tile without a road artifact is skipped (the raw phase failed it).
import type { TileAddress } from '../../../domain/terrain/types.ts';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import type { VectorSourceProvider } from '../sources/source-provider.ts';
import { createRoadGraphBuilder } from '../products/road-graph/create-road-graph-builder.ts';
import { roadGraphComponents, type RoadGraphComponents } from '../products/road-graph/road-graph-components.ts';
import { serialiseRoadGraph } from '../products/road-graph/serialise-road-graph.ts';
import { ARTIFACT_FORMAT, artifactKey } from './artifact-key.ts';
import { sourceHash } from '../../../domain/terrain/source-hash.ts';
import { decodeFeaturesArtifact } from './decode-features-artifact.ts';
import { everyTileSkipped, type PhaseResult, type ProgressCallback } from './phase-types.ts';
import { productKey } from './product-key.ts';
import { runTilePhase } from './run-tile-phase.ts';

export const ROAD_GRAPH_VERSION = 'road-graph-v1';

export interface RoadGraphProductOptions {
  roads: VectorSourceProvider;
  tiles: readonly TileAddress[];
  store: BlobStore;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
}

export interface RoadGraphProductResult extends PhaseResult {
  key: string;
  statsKey: string;
  stats: (RoadGraphComponents & { nodes: number; edges: number }) | null;
}

export async function buildRoadGraphProduct(options: RoadGraphProductOptions): Promise<RoadGraphProductResult> {
  const { roads, tiles, store } = options;
  const tileList = [...tiles]
    .map((t) => `${t.z}/${t.x}/${t.y}`)
    .sort()
    .join(',');
  const key = productKey(
    'terrain_road_graph',
    'rdg',
    sourceHash(roads.fingerprint, ARTIFACT_FORMAT),
    tileList,
    ROAD_GRAPH_VERSION,
  );
  const statsKey = key.replace(/\.rdg$/, '.json');
  const existing = await store.get(statsKey);
  if (existing && (await store.has(key))) {
    const counts = { total: tiles.length, completed: 0, failed: 0, skipped: tiles.length };
    const skipped = everyTileSkipped(tiles.length);
    options.onProgress?.({ phase: 'terrain_road_graph', counts, cached: tiles.length, tiles: skipped });
    return {
      phase: 'terrain_road_graph',
      status: 'cached',
      counts,
      cached: tiles.length,
      tiles: skipped,
      key,
      statsKey,
      stats: JSON.parse(new TextDecoder().decode(existing)),
    };
  }
  const builder = createRoadGraphBuilder();
  const result = await runTilePhase({
    phase: 'terrain_road_graph',
    tiles,
    onProgress: options.onProgress,
    signal: options.signal,
    async work(tile) {
      const blob = await store.get(artifactKey(roads, tile));
      if (!blob) return 'absent';
      builder.add(decodeFeaturesArtifact(blob).features);
      return 'built';
    },
  });
  if (result.status === 'canceled' || result.status === 'failed') return { ...result, key, statsKey, stats: null };
  const graph = builder.build();
  const stats = { nodes: graph.nodes.length, edges: graph.edges.length, ...roadGraphComponents(graph) };
  await store.put(key, serialiseRoadGraph(graph), 'application/octet-stream');
  await store.put(statsKey, new TextEncoder().encode(JSON.stringify(stats)), 'application/json');
  const { built: _built, ...phase } = result;
  return { ...phase, key, statsKey, stats };
}

// A raw phase: every work tile read once from its source(s), normalised and stored as artifacts
// (artifactKey). terrain_source_artifacts reads two providers (elevation and land cover) per tile;
// the other raw phases one. A tile whose artifacts all exist is cached and the source is not read.
import type { TileAddress, TileFeatures, TileRaster } from '../../../domain/terrain/types.ts';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import type { SourceProvider } from '../sources/source-provider.ts';
import { artifactKey } from './artifact-key.ts';
import { encodeFeaturesArtifact } from './encode-features-artifact.ts';
import { encodeRasterArtifact } from './encode-raster-artifact.ts';
import type { ProgressCallback, RawPhaseId } from './phase-types.ts';
import { runTilePhase, type TilePhaseResult } from './run-tile-phase.ts';

export interface RawPhaseOptions {
  phase: RawPhaseId;
  providers: readonly SourceProvider[];
  tiles: readonly TileAddress[];
  store: BlobStore;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  concurrency?: number;
}

export async function buildRawArtifacts(options: RawPhaseOptions): Promise<TilePhaseResult> {
  const { providers, store } = options;
  const result = await runTilePhase({
    ...options,
    async work(tile, signal) {
      let built = false;
      for (const provider of providers) {
        const key = artifactKey(provider, tile);
        if (await store.has(key)) continue;
        const content = await provider.readTile(tile, signal);
        const bytes =
          provider.kind === 'raster'
            ? encodeRasterArtifact(content as TileRaster)
            : encodeFeaturesArtifact(content as TileFeatures);
        await store.put(key, bytes, provider.kind === 'raster' ? 'application/octet-stream' : 'application/geo+json');
        built = true;
      }
      return built ? 'built' : 'cached';
    },
  });
  return { ...result, message: providers.map((p) => p.description).join('; ') };
}

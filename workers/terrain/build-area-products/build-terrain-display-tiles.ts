// terrain_display_tiles: the elevation and land-cover PNG tiles of each work tile, from the raw
// artifacts (the other engineer's encoders), then their pyramids up to DISPLAY_MIN_ZOOM with
// buildDisplayPyramid (mean of 2x2 for elevation, most frequent class for land cover), above the
// work tiles rebuilt in this run. Counts are work tiles; a tile whose two PNGs exist is cached.
import type { TileAddress, TileRaster } from '../../../domain/terrain/types.ts';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import type { RasterSourceProvider } from '../sources/source-provider.ts';
import { buildDisplayPyramid, type PyramidTileStore } from '../products/raster/build-display-pyramid.ts';
import { decodeElevationPng } from '../products/raster/decode-elevation-png.ts';
import { decodeLandCoverPng } from '../products/raster/decode-land-cover-png.ts';
import { encodeElevationPng } from '../products/raster/encode-elevation-png.ts';
import { encodeLandCoverPng } from '../products/raster/encode-land-cover-png.ts';
import { artifactKey } from './artifact-key.ts';
import { decodeRasterArtifact } from './decode-raster-artifact.ts';
import { displayTileKey } from '../../../domain/terrain/display-tile-key.ts';
import type { ProgressCallback } from './phase-types.ts';
import { runTilePhase, type TilePhaseResult } from './run-tile-phase.ts';

/**
 * Land-cover tiles mark nodata with alpha 0 whatever the source's nodata value; read back for the
 * pyramid, those pixels become 0, which is no WorldCover class (WorldCover itself uses 0 as nodata).
 */
const LAND_COVER_NODATA = 0;

export interface TerrainDisplayOptions {
  elevation: RasterSourceProvider;
  landCover: RasterSourceProvider;
  tiles: readonly TileAddress[];
  store: BlobStore;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  concurrency?: number;
  minZoom?: number;
}

export interface TerrainDisplayResult extends TilePhaseResult {
  pyramidTiles: number;
}

function pngStore(store: BlobStore, kind: 'elevation' | 'land_cover', fingerprint: string): PyramidTileStore {
  const collection = kind === 'elevation' ? 'svc-native--terrain-elevation' : 'svc-native--terrain-landcover';
  return {
    async read(tile) {
      const png = await store.get(displayTileKey(collection, fingerprint, tile));
      if (!png) return null;
      if (kind === 'elevation') {
        const { size, values } = decodeElevationPng(png);
        return { tile, size, data: values, nodata: NaN };
      }
      const { size, values } = decodeLandCoverPng(png, LAND_COVER_NODATA);
      return { tile, size, data: values, nodata: LAND_COVER_NODATA };
    },
    async write(raster: TileRaster) {
      const png = kind === 'elevation' ? encodeElevationPng(raster) : encodeLandCoverPng(raster);
      await store.put(displayTileKey(collection, fingerprint, raster.tile), png, 'image/png');
    },
  };
}

export async function buildTerrainDisplayTiles(options: TerrainDisplayOptions): Promise<TerrainDisplayResult> {
  const { elevation, landCover, store } = options;
  const elevationTiles = pngStore(store, 'elevation', elevation.fingerprint);
  const landCoverTiles = pngStore(store, 'land_cover', landCover.fingerprint);
  const result = await runTilePhase({
    ...options,
    phase: 'terrain_display_tiles',
    async work(tile) {
      const keys = [
        displayTileKey('svc-native--terrain-elevation', elevation.fingerprint, tile),
        displayTileKey('svc-native--terrain-landcover', landCover.fingerprint, tile),
      ];
      const [haveElevation, haveLandCover] = await Promise.all(keys.map((k) => store.has(k)));
      if (haveElevation && haveLandCover) return 'cached';
      const [elevationBlob, landCoverBlob] = await Promise.all([
        store.get(artifactKey(elevation, tile)),
        store.get(artifactKey(landCover, tile)),
      ]);
      if (!elevationBlob || !landCoverBlob) return 'absent';
      if (!haveElevation) await elevationTiles.write(decodeRasterArtifact(elevationBlob));
      if (!haveLandCover) await landCoverTiles.write(decodeRasterArtifact(landCoverBlob));
      return 'built';
    },
  });
  let pyramidTiles = 0;
  if (result.built.length > 0 && result.status !== 'canceled') {
    const pyramid = { minZoom: options.minZoom, signal: options.signal };
    pyramidTiles += await buildDisplayPyramid(result.built, 'continuous', elevationTiles, pyramid);
    pyramidTiles += await buildDisplayPyramid(result.built, 'categorical', landCoverTiles, pyramid);
  }
  return { ...result, pyramidTiles };
}

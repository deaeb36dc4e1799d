// The mobility raster of one movement class on a map's face: per work tile of the terrain job inside
// the frame, the class mobilityRaster gives from the job's own raw artifacts — slope of the elevation
// tile padded with its neighbours, land cover, and the roads mask (a road pixel is GO) — exactly as
// the terrain summary computes it; each face pixel takes the work pixel under its centre.
import type { MapFrame } from '../../domain/cartography/map-composition.ts';
import { framePixelsInMosaic } from '../../domain/generated-map/frame-pixels-in-mosaic.ts';
import { mosaicForFrame } from '../../domain/generated-map/mosaic-for-frame.ts';
import type { VehicleClass } from '../../domain/terrain/mobility-config.ts';
import { MOBILITY_NODATA } from '../../domain/terrain/mobility-config.ts';
import { mobilityRaster } from '../../domain/terrain/mobility-raster.ts';
import { neighbourTiles } from '../../domain/terrain/neighbour-tiles.ts';
import type { TileAddress, TileRaster } from '../../domain/terrain/types.ts';
import { TILE_SIZE, WORK_ZOOM } from '../../domain/terrain/work-grid.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { artifactKey } from '../terrain/build-area-products/artifact-key.ts';
import { decodeFeaturesArtifact } from '../terrain/build-area-products/decode-features-artifact.ts';
import { decodeRasterArtifact } from '../terrain/build-area-products/decode-raster-artifact.ts';
import { deriveSlopeAndRuggedness } from '../terrain/products/raster/derive-slope-and-ruggedness.ts';
import { roadsMask } from '../terrain/products/summary/roads-mask.ts';
import { workTilesInFrame } from './read-frame-roads.ts';

export interface MobilitySources {
  elevation: string;
  land_cover: string;
  roads: string;
}

/** Mobility codes of every work tile of the job inside the frame, keyed "x/y" (absent artifacts: no entry). */
export async function readWorkTileMobility(
  blobStore: BlobStore,
  frame: MapFrame,
  sources: MobilitySources,
  workTiles: ReadonlyArray<readonly [number, number]>,
  vehicle: VehicleClass,
): Promise<Map<string, Uint8Array>> {
  const prepared = new Set(workTiles.map(([x, y]) => `${x}/${y}`));
  const elevationCache = new Map<string, Promise<TileRaster | null>>();
  const provider = (dataset: 'elevation' | 'land_cover' | 'roads') =>
    ({ dataset, fingerprint: sources[dataset], kind: dataset === 'roads' ? 'vector' : 'raster' }) as const;
  const elevation = (tile: TileAddress | null): Promise<TileRaster | null> => {
    if (!tile || !prepared.has(`${tile.x}/${tile.y}`)) return Promise.resolve(null);
    const key = `${tile.x}/${tile.y}`;
    if (!elevationCache.has(key)) {
      elevationCache.set(
        key,
        blobStore
          .get(artifactKey(provider('elevation'), tile))
          .then((blob) => (blob ? decodeRasterArtifact(blob) : null)),
      );
    }
    return elevationCache.get(key)!;
  };
  const out = new Map<string, Uint8Array>();
  for (const tile of workTilesInFrame(frame, workTiles)) {
    const [centre, coverBlob, roadsBlob] = await Promise.all([
      elevation(tile),
      blobStore.get(artifactKey(provider('land_cover'), tile)),
      blobStore.get(artifactKey(provider('roads'), tile)),
    ]);
    if (!centre || !coverBlob) continue;
    const around = neighbourTiles(tile);
    const neighbours = Object.fromEntries(
      await Promise.all(Object.entries(around).map(async ([side, t]) => [side, await elevation(t)] as const)),
    );
    const { slope } = await deriveSlopeAndRuggedness(centre, neighbours, null);
    const cover = decodeRasterArtifact(coverBlob);
    if (!(cover.data instanceof Uint8Array)) throw new TypeError('land-cover artifacts hold Uint8 classes');
    const roads = roadsBlob ? roadsMask(decodeFeaturesArtifact(roadsBlob).features, tile, centre.size) : null;
    out.set(
      `${tile.x}/${tile.y}`,
      mobilityRaster(
        {
          slopeDegrees: slope.data as Float32Array,
          landCover: cover.data,
          landCoverNodata: cover.nodata,
          roads,
        },
        vehicle,
      ),
    );
  }
  return out;
}

/** The mobility code under each face pixel's centre (MOBILITY_NODATA off the prepared tiles). */
export async function readFrameMobility(
  blobStore: BlobStore,
  frame: MapFrame,
  sources: MobilitySources,
  workTiles: ReadonlyArray<readonly [number, number]>,
  vehicle: VehicleClass,
): Promise<Uint8Array> {
  const tiles = await readWorkTileMobility(blobStore, frame, sources, workTiles, vehicle);
  const mosaic = mosaicForFrame(frame, WORK_ZOOM);
  const { u, v } = framePixelsInMosaic(frame, mosaic);
  const out = new Uint8Array(frame.width * frame.height).fill(MOBILITY_NODATA);
  for (let row = 0; row < frame.height; row++) {
    const gy = Math.floor(v[row]!);
    if (gy < 0) continue;
    const ty = mosaic.tileY + Math.floor(gy / TILE_SIZE),
      r = gy % TILE_SIZE;
    for (let col = 0; col < frame.width; col++) {
      const gx = Math.floor(u[col]!);
      if (gx < 0) continue;
      const values = tiles.get(`${mosaic.tileX + Math.floor(gx / TILE_SIZE)}/${ty}`);
      if (values) out[row * frame.width + col] = values[r * TILE_SIZE + (gx % TILE_SIZE)]!;
    }
  }
  return out;
}

// The relief and land cover of a map's face, read from the same stored tiles the OGC Tiles
// collections serve (svc-native--terrain-elevation and -landcover, terrain-RGB and category PNGs at
// the display zoom whose pixels best match the face): the elevation is hillshaded on the tile mosaic
// with the true ground size of each row, then resampled bilinearly; land cover is taken nearest.
import type { MapFrame } from '../../domain/cartography/map-composition.ts';
import { hillshade } from '../../domain/generated-map/hillshade.ts';
import { bilinearToFrame } from '../../domain/generated-map/bilinear-to-frame.ts';
import { mosaicForFrame } from '../../domain/generated-map/mosaic-for-frame.ts';
import { mosaicTiles } from '../../domain/generated-map/mosaic-tiles.ts';
import { mosaicZoomForFrame } from '../../domain/generated-map/mosaic-zoom-for-frame.ts';
import { nearestMosaicCells } from '../../domain/generated-map/nearest-mosaic-cells.ts';
import type { TileMosaic } from '../../domain/generated-map/tile-mosaic.ts';
import { decodeCategoryRgba } from '../../domain/terrain/decode-category-rgba.ts';
import { decodeElevationRgba } from '../../domain/terrain/decode-elevation-rgba.ts';
import { displayTileKey, type DisplayCollection } from '../../domain/terrain/display-tile-key.ts';
import { pixelGroundSizeMeters } from '../../domain/terrain/pixel-ground-size-meters.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { readRgbaPng } from '../terrain/products/raster/read-rgba-png.ts';

export interface ReliefAndLandCover {
  /** The display zoom read. */
  zoom: number;
  /** Hillshade on the face, 0–1, NaN where no elevation tile covers it. */
  shade: Float32Array;
  /** WorldCover code on the face, 0 where none. */
  landCover: Uint8Array;
}

/** Copies each tile's values into a mosaic-sized grid (tiles absent from the store keep `fill`). */
async function readMosaic<T extends Float32Array | Uint8Array>(
  mosaic: TileMosaic,
  grid: T,
  read: (tile: TileAddress) => Promise<T | null>,
): Promise<T> {
  const width = mosaic.tilesWide * TILE_SIZE;
  for (const tile of mosaicTiles(mosaic)) {
    const values = await read(tile);
    if (!values) continue;
    const ox = (tile.x - mosaic.tileX) * TILE_SIZE,
      oy = (tile.y - mosaic.tileY) * TILE_SIZE;
    for (let row = 0; row < TILE_SIZE; row++) {
      grid.set(values.subarray(row * TILE_SIZE, (row + 1) * TILE_SIZE), (oy + row) * width + ox);
    }
  }
  return grid;
}

export async function readReliefAndLandCover(
  blobStore: BlobStore,
  frame: MapFrame,
  fingerprints: { elevation: string; land_cover: string | null },
): Promise<ReliefAndLandCover> {
  const zoom = mosaicZoomForFrame(frame);
  const mosaic = mosaicForFrame(frame, zoom);
  const cells = mosaic.tilesWide * TILE_SIZE * mosaic.tilesHigh * TILE_SIZE;
  const tileRgba = async (collection: DisplayCollection, fingerprint: string, tile: TileAddress) => {
    const bytes = await blobStore.get(displayTileKey(collection, fingerprint, tile));
    if (!bytes || bytes.length === 0) return null;
    const { size, rgba } = readRgbaPng(bytes);
    if (size !== TILE_SIZE) throw new RangeError(`display tile ${tile.z}/${tile.x}/${tile.y} is ${size} px`);
    return rgba;
  };
  const elevation = await readMosaic(mosaic, new Float32Array(cells).fill(Number.NaN), async (tile) => {
    const rgba = await tileRgba('svc-native--terrain-elevation', fingerprints.elevation, tile);
    return rgba ? decodeElevationRgba(rgba) : null;
  });
  const rows = mosaic.tilesHigh * TILE_SIZE;
  const spacing = Float64Array.from({ length: rows }, (_, r) =>
    pixelGroundSizeMeters({ z: zoom, x: mosaic.tileX, y: mosaic.tileY + Math.floor(r / TILE_SIZE) }, r % TILE_SIZE),
  );
  const shaded = hillshade({ width: mosaic.tilesWide * TILE_SIZE, height: rows, data: elevation }, spacing);
  const shade = bilinearToFrame(frame, mosaic, shaded);
  const landCover = new Uint8Array(frame.width * frame.height);
  const landCoverFingerprint = fingerprints.land_cover;
  if (landCoverFingerprint) {
    const codes = await readMosaic(mosaic, new Uint8Array(cells), async (tile) => {
      const rgba = await tileRgba('svc-native--terrain-landcover', landCoverFingerprint, tile);
      return rgba ? decodeCategoryRgba(rgba, 0) : null;
    });
    const nearest = nearestMosaicCells(frame, mosaic);
    for (let i = 0; i < nearest.length; i++) if (nearest[i]! >= 0) landCover[i] = codes[nearest[i]!]!;
  }
  return { zoom, shade, landCover };
}

// Raster results of analyses as map-owned OGC tiles (viewshed, RF coverage): the blob key of a
// tile and its two encodings per tool. Pure.
//   value (data tiles, `/tiles/...`): RGBA PNG; alpha 0 = outside the radius or nodata (not computed);
//     viewshed: R = 1 visible, 0 hidden; RF: RGB packs the received dBm (packReceivedDbm).
//   display (map tiles, `/map/tiles/...`): colour ramps — viewshed visible green (46, 160, 67, 150),
//     hidden red (200, 40, 40, 110); RF below the sensitivity grey, above it yellow to red.
import type { TileAddress } from '../terrain/types.ts';
import { TILE_SIZE } from '../terrain/work-grid.ts';
import { VIEWSHED_OUTSIDE, VIEWSHED_VISIBLE } from '../terrain-analysis/viewshed.ts';
import type { FootprintGrid } from './footprint-grid.ts';

export const RASTER_TILE_KINDS = ['value', 'display'] as const;
export type RasterTileKind = (typeof RASTER_TILE_KINDS)[number];

/** Blob key: analyses/<layer id>/<kind>/<z>/<x>/<y>.png (a layer's tiles never change once written). */
export function rasterResultTileKey(layerId: string, kind: RasterTileKind, tile: TileAddress): string {
  return `analyses/${layerId}/${kind}/${tile.z}/${tile.x}/${tile.y}.png`;
}

const VISIBLE_RGBA = [46, 160, 67, 150] as const;
const HIDDEN_RGBA = [200, 40, 40, 110] as const;

/** RGBA pixels of footprint tile `tile`: `paint` writes the pixel of grid cell `index` at `rgba[at..at+3]`. */
function footprintTileRgba(
  grid: FootprintGrid,
  tile: TileAddress,
  paint: (index: number, rgba: Uint8Array, at: number) => void,
): Uint8Array {
  const offsetCol = (tile.x - grid.tileX) * TILE_SIZE,
    offsetRow = (tile.y - grid.tileY) * TILE_SIZE;
  if (tile.z !== grid.zoom || offsetCol < 0 || offsetRow < 0 || offsetCol >= grid.width || offsetRow >= grid.height) {
    throw new RangeError(`tile ${tile.z}/${tile.x}/${tile.y} is not a tile of the footprint`);
  }
  const rgba = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  for (let row = 0; row < TILE_SIZE; row++) {
    for (let col = 0; col < TILE_SIZE; col++)
      paint((offsetRow + row) * grid.width + offsetCol + col, rgba, (row * TILE_SIZE + col) * 4);
  }
  return rgba;
}

/** A viewshed raster's tile (values VIEWSHED_VISIBLE / HIDDEN / OUTSIDE). */
export function viewshedTileRgba(
  cells: Uint8Array,
  grid: FootprintGrid,
  tile: TileAddress,
  kind: RasterTileKind,
): Uint8Array {
  return footprintTileRgba(grid, tile, (index, rgba, at) => {
    const value = cells[index]!;
    if (value === VIEWSHED_OUTSIDE) return;
    if (kind === 'value') {
      rgba[at] = value;
      rgba[at + 3] = 255;
    } else {
      rgba.set(value === VIEWSHED_VISIBLE ? VISIBLE_RGBA : HIDDEN_RGBA, at);
    }
  });
}

/** Received power in the value encoding: dBm = RF_DBM_OFFSET + (R·65536 + G·256 + B) · RF_DBM_STEP. */
export const RF_DBM_OFFSET = -1000;
export const RF_DBM_STEP = 0.001;
/** Margin above the sensitivity at which the display ramp reaches its strongest colour, dB. */
export const RF_DISPLAY_RANGE_DB = 40;
const BELOW_SENSITIVITY_RGBA = [128, 128, 128, 60] as const;

/** Packs a received power (dBm) into 24 bits; NaN (not computed) has no packing. */
export function packReceivedDbm(dbm: number): [number, number, number] {
  const packed = Math.max(0, Math.min(0xffffff, Math.round((dbm - RF_DBM_OFFSET) / RF_DBM_STEP)));
  return [packed >> 16, (packed >> 8) & 0xff, packed & 0xff];
}

/**
 * An RF coverage raster's tile. value: alpha 0 = not computed, else RGB packs the received dBm
 * (packReceivedDbm) and alpha is 255. display: below the sensitivity translucent grey; at or above
 * it a ramp from yellow (at the sensitivity) to red (RF_DISPLAY_RANGE_DB above it), alpha 170.
 */
export function rfTileRgba(
  receivedDbm: Float32Array,
  sensitivityDbm: number,
  grid: FootprintGrid,
  tile: TileAddress,
  kind: RasterTileKind,
): Uint8Array {
  return footprintTileRgba(grid, tile, (index, rgba, at) => {
    const dbm = receivedDbm[index]!;
    if (Number.isNaN(dbm)) return;
    if (kind === 'value') {
      rgba.set(packReceivedDbm(dbm), at);
      rgba[at + 3] = 255;
      return;
    }
    if (dbm < sensitivityDbm) {
      rgba.set(BELOW_SENSITIVITY_RGBA, at);
      return;
    }
    const t = Math.min(1, (dbm - sensitivityDbm) / RF_DISPLAY_RANGE_DB);
    rgba.set([255, Math.round(255 * (1 - t)), 0, 170], at);
  });
}

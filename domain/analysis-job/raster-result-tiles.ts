// Raster results of analyses as map-owned OGC tiles (viewshed, RF coverage): the blob key of a
// tile and its two encodings per tool. Pure.
//   value (data tiles, `/tiles/...`): RGBA PNG; alpha 0 = outside the radius or nodata (not computed);
//     viewshed: R = 1 visible, 0 hidden; RF: RGB packs the received dBm (packReceivedDbm).
//   display (map tiles, `/map/tiles/...`): colour ramps — viewshed visible green (46, 160, 67, 150),
//     hidden red (200, 40, 40, 110); RF below the sensitivity violet, above it yellow to red.
// Tiles exist from RESULT_TILE_MIN_ZOOM to the work zoom; lower zooms aggregate the cells a pixel covers.
import type { TileAddress } from '../terrain/types.ts';
import { DISPLAY_MIN_ZOOM, TILE_SIZE } from '../terrain/work-grid.ts';
import { VIEWSHED_OUTSIDE, VIEWSHED_VISIBLE } from '../terrain-analysis/viewshed.ts';
import type { FootprintGrid } from './footprint-grid.ts';

export const RASTER_TILE_KINDS = ['value', 'display'] as const;
export type RasterTileKind = (typeof RASTER_TILE_KINDS)[number];

/** Blob key: analyses/<layer id>/<kind>/<z>/<x>/<y>.png (a layer's tiles never change once written). */
export function rasterResultTileKey(layerId: string, kind: RasterTileKind, tile: TileAddress): string {
  return `analyses/${layerId}/${kind}/${tile.z}/${tile.x}/${tile.y}.png`;
}

export const VISIBLE_RGBA = [46, 160, 67, 150] as const;
export const HIDDEN_RGBA = [200, 40, 40, 110] as const;

/** Lowest zoom of the result tiles (the global collections' DISPLAY_MIN_ZOOM). */
export const RESULT_TILE_MIN_ZOOM = DISPLAY_MIN_ZOOM;

/** The tiles of `zoom` (≤ the grid's) that hold part of the footprint grid, north to south, west to east. */
export function footprintTilesAt(grid: FootprintGrid, zoom: number): TileAddress[] {
  const s = 2 ** (grid.zoom - zoom);
  const tiles: TileAddress[] = [];
  for (let y = Math.floor(grid.tileY / s); y <= Math.floor((grid.tileY + grid.tilesHigh - 1) / s); y++) {
    for (let x = Math.floor(grid.tileX / s); x <= Math.floor((grid.tileX + grid.tilesWide - 1) / s); x++)
      tiles.push({ z: zoom, x, y });
  }
  return tiles;
}

/**
 * RGBA pixels of `tile` at the grid's zoom or a lower one: `paint` gets, per pixel, the block of grid
 * cells it covers ([col0, col1) × [row0, row1), clipped to the grid; 1 cell at the grid's zoom, 2^k
 * × 2^k cells k zooms lower) and writes the pixel at `rgba[at..at+3]`; pixels off the grid stay 0.
 */
function footprintTileRgba(
  grid: FootprintGrid,
  tile: TileAddress,
  paint: (col0: number, row0: number, col1: number, row1: number, rgba: Uint8Array, at: number) => void,
): Uint8Array {
  if (tile.z > grid.zoom || !footprintTilesAt(grid, tile.z).some((t) => t.x === tile.x && t.y === tile.y)) {
    throw new RangeError(`tile ${tile.z}/${tile.x}/${tile.y} is not a tile of the footprint`);
  }
  const s = 2 ** (grid.zoom - tile.z);
  const rgba = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  for (let row = 0; row < TILE_SIZE; row++) {
    const row0 = Math.max(0, (tile.y * TILE_SIZE + row) * s - grid.tileY * TILE_SIZE);
    const row1 = Math.min(grid.height, (tile.y * TILE_SIZE + row + 1) * s - grid.tileY * TILE_SIZE);
    if (row0 >= row1) continue;
    for (let col = 0; col < TILE_SIZE; col++) {
      const col0 = Math.max(0, (tile.x * TILE_SIZE + col) * s - grid.tileX * TILE_SIZE);
      const col1 = Math.min(grid.width, (tile.x * TILE_SIZE + col + 1) * s - grid.tileX * TILE_SIZE);
      if (col0 < col1) paint(col0, row0, col1, row1, rgba, (row * TILE_SIZE + col) * 4);
    }
  }
  return rgba;
}

/**
 * A viewshed raster's tile (values VIEWSHED_VISIBLE / HIDDEN / OUTSIDE). Below the grid's zoom a
 * pixel is visible when any cell it covers is, hidden when none is but one is hidden, else outside.
 */
export function viewshedTileRgba(
  cells: Uint8Array,
  grid: FootprintGrid,
  tile: TileAddress,
  kind: RasterTileKind,
): Uint8Array {
  return footprintTileRgba(grid, tile, (col0, row0, col1, row1, rgba, at) => {
    let value: number = VIEWSHED_OUTSIDE;
    for (let r = row0; r < row1 && value !== VIEWSHED_VISIBLE; r++) {
      for (let c = col0; c < col1; c++) {
        const v = cells[r * grid.width + c]!;
        if (v === VIEWSHED_VISIBLE) {
          value = v;
          break;
        }
        if (v !== VIEWSHED_OUTSIDE) value = v;
      }
    }
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
// Violet, not grey: a sheet's relief and paper are greys, and "no signal" must not look like "no data".
export const BELOW_SENSITIVITY_RGBA = [120, 60, 180, 80] as const;

/** Packs a received power (dBm) into 24 bits; NaN (not computed) has no packing. */
export function packReceivedDbm(dbm: number): [number, number, number] {
  const packed = Math.max(0, Math.min(0xffffff, Math.round((dbm - RF_DBM_OFFSET) / RF_DBM_STEP)));
  return [packed >> 16, (packed >> 8) & 0xff, packed & 0xff];
}

/**
 * An RF coverage raster's tile. value: alpha 0 = not computed, else RGB packs the received dBm
 * (packReceivedDbm) and alpha is 255. display: below the sensitivity translucent violet; at or above
 * it a ramp from yellow (at the sensitivity) to red (RF_DISPLAY_RANGE_DB above it), alpha 170.
 */
export function rfTileRgba(
  receivedDbm: Float32Array,
  sensitivityDbm: number,
  grid: FootprintGrid,
  tile: TileAddress,
  kind: RasterTileKind,
): Uint8Array {
  return footprintTileRgba(grid, tile, (col0, row0, col1, row1, rgba, at) => {
    // Below the grid's zoom: the strongest signal of the cells the pixel covers.
    let dbm = Number.NaN;
    for (let r = row0; r < row1; r++) {
      for (let c = col0; c < col1; c++) {
        const v = receivedDbm[r * grid.width + c]!;
        if (!(v <= dbm)) dbm = Number.isNaN(v) ? dbm : v;
      }
    }
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

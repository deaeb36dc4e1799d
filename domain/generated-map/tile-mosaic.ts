// The tiles of one zoom that cover a map's frame, as one mosaic grid (tile rows and columns in
// order), and where each face pixel falls in it. The generated maps read the service's own tiles
// (terrain display tiles, analysis result tiles) into such a mosaic and resample it onto the face.
import type { MapFrame } from '../cartography/map-composition.ts';
import type { TileAddress } from '../terrain/types.ts';
import { DISPLAY_MIN_ZOOM, MERCATOR_HALF_WORLD_M, TILE_SIZE, WORK_ZOOM } from '../terrain/work-grid.ts';
import { framePixelMercator } from './frame-pixel-mercator.ts';

export interface TileMosaic {
  zoom: number;
  /** The north-west tile. */
  tileX: number;
  tileY: number;
  tilesWide: number;
  tilesHigh: number;
}

const worldPixels = (zoom: number) => TILE_SIZE * 2 ** zoom;

/**
 * The coarsest zoom from DISPLAY_MIN_ZOOM to `maxZoom` whose pixels are no larger than the face's
 * (so nothing is drawn coarser than the tiles allow), or `maxZoom` when even it is coarser.
 */
export function mosaicZoomForFrame(frame: MapFrame, maxZoom = WORK_ZOOM): number {
  const { pixelX } = framePixelMercator(frame);
  for (let z = DISPLAY_MIN_ZOOM; z < maxZoom; z++) {
    if ((2 * MERCATOR_HALF_WORLD_M) / worldPixels(z) <= pixelX) return z;
  }
  return maxZoom;
}

/** The mosaic of `zoom` tiles covering the frame. */
export function mosaicForFrame(frame: MapFrame, zoom: number): TileMosaic {
  const m = framePixelMercator(frame);
  const scale = worldPixels(zoom) / (2 * MERCATOR_HALF_WORLD_M);
  const last = 2 ** zoom - 1;
  const clamp = (t: number) => Math.max(0, Math.min(last, t));
  const x0 = clamp(Math.floor(((m.minX + MERCATOR_HALF_WORLD_M) * scale) / TILE_SIZE));
  const y0 = clamp(Math.floor(((MERCATOR_HALF_WORLD_M - m.maxY) * scale) / TILE_SIZE));
  const maxX = m.minX + m.pixelX * frame.width, minY = m.maxY - m.pixelY * frame.height;
  const x1 = clamp(Math.floor(((maxX + MERCATOR_HALF_WORLD_M) * scale - 1e-9) / TILE_SIZE));
  const y1 = clamp(Math.floor(((MERCATOR_HALF_WORLD_M - minY) * scale - 1e-9) / TILE_SIZE));
  return { zoom, tileX: x0, tileY: y0, tilesWide: x1 - x0 + 1, tilesHigh: y1 - y0 + 1 };
}

/** The mosaic's tiles, north to south, west to east. */
export function mosaicTiles(mosaic: TileMosaic): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (let dy = 0; dy < mosaic.tilesHigh; dy++) {
    for (let dx = 0; dx < mosaic.tilesWide; dx++) {
      tiles.push({ z: mosaic.zoom, x: mosaic.tileX + dx, y: mosaic.tileY + dy });
    }
  }
  return tiles;
}

/**
 * Where each face pixel's centre falls in the mosaic grid (tilesWide·256 × tilesHigh·256 cells):
 * `u` (columns) and `v` (rows) in cell units, cell (c, r) spanning [c, c+1) × [r, r+1).
 */
export function framePixelsInMosaic(frame: MapFrame, mosaic: TileMosaic): { u: Float64Array; v: Float64Array } {
  const m = framePixelMercator(frame);
  const scale = worldPixels(mosaic.zoom) / (2 * MERCATOR_HALF_WORLD_M);
  const u = new Float64Array(frame.width), v = new Float64Array(frame.height);
  for (let col = 0; col < frame.width; col++) {
    u[col] = (m.minX + (col + 0.5) * m.pixelX + MERCATOR_HALF_WORLD_M) * scale - mosaic.tileX * TILE_SIZE;
  }
  for (let row = 0; row < frame.height; row++) {
    v[row] = (MERCATOR_HALF_WORLD_M - (m.maxY - (row + 0.5) * m.pixelY)) * scale - mosaic.tileY * TILE_SIZE;
  }
  return { u, v };
}

/** The mosaic cell under each face pixel (nearest neighbour): its index in the mosaic grid, or -1 outside it. */
export function nearestMosaicCells(frame: MapFrame, mosaic: TileMosaic): Int32Array {
  const { u, v } = framePixelsInMosaic(frame, mosaic);
  const width = mosaic.tilesWide * TILE_SIZE, height = mosaic.tilesHigh * TILE_SIZE;
  const out = new Int32Array(frame.width * frame.height);
  for (let row = 0; row < frame.height; row++) {
    const r = Math.floor(v[row]!);
    for (let col = 0; col < frame.width; col++) {
      const c = Math.floor(u[col]!);
      out[row * frame.width + col] = r >= 0 && c >= 0 && r < height && c < width ? r * width + c : -1;
    }
  }
  return out;
}

/**
 * Bilinear resampling of mosaic values (cell centres at c + ½, r + ½) onto the face; NaN where the
 * pixel is off the mosaic or any of its four cells has no value.
 */
export function bilinearToFrame(frame: MapFrame, mosaic: TileMosaic, values: Float32Array): Float32Array {
  const { u, v } = framePixelsInMosaic(frame, mosaic);
  const width = mosaic.tilesWide * TILE_SIZE, height = mosaic.tilesHigh * TILE_SIZE;
  if (values.length !== width * height) throw new RangeError(`mosaic values: ${values.length}, not ${width * height}`);
  const out = new Float32Array(frame.width * frame.height).fill(Number.NaN);
  for (let row = 0; row < frame.height; row++) {
    const y = Math.max(0, Math.min(height - 1, v[row]! - 0.5));
    if (v[row]! < 0 || v[row]! >= height) continue;
    const r0 = Math.floor(y), r1 = Math.min(height - 1, r0 + 1), fy = y - r0;
    for (let col = 0; col < frame.width; col++) {
      if (u[col]! < 0 || u[col]! >= width) continue;
      const x = Math.max(0, Math.min(width - 1, u[col]! - 0.5));
      const c0 = Math.floor(x), c1 = Math.min(width - 1, c0 + 1), fx = x - c0;
      const a = values[r0 * width + c0]!, b = values[r0 * width + c1]!;
      const c = values[r1 * width + c0]!, d = values[r1 * width + c1]!;
      out[row * frame.width + col] = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
    }
  }
  return out;
}

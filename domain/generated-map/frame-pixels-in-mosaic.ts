import type { MapFrame } from '../cartography/map-composition.ts';
import { MERCATOR_HALF_WORLD_M, TILE_SIZE } from '../terrain/work-grid.ts';
import { framePixelMercator } from './frame-pixel-mercator.ts';
import type { TileMosaic } from './tile-mosaic.ts';

/**
 * Where each face pixel's centre falls in the mosaic grid (tilesWide·256 × tilesHigh·256 cells):
 * `u` (columns) and `v` (rows) in cell units, cell (c, r) spanning [c, c+1) × [r, r+1).
 */
export function framePixelsInMosaic(frame: MapFrame, mosaic: TileMosaic): { u: Float64Array; v: Float64Array } {
  const m = framePixelMercator(frame);
  const scale = (TILE_SIZE * 2 ** mosaic.zoom) / (2 * MERCATOR_HALF_WORLD_M);
  const u = new Float64Array(frame.width),
    v = new Float64Array(frame.height);
  for (let col = 0; col < frame.width; col++) {
    u[col] = (m.minX + (col + 0.5) * m.pixelX + MERCATOR_HALF_WORLD_M) * scale - mosaic.tileX * TILE_SIZE;
  }
  for (let row = 0; row < frame.height; row++) {
    v[row] = (MERCATOR_HALF_WORLD_M - (m.maxY - (row + 0.5) * m.pixelY)) * scale - mosaic.tileY * TILE_SIZE;
  }
  return { u, v };
}

import type { MapFrame } from '../cartography/map-composition.ts';
import { MERCATOR_HALF_WORLD_M, TILE_SIZE } from '../terrain/work-grid.ts';
import { framePixelMercator } from './frame-pixel-mercator.ts';
import type { TileMosaic } from './tile-mosaic.ts';

/** The mosaic of `zoom` tiles covering the frame. */
export function mosaicForFrame(frame: MapFrame, zoom: number): TileMosaic {
  const m = framePixelMercator(frame);
  const scale = (TILE_SIZE * 2 ** zoom) / (2 * MERCATOR_HALF_WORLD_M);
  const last = 2 ** zoom - 1;
  const clamp = (t: number) => Math.max(0, Math.min(last, t));
  const x0 = clamp(Math.floor(((m.minX + MERCATOR_HALF_WORLD_M) * scale) / TILE_SIZE));
  const y0 = clamp(Math.floor(((MERCATOR_HALF_WORLD_M - m.maxY) * scale) / TILE_SIZE));
  const maxX = m.minX + m.pixelX * frame.width,
    minY = m.maxY - m.pixelY * frame.height;
  const x1 = clamp(Math.floor(((maxX + MERCATOR_HALF_WORLD_M) * scale - 1e-9) / TILE_SIZE));
  const y1 = clamp(Math.floor(((MERCATOR_HALF_WORLD_M - minY) * scale - 1e-9) / TILE_SIZE));
  return { zoom, tileX: x0, tileY: y0, tilesWide: x1 - x0 + 1, tilesHigh: y1 - y0 + 1 };
}

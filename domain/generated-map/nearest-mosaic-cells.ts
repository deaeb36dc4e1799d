import type { MapFrame } from '../cartography/map-composition.ts';
import { TILE_SIZE } from '../terrain/work-grid.ts';
import { framePixelsInMosaic } from './frame-pixels-in-mosaic.ts';
import type { TileMosaic } from './tile-mosaic.ts';

/** The mosaic cell under each face pixel (nearest neighbour): its index in the mosaic grid, or -1 outside it. */
export function nearestMosaicCells(frame: MapFrame, mosaic: TileMosaic): Int32Array {
  const { u, v } = framePixelsInMosaic(frame, mosaic);
  const width = mosaic.tilesWide * TILE_SIZE,
    height = mosaic.tilesHigh * TILE_SIZE;
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

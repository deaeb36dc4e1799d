import { lonLatToMercator } from './lon-lat-to-mercator.ts';
import type { TileAddress } from './types.ts';
import { MERCATOR_HALF_WORLD_M, TILE_SIZE, WORK_ZOOM } from './work-grid.ts';

export interface WorkPixel {
  tile: TileAddress;
  col: number;
  row: number;
}

/**
 * The work tile and pixel (col, row from the north-west corner) whose square holds a position;
 * a position on a pixel edge belongs to the pixel east / south of it. Latitude must lie within
 * the Web Mercator square.
 */
export function workPixelOfLonLat(lon: number, lat: number, zoom = WORK_ZOOM, size = TILE_SIZE): WorkPixel {
  const [mx, my] = lonLatToMercator(lon, lat);
  const pixels = 2 ** zoom * size;
  const pixel = (2 * MERCATOR_HALF_WORLD_M) / pixels;
  const gx = Math.min(pixels - 1, Math.max(0, Math.floor((mx + MERCATOR_HALF_WORLD_M) / pixel)));
  const gy = Math.min(pixels - 1, Math.max(0, Math.floor((MERCATOR_HALF_WORLD_M - my) / pixel)));
  return { tile: { z: zoom, x: Math.floor(gx / size), y: Math.floor(gy / size) }, col: gx % size, row: gy % size };
}

import type { MapFrame } from '../cartography/map-composition.ts';
import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';

export interface FrameMercator {
  /** Web Mercator metres of the face's north-west corner. */
  minX: number;
  maxY: number;
  /** Mercator metres per face pixel, east and south. */
  pixelX: number;
  pixelY: number;
}

/**
 * The face's pixels in Web Mercator: pixel (col, row) has its centre at
 * (minX + (col + ½)·pixelX, maxY − (row + ½)·pixelY).
 */
export function framePixelMercator(frame: MapFrame): FrameMercator {
  const [west, south, east, north] = frame.bbox;
  const [minX, minY] = lonLatToMercator(west, south);
  const [maxX, maxY] = lonLatToMercator(east, north);
  return { minX, maxY, pixelX: (maxX - minX) / frame.width, pixelY: (maxY - minY) / frame.height };
}

import type { MapFrame } from '../cartography/map-composition.ts';
import { DISPLAY_MIN_ZOOM, MERCATOR_HALF_WORLD_M, TILE_SIZE, WORK_ZOOM } from '../terrain/work-grid.ts';
import { framePixelMercator } from './frame-pixel-mercator.ts';

/**
 * The coarsest zoom from DISPLAY_MIN_ZOOM to `maxZoom` whose pixels are no larger than the face's
 * (so nothing is drawn coarser than the tiles allow), or `maxZoom` when even it is coarser.
 */
export function mosaicZoomForFrame(frame: MapFrame, maxZoom = WORK_ZOOM): number {
  const { pixelX } = framePixelMercator(frame);
  for (let z = DISPLAY_MIN_ZOOM; z < maxZoom; z++) {
    if ((2 * MERCATOR_HALF_WORLD_M) / (TILE_SIZE * 2 ** z) <= pixelX) return z;
  }
  return maxZoom;
}

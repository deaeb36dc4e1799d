import { pixelCenterLonLat } from './pixel-center-lon-lat.ts';
import type { TileAddress } from './types.ts';
import { MERCATOR_HALF_WORLD_M, TILE_SIZE } from './work-grid.ts';

/**
 * True ground size, in metres, of a pixel of row `row` of a `size`-pixel tile. Web Mercator is
 * conformal with scale factor 1/cos(φ), so a square mercator pixel of side s covers a square of
 * s·cos(φ) metres on the ground (spherical model: on the WGS 84 ellipsoid the true size differs by
 * at most 0.7 %, north-south near the equator, which moves a 30° slope by 0.2°). Slope
 * and any other distance-based product must use this, not the mercator size: at 46° N the mercator
 * size overstates distances by 44 % and understates slopes accordingly.
 */
export function pixelGroundSizeMeters(tile: TileAddress, row: number, size: number = TILE_SIZE): number {
  const [, lat] = pixelCenterLonLat(tile, 0, row, size);
  const mercatorPixel = (2 * MERCATOR_HALF_WORLD_M) / (2 ** tile.z * size);
  return mercatorPixel * Math.cos((lat * Math.PI) / 180);
}

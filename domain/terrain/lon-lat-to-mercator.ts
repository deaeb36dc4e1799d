import { EARTH_RADIUS_M, MAX_MERCATOR_LATITUDE } from './work-grid.ts';

/**
 * [longitude, latitude] in degrees to Web Mercator metres (EPSG:3857). Latitudes beyond the
 * mercator square (±85.0511°) are clamped to its edge, where the projection is still finite.
 */
export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat));
  const phi = (clamped * Math.PI) / 180;
  return [(lon * Math.PI * EARTH_RADIUS_M) / 180, EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

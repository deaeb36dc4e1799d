import { EARTH_RADIUS_M } from './work-grid.ts';

/** Web Mercator metres (EPSG:3857) to [longitude, latitude] in degrees (spherical inverse). */
export function mercatorToLonLat(x: number, y: number): [number, number] {
  const lon = (x / EARTH_RADIUS_M) * (180 / Math.PI);
  const lat = Math.atan(Math.sinh(y / EARTH_RADIUS_M)) * (180 / Math.PI);
  return [lon, lat];
}

import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';
import type { MapFrame } from './map-composition.ts';

/**
 * [longitude, latitude] in degrees to a continuous pixel position on the map face: x to the right
 * and y down from the face's top-left corner, so pixel (i, j) spans [i, i + 1) × [j, j + 1) and its
 * centre is (i + 0.5, j + 0.5). Linear in Web Mercator between the bbox edges; points outside
 * the bbox get positions outside [0, width] × [0, height].
 */
export function framePixelOfLonLat(frame: MapFrame, lon: number, lat: number): [number, number] {
  const [west, south, east, north] = frame.bbox;
  const [x0, y0] = lonLatToMercator(west, north);
  const [x1, y1] = lonLatToMercator(east, south);
  const [x, y] = lonLatToMercator(lon, lat);
  return [((x - x0) / (x1 - x0)) * frame.width, ((y0 - y) / (y0 - y1)) * frame.height];
}

import { framePixelOfLonLat } from './frame-pixel-of-lon-lat.ts';
import type { MapComposition } from './map-composition.ts';
import { FACE_LEFT, FACE_TOP } from './map-layout.ts';

/**
 * The pixel of the rendered image (renderMapPng) that holds [lon, lat]: [column, row], whole numbers,
 * or null when the point is off the map face. For tests and callers that look up a place in a PNG.
 */
export function mapImagePixelOfLonLat(composition: MapComposition, lon: number, lat: number): [number, number] | null {
  const [x, y] = framePixelOfLonLat(composition.frame, lon, lat);
  const { width, height } = composition.frame;
  if (!(x >= 0 && x < width && y >= 0 && y < height)) return null;
  return [FACE_LEFT + Math.floor(x), FACE_TOP + Math.floor(y)];
}

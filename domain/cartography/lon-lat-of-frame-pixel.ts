import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';
import { mercatorToLonLat } from '../terrain/mercator-to-lon-lat.ts';
import type { MapFrame } from './map-composition.ts';

/** Inverse of framePixelOfLonLat: a continuous face pixel position (x right, y down) to [lon, lat]. */
export function lonLatOfFramePixel(frame: MapFrame, x: number, y: number): [number, number] {
  const [west, south, east, north] = frame.bbox;
  const [x0, y0] = lonLatToMercator(west, north);
  const [x1, y1] = lonLatToMercator(east, south);
  return mercatorToLonLat(x0 + (x / frame.width) * (x1 - x0), y0 - (y / frame.height) * (y0 - y1));
}

import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';
import type { MapFrame } from './map-composition.ts';
import { lonLatOfFramePixel } from './lon-lat-of-frame-pixel.ts';

/**
 * Ground metres per face pixel at the latitude of the face's centre (the mercator midpoint, not the
 * bbox's mid-latitude). Web Mercator is conformal with scale 1/cos φ on the sphere, so a mercator
 * pixel of side s covers s·cos φ metres, as in domain/terrain/pixel-ground-size-meters.ts. The scale
 * bar and the "1 px =" line of the margin are drawn from this number.
 */
export function frameMetersPerPixel(frame: MapFrame): number {
  const [west, , east] = frame.bbox;
  const mercatorPerPixel = (lonLatToMercator(east, 0)[0] - lonLatToMercator(west, 0)[0]) / frame.width;
  const [, centreLat] = lonLatOfFramePixel(frame, frame.width / 2, frame.height / 2);
  return mercatorPerPixel * Math.cos((centreLat * Math.PI) / 180);
}

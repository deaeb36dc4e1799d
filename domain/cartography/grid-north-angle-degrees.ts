import { frameMetersPerPixel } from './frame-meters-per-pixel.ts';
import { framePixelOfLonLat } from './frame-pixel-of-lon-lat.ts';
import { lonLatOfFramePixel } from './lon-lat-of-frame-pixel.ts';
import { lonLatToUtm } from './lon-lat-to-utm.ts';
import type { MapFrame } from './map-composition.ts';
import { utmToLonLat } from './utm-to-lon-lat.ts';

/**
 * Angle of UTM grid north from true north (the face's up: Web Mercator keeps meridians vertical) at
 * the face's centre, degrees, positive when grid north lies east (clockwise) of true north — the
 * grid convergence, drawn in the declination diagram. Measured on the face itself: the direction of a
 * line of constant easting through the centre, over ten pixels.
 */
export function gridNorthAngleDegrees(frame: MapFrame, zone: number): number {
  const [lon, lat] = lonLatOfFramePixel(frame, frame.width / 2, frame.height / 2);
  const [easting, northing] = lonLatToUtm(lon, lat, zone);
  const step = 10 * frameMetersPerPixel(frame);
  const [x0, y0] = framePixelOfLonLat(frame, ...utmToLonLat(zone, easting, northing - step));
  const [x1, y1] = framePixelOfLonLat(frame, ...utmToLonLat(zone, easting, northing + step));
  return (Math.atan2(x1 - x0, y0 - y1) * 180) / Math.PI;
}

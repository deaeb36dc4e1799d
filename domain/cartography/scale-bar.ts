import { frameMetersPerPixel } from './frame-meters-per-pixel.ts';
import type { MapFrame } from './map-composition.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

export interface ScaleBar {
  /** A round ground length: 1, 2 or 5 × 10ⁿ metres. */
  meters: number;
  /** Its length on the face at the centre latitude, pixels (≤ maxPixels). */
  pixels: number;
  /** Alternating black and white segments the bar is divided into (5 for 1 and 5 × 10ⁿ, 4 for 2 × 10ⁿ). */
  divisions: number;
  /** e.g. "500 m", "2 km". */
  label: string;
}

/** The longest round length that fits in maxPixels of the face at its centre latitude. */
export function scaleBar(frame: MapFrame, maxPixels: number): ScaleBar {
  const metersPerPixel = frameMetersPerPixel(frame);
  const maxMeters = maxPixels * metersPerPixel;
  let power = 10 ** Math.floor(Math.log10(maxMeters));
  // log10 can land a hair below an exact power of ten.
  if (power * 10 <= maxMeters) power *= 10;
  const step = [5, 2, 1].find((s) => s * power <= maxMeters) ?? 1;
  const meters = step * power;
  return {
    meters,
    pixels: meters / metersPerPixel,
    divisions: step === 2 ? 4 : 5,
    label: formatQuantity(meters, 'distance'),
  };
}

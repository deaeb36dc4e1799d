import type { MapFrame } from '../cartography/map-composition.ts';
import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';
import { mercatorToLonLat } from '../terrain/mercator-to-lon-lat.ts';

/** Pixels along the long side of a generated map's face (README "Generated maps"). */
export const FACE_LONG_SIDE_PX = 1600;
/** Ground left around the area on each side, as a share of the area's longer mercator side. */
export const FRAME_MARGIN = 0.08;

/**
 * The frame of a map of `bbox` ([west, south, east, north], degrees): the box grown by FRAME_MARGIN
 * of its longer side on every side, at `longSide` pixels on the long side. The short side is widened
 * (about its centre, in Web Mercator) to a whole number of pixels, so the face's pixels are square
 * mercator cells and the frame's bbox maps exactly onto width × height.
 */
export function mapFrameForArea(
  bbox: readonly [number, number, number, number],
  longSide = FACE_LONG_SIDE_PX,
): MapFrame {
  const [west, south, east, north] = bbox;
  if (!(east > west) || !(north > south)) throw new RangeError(`bbox ${JSON.stringify(bbox)} has no area`);
  if (!Number.isInteger(longSide) || longSide < 16) throw new RangeError(`long side ${longSide} is not a size`);
  const [x0, y0] = lonLatToMercator(west, south);
  const [x1, y1] = lonLatToMercator(east, north);
  const margin = Math.max(x1 - x0, y1 - y0) * FRAME_MARGIN;
  const spanX = x1 - x0 + 2 * margin;
  const spanY = y1 - y0 + 2 * margin;
  const pixel = Math.max(spanX, spanY) / longSide;
  const width = spanX >= spanY ? longSide : Math.max(1, Math.ceil(spanX / pixel));
  const height = spanY > spanX ? longSide : Math.max(1, Math.ceil(spanY / pixel));
  const cx = (x0 + x1) / 2,
    cy = (y0 + y1) / 2;
  const [w, s] = mercatorToLonLat(cx - (width * pixel) / 2, cy - (height * pixel) / 2);
  const [e, n] = mercatorToLonLat(cx + (width * pixel) / 2, cy + (height * pixel) / 2);
  return { bbox: [w, s, e, n], width, height };
}

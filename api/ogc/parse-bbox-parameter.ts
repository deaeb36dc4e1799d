// The OGC `bbox` query parameter: minLon,minLat,maxLon,maxLat (or the 6-number form with
// elevations, whose elevations are ignored), in CRS84. minLon > maxLon means the box crosses the
// antimeridian and is split in two. Anything else is a 422 at ['query', 'bbox'].
import type { Bbox } from '../../domain/map/geojson/geometry-bounds.ts';
import { validationError } from '../http-error.ts';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const reject = (msg: string) => validationError([{ loc: ['query', 'bbox'], msg, type: 'value_error' }]);

export function parseBboxParameter(value: string): Bbox[] {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 4 && parts.length !== 6) {
    throw reject(
      `bbox should be 4 numbers minLon,minLat,maxLon,maxLat (or 6 with elevations), got ${parts.length} value${parts.length === 1 ? '' : 's'}`,
    );
  }
  if (!parts.every((p) => NUMBER.test(p))) throw reject('bbox values should be numbers: minLon,minLat,maxLon,maxLat');
  const n = parts.map(Number);
  const [minLon, minLat, maxLon, maxLat] =
    n.length === 6 ? [n[0]!, n[1]!, n[3]!, n[4]!] : (n as [number, number, number, number]);
  for (const lon of [minLon, maxLon])
    if (lon < -180 || lon > 180) throw reject(`bbox longitude ${lon} is outside [-180, 180] (CRS84: longitude first)`);
  for (const lat of [minLat, maxLat])
    if (lat < -90 || lat > 90) throw reject(`bbox latitude ${lat} is outside [-90, 90] (CRS84: longitude first)`);
  if (minLat > maxLat) throw reject(`bbox minimum latitude ${minLat} is above the maximum ${maxLat}`);
  if (minLon > maxLon)
    return [
      [minLon, minLat, 180, maxLat],
      [-180, minLat, maxLon, maxLat],
    ];
  return [[minLon, minLat, maxLon, maxLat]];
}

// One GeoJSON position: [longitude, latitude] or [longitude, latitude, elevation] (RFC 7946 §3.1.1),
// longitude in [-180, 180], latitude in [-90, 90]. When the numbers only make sense the other way
// round, the message says so: [latitude, longitude] is the most common GeoJSON mistake.
import type { GeoJsonIssue, Loc } from './geojson-issue.ts';

export function checkPosition(value: unknown, loc: Loc): GeoJsonIssue[] {
  if (!Array.isArray(value)) {
    return [{ loc, msg: 'Input should be a valid list: a position is [longitude, latitude]', type: 'list_type' }];
  }
  if (value.length < 2) {
    return [
      {
        loc,
        msg: `A position should have at least 2 numbers [longitude, latitude], got ${value.length}`,
        type: 'too_short',
      },
    ];
  }
  if (value.length > 3) {
    return [
      {
        loc,
        msg: `A position should have at most 3 numbers [longitude, latitude, elevation], got ${value.length}`,
        type: 'too_long',
      },
    ];
  }
  const notNumbers: GeoJsonIssue[] = [];
  value.forEach((n, i) => {
    if (typeof n !== 'number' || !Number.isFinite(n))
      notNumbers.push({ loc: [...loc, i], msg: 'Input should be a valid number', type: 'float_type' });
  });
  if (notNumbers.length > 0) return notNumbers;

  const [lon, lat] = value as number[];
  const lonOk = lon >= -180 && lon <= 180;
  const latOk = lat >= -90 && lat <= 90;
  if (lonOk && latOk) return [];
  // Swapped: the latitude slot holds a valid longitude and the longitude slot a valid latitude.
  if (!latOk && lonOk && Math.abs(lon) <= 90 && Math.abs(lat) <= 180) {
    return [
      {
        loc,
        msg: `Latitude ${lat} is outside [-90, 90]; [${lon}, ${lat}] looks like [latitude, longitude]: GeoJSON positions are [longitude, latitude]`,
        type: 'value_error',
      },
    ];
  }
  const problems = [];
  if (!lonOk) problems.push(`longitude ${lon} is outside [-180, 180]`);
  if (!latOk) problems.push(`latitude ${lat} is outside [-90, 90]`);
  const msg = problems.join(' and ');
  return [
    {
      loc,
      msg: `${msg[0]!.toUpperCase()}${msg.slice(1)} (positions are [longitude, latitude] in WGS 84 degrees)`,
      type: 'value_error',
    },
  ];
}

// How every number shown to a person is written (agent answers, drafts, map sheets): one rule per
// kind of quantity, so that "area 64.28182246697419 km²" reads "area 64.3 km²" everywhere.
//
// | kind                | from            | written as                                                        |
// |---------------------|-----------------|-------------------------------------------------------------------|
// | `elevation`         | metres          | whole metres: `-26 m`, `1234 m`                                   |
// | `height`            | metres          | at most 1 decimal: `1.8 m`, `20 m` (heights above ground)         |
// | `distance`          | metres          | under 1 km whole metres (`850 m`); from 1 km in km with at most   |
// |                     |                 | 1 decimal: `1.3 km`, `5 km`, `12.3 km`, `123.5 km`                |
// | `ground_resolution` | metres          | 3 significant digits: `2.39 m`, `0.597 m`, `19.1 m`               |
// | `area`              | km²             | 3 significant digits: `64.3 km²`, `0.0523 km²`, `1235 km²`        |
// | `slope`             | degrees         | at most 1 decimal: `4.3°`                                         |
// | `angle`             | degrees         | at most 2 decimals: `0.53°` (grid convergence, latitudes)         |
// | `coordinate`        | degrees         | at most 5 decimals (about 1 m), no unit: `60.16512`               |
// | `share`             | fraction 0–1    | percent, exactly 1 decimal (lists line up): `42.5%`, `60.0%`      |
// | `duration`          | seconds         | `45 s`, `12 min`, `1 h 15 min`                                    |
// | `count`             | a number        | whole: `3`, `12,480`                                              |
// | `decibel`           | dB              | at most 1 decimal: `-97.3 dB`                                     |
//
// Common to all: trailing zeros dropped (except in shares); "3 significant digits" never rounds the whole part
// (1234.5 km² is `1235 km²`); a minus only for a value that is still negative once rounded (-0.2 m is
// `0 m`); thousands grouped with a comma from 10,000 (`12,480`; a four-digit number stays whole, as
// elevations and grid values are read); the decimal separator is a point; units after a space, except
// `°` and `%`. Ranges: see format-quantity-range.ts.
export type QuantityKind =
  | 'elevation'
  | 'height'
  | 'distance'
  | 'ground_resolution'
  | 'area'
  | 'slope'
  | 'angle'
  | 'coordinate'
  | 'share'
  | 'duration'
  | 'count'
  | 'decibel';

/** A number with at most `decimals` decimals (at least `minimum`), grouped from 10,000. */
function digits(value: number, decimals: number, grouping = true, minimum = 0): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: minimum,
    maximumFractionDigits: decimals,
    useGrouping: grouping ? 'min2' : false,
    signDisplay: 'negative',
  }).format(value);
}

/** Decimals that give `significant` digits without rounding the whole part. */
function significantDecimals(value: number, significant: number): number {
  if (value === 0) return 0;
  const wholeDigits = Math.floor(Math.log10(Math.abs(value))) + 1;
  return Math.min(20, Math.max(0, significant - wholeDigits));
}

const significant = (value: number, count: number) => digits(value, significantDecimals(value, count));

function duration(seconds: number): string {
  if (Math.round(seconds) < 60) return `${digits(seconds, 0)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `value` (in the unit of its kind, see above) as a person reads it, with its unit. */
export function formatQuantity(value: number, kind: QuantityKind): string {
  if (!Number.isFinite(value)) return 'unknown';
  switch (kind) {
    case 'elevation':
      return `${digits(value, 0)} m`;
    case 'height':
      return `${digits(value, 1)} m`;
    case 'distance': {
      // Decided on the rounded metres, so 999.6 m reads "1 km", not "1000 m".
      const metres = Math.round(value);
      return Math.abs(metres) < 1000 ? `${digits(metres, 0)} m` : `${digits(value / 1000, 1)} km`;
    }
    case 'ground_resolution':
      return `${significant(value, 3)} m`;
    case 'area':
      return `${significant(value, 3)} km²`;
    case 'slope':
      return `${digits(value, 1)}°`;
    case 'angle':
      return `${digits(value, 2)}°`;
    case 'coordinate':
      return digits(value, 5, false);
    case 'share':
      return `${digits(value * 100, 1, true, 1)}%`;
    case 'duration':
      return duration(value);
    case 'count':
      return digits(value, 0);
    case 'decibel':
      return `${digits(value, 1)} dB`;
  }
}

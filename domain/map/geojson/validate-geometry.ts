// A GeoJSON geometry object (RFC 7946 §3.1) of one of the allowed types, with coordinates nested as
// its type requires. Sizes are checked first (check-geometry-size.ts, on list lengths alone); lines
// need 2 positions, rings are checked by checkLinearRing; Multi* and Polygon coordinates must not be
// empty. With `deferred`, ring crossing searches are collected for the caller to run off the loop.
import { GEOMETRY_TYPES, type LayerGeometryType } from '../map-layer-vocabulary.ts';
import type { GeoJsonIssue, Loc } from './geojson-issue.ts';
import { checkPosition } from './check-position.ts';
import { checkLinearRing } from './check-linear-ring.ts';
import { checkGeometrySize } from './check-geometry-size.ts';
import type { DeferredRingChecks } from './deferred-ring-checks.ts';

type Check = (value: unknown, loc: Loc, deferred?: DeferredRingChecks) => GeoJsonIssue[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list of at least `min` items, each checked by `item`. */
function listOf(item: Check, min: number, what: string): Check {
  return (value, loc, deferred) => {
    if (!Array.isArray(value)) return [{ loc, msg: `Input should be a valid list: ${what}`, type: 'list_type' }];
    if (value.length < min) {
      return [
        {
          loc,
          msg: `${what[0]!.toUpperCase()}${what.slice(1)} should have at least ${min} item${min === 1 ? '' : 's'}, got ${value.length}`,
          type: 'too_short',
        },
      ];
    }
    const issues: GeoJsonIssue[] = [];
    for (let i = 0; i < value.length; i++) {
      const found = item(value[i], [...loc, i], deferred);
      if (found.length > 0) issues.push(...found);
    }
    return issues;
  };
}

const lineString = listOf(checkPosition, 2, 'a LineString is a list of positions');
const polygon = listOf(checkLinearRing, 1, 'a Polygon is a list of linear rings (exterior first, then holes)');

const COORDINATES: Record<LayerGeometryType, Check> = {
  Point: checkPosition,
  MultiPoint: listOf(checkPosition, 1, 'a MultiPoint is a list of positions'),
  LineString: lineString,
  MultiLineString: listOf(lineString, 1, 'a MultiLineString is a list of LineString coordinates'),
  Polygon: polygon,
  MultiPolygon: listOf(polygon, 1, 'a MultiPolygon is a list of Polygon coordinates'),
};

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export function validateGeometry(
  value: unknown,
  allowed: readonly LayerGeometryType[],
  loc: Loc,
  deferred?: DeferredRingChecks,
): GeoJsonIssue[] {
  if (!isObject(value))
    return [{ loc, msg: 'Input should be a valid dictionary or object: a GeoJSON geometry', type: 'dict_type' }];
  const type = value.type;
  if (type === undefined) return [{ loc: [...loc, 'type'], msg: 'Field required', type: 'missing' }];
  if (!allowed.includes(type as LayerGeometryType)) {
    const known = (GEOMETRY_TYPES as readonly unknown[]).includes(type);
    return [
      {
        loc: [...loc, 'type'],
        msg: `Input should be ${quoted(allowed)}${known ? `: ${String(type)} is not allowed in this layer` : ''}`,
        type: 'enum',
      },
    ];
  }
  if (!('coordinates' in value)) return [{ loc: [...loc, 'coordinates'], msg: 'Field required', type: 'missing' }];
  const size = checkGeometrySize(type as LayerGeometryType, value.coordinates, [...loc, 'coordinates']);
  if (size.issues.length > 0) return size.issues;
  return COORDINATES[type as LayerGeometryType](value.coordinates, [...loc, 'coordinates'], deferred);
}

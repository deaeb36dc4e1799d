// Validates what a client sends as a layer's `feature_collection` (RFC 7946): a FeatureCollection
// of Features, each with a `properties` object (null is accepted and stored as {}) and a geometry of
// a type the layer takes. An optional `datetime` property must be an RFC 3339 date-time, because it
// becomes the feature's time for OGC `datetime` filters. Returns every problem found (up to
// maxIssues), each with the exact `loc` inside the collection; [] means valid.
import { ALLOWED_GEOMETRY_TYPES, MAX_VALIDATION_ISSUES, type MapLayerType } from '../map-layer-vocabulary.ts';
import type { GeoJsonIssue } from './geojson-issue.ts';
import { countPositions } from './count-positions.ts';
import { isRfc3339DateTime } from './is-rfc3339-date-time.ts';
import { validateGeometry } from './validate-geometry.ts';
import { validateEntityProperties } from '../entity-properties.ts';
import type { DeferredRingChecks } from './deferred-ring-checks.ts';

export interface LayerValidationOptions {
  /** Most positions (vertices) accepted in one collection. */
  maxPositions: number;
  maxIssues?: number;
  /** Collects the rings whose crossing search the caller runs off the event loop (validate-geometry.ts). */
  deferCrossings?: DeferredRingChecks;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function validateLayerFeatureCollection(
  value: unknown,
  layerType: MapLayerType,
  options: LayerValidationOptions,
): GeoJsonIssue[] {
  const maxIssues = options.maxIssues ?? MAX_VALIDATION_ISSUES;
  if (!isObject(value))
    return [
      { loc: [], msg: 'Input should be a valid dictionary or object: a GeoJSON FeatureCollection', type: 'dict_type' },
    ];
  const issues: GeoJsonIssue[] = [];
  if (value.type === undefined) issues.push({ loc: ['type'], msg: 'Field required', type: 'missing' });
  else if (value.type !== 'FeatureCollection')
    issues.push({ loc: ['type'], msg: "Input should be 'FeatureCollection'", type: 'literal_error' });
  const features = value.features;
  if (features === undefined) return [...issues, { loc: ['features'], msg: 'Field required', type: 'missing' }];
  if (!Array.isArray(features))
    return [...issues, { loc: ['features'], msg: 'Input should be a valid list', type: 'list_type' }];
  if (features.length === 0)
    return [
      ...issues,
      { loc: ['features'], msg: 'List should have at least 1 item after validation, not 0', type: 'too_short' },
    ];

  const positions = countPositions(value);
  if (positions > options.maxPositions) {
    return [
      ...issues,
      {
        loc: [],
        msg: `The feature collection has ${positions} positions; at most ${options.maxPositions} are accepted per request (split it into several layers or simplify the geometry)`,
        type: 'too_long',
      },
    ];
  }

  const allowed = ALLOWED_GEOMETRY_TYPES[layerType];
  for (let i = 0; i < features.length && issues.length < maxIssues; i++) {
    const feature = features[i];
    const loc = ['features', i];
    if (!isObject(feature)) {
      issues.push({ loc, msg: 'Input should be a valid dictionary or object: a GeoJSON Feature', type: 'dict_type' });
      continue;
    }
    if (feature.type === undefined) issues.push({ loc: [...loc, 'type'], msg: 'Field required', type: 'missing' });
    else if (feature.type !== 'Feature')
      issues.push({ loc: [...loc, 'type'], msg: "Input should be 'Feature'", type: 'literal_error' });
    if (!('properties' in feature))
      issues.push({ loc: [...loc, 'properties'], msg: 'Field required', type: 'missing' });
    else if (feature.properties !== null && !isObject(feature.properties)) {
      issues.push({
        loc: [...loc, 'properties'],
        msg: 'Input should be a valid dictionary or object',
        type: 'dict_type',
      });
    } else if (
      isObject(feature.properties) &&
      'datetime' in feature.properties &&
      !isRfc3339DateTime(feature.properties.datetime)
    ) {
      issues.push({
        loc: [...loc, 'properties', 'datetime'],
        msg: "The 'datetime' property is the feature's time and should be an RFC 3339 date-time such as 2024-05-01T12:00:00Z",
        type: 'datetime_parsing',
      });
    }
    if (layerType === 'entity') {
      issues.push(
        ...validateEntityProperties(isObject(feature.properties) ? feature.properties : {}, [...loc, 'properties']),
      );
    }
    if (!('geometry' in feature)) issues.push({ loc: [...loc, 'geometry'], msg: 'Field required', type: 'missing' });
    else issues.push(...validateGeometry(feature.geometry, allowed, [...loc, 'geometry'], options.deferCrossings));
  }
  return issues.slice(0, maxIssues);
}

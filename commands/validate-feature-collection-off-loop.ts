// validateLayerFeatureCollection with the crossing search of large collections run off the event loop
// (ring-crossing-issues.ts): what every command that takes a feature collection calls. The crossing
// issues join the others in feature order.
import type { MapLayerType } from '../domain/map/map-layer-vocabulary.ts';
import { MAX_VALIDATION_ISSUES } from '../domain/map/map-layer-vocabulary.ts';
import type { GeoJsonIssue } from '../domain/map/geojson/geojson-issue.ts';
import type { DeferredRingChecks } from '../domain/map/geojson/deferred-ring-checks.ts';
import {
  validateLayerFeatureCollection,
  type LayerValidationOptions,
} from '../domain/map/geojson/validate-layer-feature-collection.ts';
import { ringCrossingIssues } from './ring-crossing-issues.ts';

const featureIndex = (issue: GeoJsonIssue) => (typeof issue.loc[1] === 'number' ? issue.loc[1] : -1);

export async function validateFeatureCollectionOffLoop(
  value: unknown,
  layerType: MapLayerType,
  options: Omit<LayerValidationOptions, 'deferCrossings'>,
): Promise<GeoJsonIssue[]> {
  const maxIssues = options.maxIssues ?? MAX_VALIDATION_ISSUES;
  const deferred: DeferredRingChecks = [];
  const issues = validateLayerFeatureCollection(value, layerType, { ...options, deferCrossings: deferred });
  if (deferred.length === 0) return issues;
  const crossings = await ringCrossingIssues(deferred);
  // Stable: within a feature, its crossing issues follow its other issues.
  return [...issues, ...crossings]
    .map((issue, order) => ({ issue, order }))
    .sort((a, b) => featureIndex(a.issue) - featureIndex(b.issue) || a.order - b.order)
    .map(({ issue }) => issue)
    .slice(0, maxIssues);
}

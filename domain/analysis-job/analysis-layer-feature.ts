// One feature of an analysis result's map layer: a fresh id, its role (route, waypoint, observer,
// radius, ...) first among the properties, then what the builder shows for it. Pure but for newId.
import type { LayerFeature } from '../map/layer-feature-collection.ts';

export function analysisLayerFeature(
  newId: () => string,
  role: string,
  properties: Record<string, unknown>,
  geometry: LayerFeature['geometry'],
): LayerFeature {
  return { type: 'Feature', id: newId(), properties: { role, ...properties }, geometry };
}

// A route request names the map's named-area layers to avoid: the analysis records their polygons
// as they are when requested (replay gives the same route). Pure.
import { DomainError } from '../shared/domain-error.ts';
import type { MapEvent } from '../map/map-events.ts';
import type { LonLat, RouteParameters } from './analysis-parameters.ts';

export function resolveAvoidAreas(
  layerIds: readonly string[],
  mapEvents: readonly MapEvent[],
  mapId: string,
): RouteParameters['avoid'] {
  return layerIds.map((layerId, index) => {
    const latest = mapEvents
      .filter((e) => (e.type === 'MapLayerAdded' || e.type === 'MapLayerReplaced') && e.data.layer_id === layerId)
      .at(-1);
    if (!latest || latest.type === 'MapCreated') {
      throw new DomainError('invalid', `Map ${mapId} has no layer ${layerId}`, ['body', 'avoid_layer_ids', index]);
    }
    if (latest.data.layer_type !== 'named_area') {
      throw new DomainError('invalid', `Layer ${layerId} is a ${latest.data.layer_type} layer, not a named_area`, [
        'body',
        'avoid_layer_ids',
        index,
      ]);
    }
    const polygons = latest.data.feature_collection.features.flatMap((f) =>
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates as LonLat[][]] : (f.geometry.coordinates as LonLat[][][]),
    );
    return { layer_id: layerId, polygons };
  });
}

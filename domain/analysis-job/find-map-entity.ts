// The entity feature with an id among a map's layers, as the map's events hold it (the newest
// version of each entity layer), or null. Pure: the command passes the map's events.
import type { MapEvent } from '../map/map-events.ts';
import type { EmitterProperties, ReceiverProperties } from '../map/entity-properties.ts';
import type { LonLat } from './analysis-parameters.ts';

export interface MapEntity {
  layer_id: string;
  feature_id: string;
  position: LonLat;
  properties: EmitterProperties | ReceiverProperties;
}

export function findMapEntity(events: readonly MapEvent[], featureId: string): MapEntity | null {
  const layers = new Map<string, MapEvent & { type: 'MapLayerAdded' | 'MapLayerReplaced' }>();
  for (const event of events) {
    if ((event.type === 'MapLayerAdded' || event.type === 'MapLayerReplaced') && event.data.layer_type === 'entity') {
      layers.set(event.data.layer_id, event);
    }
  }
  for (const [layerId, event] of layers) {
    const feature = event.data.feature_collection.features.find((f) => f.id === featureId);
    if (feature && feature.geometry.type === 'Point') {
      const [lon, lat] = feature.geometry.coordinates as number[];
      return {
        layer_id: layerId,
        feature_id: featureId,
        position: [lon!, lat!],
        properties: feature.properties as unknown as MapEntity['properties'],
      };
    }
  }
  return null;
}

// The stored form of a validated layer collection: each feature gets a server id, `properties`
// null becomes {}, polygons follow the RFC 7946 right-hand rule (exterior rings counter-clockwise,
// holes clockwise, via turf's rewind), and members other than type/id/properties/geometry (a
// client `id`, `bbox`, foreign members) are dropped, so what is stored is exactly what is served.
import { rewind } from '@turf/turf';
import type { Geometry } from 'geojson';
import type { LayerFeature, LayerFeatureCollection } from '../layer-feature-collection.ts';

interface SubmittedFeature {
  properties: Record<string, unknown> | null;
  geometry: Geometry;
}

function normalizedGeometry(geometry: Geometry): LayerFeature['geometry'] {
  const plain = { type: geometry.type, coordinates: (geometry as { coordinates: unknown }).coordinates } as Geometry;
  if (plain.type !== 'Polygon' && plain.type !== 'MultiPolygon') return plain as LayerFeature['geometry'];
  return rewind(plain, { reverse: false, mutate: false }) as LayerFeature['geometry'];
}

/** `value` must have passed validateLayerFeatureCollection; `newFeatureId` gives each feature its id. */
export function normalizeLayerFeatureCollection(value: unknown, newFeatureId: () => string): LayerFeatureCollection {
  const features = (value as { features: SubmittedFeature[] }).features;
  return {
    type: 'FeatureCollection',
    features: features.map((feature) => ({
      type: 'Feature',
      id: newFeatureId(),
      properties: feature.properties ?? {},
      geometry: normalizedGeometry(feature.geometry),
    })),
  };
}

// The OGC collection document of one map layer: the interface's feature-collection shape (id
// layer--<uuid>, title, svc:map_layer_id, svc:layer_type, links with an application/geo+json items
// link) plus itemType, CRS84 crs and the current version's spatial and temporal extent.
import type { MapLayerRow } from '../../projections/queries/map-queries.ts';
import { CRS84, GEOJSON, GREGORIAN_TRS, JSON_TYPE } from './ogc-media-types.ts';
import { collectionIdOf, collectionUrl, itemsUrl } from './ogc-urls.ts';

export function collectionDocument(origin: string, layer: MapLayerRow) {
  return {
    id: collectionIdOf(layer.layer_id),
    title: layer.title,
    'svc:map_layer_id': layer.layer_id,
    'svc:layer_type': layer.layer_type,
    'svc:layer_version': layer.version,
    itemType: 'feature',
    crs: [CRS84],
    extent: {
      spatial: { bbox: layer.bbox ? [layer.bbox] : [], crs: CRS84 },
      temporal: { interval: [[layer.time_min, layer.time_max]], trs: GREGORIAN_TRS },
    },
    links: [
      {
        href: collectionUrl(origin, layer.map_id, layer.layer_id),
        rel: 'self',
        type: JSON_TYPE,
        title: 'This collection',
      },
      {
        href: itemsUrl(origin, layer.map_id, layer.layer_id),
        rel: 'items',
        type: GEOJSON,
        title: 'Features of this layer',
      },
    ],
  };
}

// The OGC API collection document of a global tile collection: id, title, extent and links to its
// tilesets (rel tilesets-map or tilesets-vector, as GDAL and OGC clients look for), its
// WebMercatorQuad tileset and the tiling scheme. The extent is the area where the collection has
// tiles or is preparing them (the union of the covering jobs' work tiles), so clients read that
// area rather than the world; with nothing prepared it is the Web Mercator world, and
// svc:prepared_bbox says null.
import type { LonLatBounds } from '../../domain/terrain/types.ts';
import { MAX_MERCATOR_LATITUDE } from '../../domain/terrain/work-grid.ts';
import { CRS84, JSON_TYPE } from './ogc-media-types.ts';
import { EPSG_3857, REL } from './ogc-tiles-vocabulary.ts';
import { tileCollectionUrl, tileMatrixSetUrl, tilesetsUrl, tilesetUrl } from './ogc-tiles-urls.ts';
import type { TileCollection } from './tile-collections.ts';

export const WEB_MERCATOR_WORLD: LonLatBounds = [-180, -MAX_MERCATOR_LATITUDE, 180, MAX_MERCATOR_LATITUDE];

export function tileCollectionDocument(origin: string, collection: TileCollection, prepared: LonLatBounds | null) {
  return {
    id: collection.id,
    title: collection.title,
    description: collection.description,
    dataType: collection.dataType,
    crs: [EPSG_3857],
    extent: { spatial: { bbox: [prepared ?? WEB_MERCATOR_WORLD], crs: CRS84 } },
    'svc:readiness_phase': collection.phase,
    'svc:dataset': collection.dataset,
    'svc:encoding': collection.encoding,
    'svc:prepared_bbox': prepared,
    links: [
      { href: tileCollectionUrl(origin, collection.id), rel: 'self', type: JSON_TYPE, title: 'This collection' },
      {
        href: tilesetsUrl(origin, collection.id),
        rel: collection.dataType === 'vector' ? REL.tilesetsVector : REL.tilesetsMap,
        type: JSON_TYPE,
        title: 'Tilesets of this collection',
      },
      {
        href: tilesetUrl(origin, collection.id),
        rel: 'http://www.opengis.net/def/rel/ogc/1.0/tileset',
        type: JSON_TYPE,
        title: 'WebMercatorQuad tileset: format, zoom limits, bounds, tile URL template',
      },
      {
        href: tileMatrixSetUrl(origin),
        rel: REL.tilingScheme,
        type: JSON_TYPE,
        title: 'WebMercatorQuad tile matrix set',
      },
    ],
  };
}

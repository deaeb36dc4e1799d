// Identifiers of OGC API - Tiles 1.0 and OGC Two Dimensional Tile Matrix Set and Tileset Metadata
// 2.0 that the tile server uses: media types, link relations, CRS and tile matrix set URIs, and
// the conformance classes it meets.
export const PNG = 'image/png';
export const MVT = 'application/vnd.mapbox-vector-tile';

export const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';
export const WEB_MERCATOR_QUAD = 'WebMercatorQuad';
export const WEB_MERCATOR_QUAD_URI = 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad';

export const REL = {
  tilingScheme: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme',
  tilingSchemes: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes',
  tilesetsMap: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-map',
  tilesetsVector: 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector',
  geodata: 'http://www.opengis.net/def/rel/ogc/1.0/geodata',
} as const;

export const TILES_CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/json',
  'http://www.opengis.net/spec/ogcapi-common-2/1.0/conf/collections',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/png',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
  'http://www.opengis.net/spec/tms/2.0/conf/tilematrixset',
  'http://www.opengis.net/spec/tms/2.0/conf/json-tilematrixset',
];

/** Header that says why a 204 has no tile: `empty` (nothing there) or `not-ready` (being prepared). */
export const TILE_STATUS_HEADER = 'X-Tile-Status';

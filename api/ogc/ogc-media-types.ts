// Media types and identifiers of OGC API Features Part 1 (Core) that the service uses.
export const GEOJSON = 'application/geo+json';
export const JSON_TYPE = 'application/json';
/** The service description is OpenAPI 3.1 (there is no OGC conformance class for it; see conformance). */
export const OPENAPI_JSON = 'application/vnd.oai.openapi+json;version=3.1';
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const GREGORIAN_TRS = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';

export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
];

/** Items served per page: `limit` defaults to this... */
export const DEFAULT_ITEMS_LIMIT = 100;
/** ...and a larger `limit` is served as this many (OGC: a server may cap the limit). */
export const MAX_ITEMS_LIMIT = 1000;
/** Highest items offset accepted (a client paging beyond it should narrow its bbox or datetime). */
export const MAX_ITEMS_OFFSET = 100_000_000;

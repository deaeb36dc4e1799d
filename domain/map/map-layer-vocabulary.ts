// Layer types of a map, the geometry types each one takes, and the limits of one layer request.
export const MAP_LAYER_TYPES = ['boundary', 'named_area', 'annotation'] as const;
export type MapLayerType = (typeof MAP_LAYER_TYPES)[number];

/** GeoJSON geometry types the service stores (GeometryCollection is not one of them). */
export const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
export type LayerGeometryType = (typeof GEOMETRY_TYPES)[number];

/** Areas take polygons only; annotations take any of the geometry types above. */
export const ALLOWED_GEOMETRY_TYPES: Record<MapLayerType, readonly LayerGeometryType[]> = {
  boundary: ['Polygon', 'MultiPolygon'],
  named_area: ['Polygon', 'MultiPolygon'],
  annotation: GEOMETRY_TYPES,
};

/**
 * Positions (vertices) one layer request may carry. Validation and the self-intersection sweep
 * are O(n log n), the layer becomes one event, and EventStoreDB refuses events above 16 MB:
 * 250,000 positions stay far below that (about 10 MB of JSON).
 */
export const MAX_POSITIONS_PER_LAYER_REQUEST = 250_000;

/** A 422 lists at most this many problems; a broken 100,000-vertex upload should not echo back 100,000 of them. */
export const MAX_VALIDATION_ISSUES = 100;

export const MAX_LAYER_TITLE_LENGTH = 200;

// Layer types of a map, the geometry types each one takes, and the limits of one layer request.
/** Layer types a client may post (POST /api/maps/{map_id}/features). */
/** entity: emitters and receivers (Points with typed properties, domain/map/entity-properties.ts). */
export const CLIENT_LAYER_TYPES = ['boundary', 'named_area', 'annotation', 'entity'] as const;
/** Layer types only analyses write: their results (domain/analysis-job/analysis-vocabulary.ts). */
export const ANALYSIS_LAYER_TYPES = [
  'line_of_sight',
  'viewshed',
  'route',
  'landing_zone',
  'rf_coverage',
  // terrain_evaluation (domain/terrain-evaluation/): the MCOO's layers
  'obstacle',
  'mobility_corridor',
  'avenue_of_approach',
  'key_terrain',
] as const;
/** Layer types only COA generation writes: the COA sketch (domain/coa-development/coa-sketch-layers.ts). */
export const PLANNING_LAYER_TYPES = ['coa_axis', 'coa_objective', 'phase_line', 'coa_reserve'] as const;
export const MAP_LAYER_TYPES = [...CLIENT_LAYER_TYPES, ...ANALYSIS_LAYER_TYPES, ...PLANNING_LAYER_TYPES] as const;
export type MapLayerType = (typeof MAP_LAYER_TYPES)[number];
export type ClientLayerType = (typeof CLIENT_LAYER_TYPES)[number];

/** GeoJSON geometry types the service stores (GeometryCollection is not one of them). */
export const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
] as const;
export type LayerGeometryType = (typeof GEOMETRY_TYPES)[number];

/** Areas take polygons only; annotations take any of the geometry types above. */
export const ALLOWED_GEOMETRY_TYPES: Record<MapLayerType, readonly LayerGeometryType[]> = {
  boundary: ['Polygon', 'MultiPolygon'],
  named_area: ['Polygon', 'MultiPolygon'],
  annotation: GEOMETRY_TYPES,
  entity: ['Point'],
  line_of_sight: ['Point', 'LineString'],
  viewshed: ['Point', 'Polygon'],
  route: ['Point', 'LineString'],
  landing_zone: ['Point', 'Polygon'],
  rf_coverage: ['Point', 'Polygon'],
  obstacle: ['Polygon', 'MultiPolygon'],
  mobility_corridor: ['Point', 'LineString', 'MultiPolygon'],
  avenue_of_approach: ['Point', 'LineString'],
  key_terrain: ['Point'],
  coa_axis: ['LineString'],
  coa_objective: ['Point'],
  phase_line: ['LineString'],
  coa_reserve: ['Point'],
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

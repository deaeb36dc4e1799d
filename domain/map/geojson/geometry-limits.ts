// How large a geometry the API takes may be (README "Geometry limits"). Every position is checked,
// every ring is searched for crossings, and the geometry is stored in an event and a read model, so
// each level is bounded: a 422 names the list that is too long.
/** Positions of one linear ring (exterior or hole), the closing position included. */
export const MAX_RING_POSITIONS = 20_000;
/** Rings of one Polygon: the exterior and its holes. */
export const MAX_POLYGON_RINGS = 500;
/** Positions of one LineString. */
export const MAX_LINE_POSITIONS = 20_000;
/** Members of a MultiPoint, MultiLineString or MultiPolygon. */
export const MAX_MULTI_PARTS = 10_000;
/** Positions of one geometry, all rings, lines and parts together. */
export const MAX_GEOMETRY_POSITIONS = 100_000;

/** The limits in words, for route descriptions (OpenAPI) and messages. */
export const GEOMETRY_LIMITS_SUMMARY =
  `each geometry at most ${MAX_GEOMETRY_POSITIONS} positions, ` +
  `${MAX_RING_POSITIONS} per ring, ${MAX_LINE_POSITIONS} per LineString, ${MAX_POLYGON_RINGS} rings per Polygon, ` +
  `${MAX_MULTI_PARTS} parts per multi-part geometry`;

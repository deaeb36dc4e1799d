// Parses a GeoJSON document (RFC 7946: a FeatureCollection, a Feature or a bare geometry, lon/lat
// on WGS 84) into features, checking every position. Bad data is refused whole with its place
// ("feature 12: position [200, 10] ...") rather than skipped, so a broken source is noticed.
// Features without an id get `f<index>` so that parts of one feature clipped into several tiles
// can be recognised as one (building counts, road graphs).
import type { Geometry } from 'geojson';
import type { TileFeature } from '../../../../domain/terrain/types.ts';

export class GeoJsonFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeoJsonFormatError';
  }
}

const DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

function checkPositions(value: unknown, depth: number, where: string): void {
  if (!Array.isArray(value)) throw new GeoJsonFormatError(`${where}: coordinates must be arrays`);
  if (depth === 0) {
    const [lon, lat] = value;
    if (
      value.length < 2 ||
      typeof lon !== 'number' ||
      typeof lat !== 'number' ||
      !Number.isFinite(lon) ||
      !Number.isFinite(lat) ||
      lon < -180 ||
      lon > 180 ||
      lat < -90 ||
      lat > 90
    ) {
      throw new GeoJsonFormatError(`${where}: position ${JSON.stringify(value)} is not [longitude, latitude] in range`);
    }
    return;
  }
  for (const child of value) checkPositions(child, depth - 1, where);
}

function checkGeometry(geometry: unknown, where: string): Geometry {
  const g = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (typeof g !== 'object' || g === null) throw new GeoJsonFormatError(`${where}: geometry must be an object`);
  if (g.type === 'GeometryCollection') {
    if (!Array.isArray(g.geometries)) throw new GeoJsonFormatError(`${where}: GeometryCollection needs geometries`);
    g.geometries.forEach((child, i) => checkGeometry(child, `${where} member ${i}`));
    return g as Geometry;
  }
  const depth = typeof g.type === 'string' ? DEPTH[g.type] : undefined;
  if (depth === undefined) throw new GeoJsonFormatError(`${where}: unknown geometry type ${JSON.stringify(g.type)}`);
  checkPositions(g.coordinates, depth, where);
  return g as Geometry;
}

/** Features of a GeoJSON text; throws GeoJsonFormatError on anything that is not valid GeoJSON. */
export function parseGeoJsonFeatures(text: string): TileFeature[] {
  let document: { type?: unknown; features?: unknown };
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new GeoJsonFormatError(`not JSON: ${(error as Error).message}`);
  }
  if (typeof document !== 'object' || document === null) throw new GeoJsonFormatError('not a GeoJSON object');
  let rawFeatures: unknown[];
  if (document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features)) throw new GeoJsonFormatError('FeatureCollection needs a features array');
    rawFeatures = document.features;
  } else if (document.type === 'Feature') rawFeatures = [document];
  else rawFeatures = [{ type: 'Feature', geometry: document, properties: {} }];

  const features: TileFeature[] = [];
  rawFeatures.forEach((raw, index) => {
    const f = raw as { type?: unknown; id?: unknown; geometry?: unknown; properties?: unknown };
    if (typeof f !== 'object' || f === null || f.type !== 'Feature') {
      throw new GeoJsonFormatError(`feature ${index}: not a Feature`);
    }
    if (f.geometry === null || f.geometry === undefined) return; // unlocated features have no place in a tile
    const geometry = checkGeometry(f.geometry, `feature ${index}`);
    const properties =
      typeof f.properties === 'object' && f.properties !== null && !Array.isArray(f.properties)
        ? (f.properties as Record<string, unknown>)
        : {};
    const id = typeof f.id === 'string' || typeof f.id === 'number' ? f.id : `f${index}`;
    features.push({ type: 'Feature', id, geometry, properties });
  });
  return features;
}

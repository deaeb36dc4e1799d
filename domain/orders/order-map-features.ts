// The features of an order's record as GeoJSON for a map layer (made only with the user's consent: the
// read request's flag). Only features with a position; each named as in the order ("OBJ IRON", "PL GOLD";
// an unnamed grid keeps its reference as its name) with its kind and the sources of its positions:
// - a point (objective, checkpoint, ...) or a feature with one position: a Point at that position (an
//   objective given by several grids: a MultiPoint);
// - a line (phase line, boundary, route, axis, ...) with two or more positions: a LineString through
//   them in the order's order;
// - an area (area of operations, NAI, ...) with three or more positions: a Polygon of them (closed); with
//   fewer, or corners whose ring would cross itself, the positions as points.
// The order's text gives no more than this: no shape is invented between the positions it states.
import { kinks, polygon } from '@turf/turf';
import type { Feature as OrderFeature, OrderRecord } from './order-record.ts';

export interface OrderMapFeature {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: [number, number] }
    | { type: 'MultiPoint'; coordinates: [number, number][] }
    | { type: 'LineString'; coordinates: [number, number][] }
    | { type: 'Polygon'; coordinates: [number, number][][] };
  properties: {
    name: string;
    kind: string;
    references: string[];
    document_id: string;
    /** Where each position was read: page and character span. */
    sources: { page: number; start: number; end: number }[];
  };
}

function geometryOf(feature: OrderFeature): OrderMapFeature['geometry'] {
  const coordinates = feature.positions.map((p) => p.lon_lat);
  if (coordinates.length === 1) return { type: 'Point', coordinates: coordinates[0]! };
  if (feature.geometry === 'line') return { type: 'LineString', coordinates };
  if (feature.geometry === 'area' && coordinates.length >= 3) {
    const ring = [...coordinates, coordinates[0]!];
    // Corners given out of order cross: then they are points, not an area the order does not draw.
    if (kinks(polygon([ring])).features.length === 0) return { type: 'Polygon', coordinates: [ring] };
  }
  return { type: 'MultiPoint', coordinates };
}

export function orderMapFeatures(record: OrderRecord): OrderMapFeature[] {
  return record.features
    .filter((feature) => feature.positions.length > 0)
    .map((feature) => ({
      type: 'Feature',
      geometry: geometryOf(feature),
      properties: {
        name: feature.name ?? feature.positions[0]!.reference,
        kind: feature.kind,
        references: feature.positions.map((p) => p.reference),
        document_id: record.document_id,
        sources: feature.positions.map(({ source: { page, start, end } }) => ({ page, start, end })),
      },
    }));
}

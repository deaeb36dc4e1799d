// Cuts a lon/lat feature to a work tile. Lines keep every part inside (a road leaving and
// re-entering the tile gives a MultiLineString); polygons are clipped ring by ring
// (Sutherland–Hodgman via turf's bboxClip) and rings that collapse are dropped; points use a
// half-open box so a point on a shared tile edge belongs to exactly one tile.
import { bbox as bboxOf, bboxClip } from '@turf/turf';
import type { Geometry, Position, Polygon, LineString } from 'geojson';
import type { LonLatBounds, TileFeature } from '../../../../domain/terrain/types.ts';

type Box = [number, number, number, number];

function pointInside([lon, lat]: Position, [west, south, east, north]: Box): boolean {
  return lon >= west && lon < east && lat >= south && lat < north;
}

function withoutRepeats(line: Position[]): Position[] {
  const out: Position[] = [];
  for (const p of line) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function ringArea(ring: Position[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return twice / 2;
}

function clipLine(coordinates: Position[], box: Box): Position[][] {
  const clipped = bboxClip({ type: 'LineString', coordinates } as LineString, box).geometry;
  const parts = clipped.type === 'MultiLineString' ? clipped.coordinates : [(clipped as LineString).coordinates];
  return parts.map(withoutRepeats).filter((part) => part.length >= 2);
}

function clipPolygon(rings: Position[][], box: Box): Position[][] | null {
  const clipped = (bboxClip({ type: 'Polygon', coordinates: rings } as Polygon, box).geometry as Polygon).coordinates;
  const kept: Position[][] = [];
  for (let i = 0; i < clipped.length; i++) {
    const ring = withoutRepeats(clipped[i]);
    if (ring.length < 4 || ringArea(ring) === 0) {
      if (i === 0) return null; // the outer ring vanished: nothing of the polygon is in the box
      continue;
    }
    kept.push(ring);
  }
  return kept.length > 0 ? kept : null;
}

function clipGeometry(geometry: Geometry, box: Box): Geometry | null {
  switch (geometry.type) {
    case 'Point':
      return pointInside(geometry.coordinates, box) ? geometry : null;
    case 'MultiPoint': {
      const kept = geometry.coordinates.filter((p) => pointInside(p, box));
      return kept.length > 0 ? { type: 'MultiPoint', coordinates: kept } : null;
    }
    case 'LineString':
    case 'MultiLineString': {
      const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
      const parts = lines.flatMap((line) => clipLine(line, box));
      if (parts.length === 0) return null;
      return parts.length === 1
        ? { type: 'LineString', coordinates: parts[0] }
        : { type: 'MultiLineString', coordinates: parts };
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      const kept = polygons.map((rings) => clipPolygon(rings, box)).filter((p): p is Position[][] => p !== null);
      if (kept.length === 0) return null;
      return kept.length === 1
        ? { type: 'Polygon', coordinates: kept[0] }
        : { type: 'MultiPolygon', coordinates: kept };
    }
    case 'GeometryCollection': {
      const kept = geometry.geometries.map((g) => clipGeometry(g, box)).filter((g): g is Geometry => g !== null);
      return kept.length > 0 ? { type: 'GeometryCollection', geometries: kept } : null;
    }
  }
}

/**
 * The part of `feature` inside `bounds` ([west, south, east, north], degrees), or null when nothing
 * of it is inside. Properties and id are kept; a feature wholly inside is returned as it is.
 */
export function clipFeatureToBounds(feature: TileFeature, bounds: LonLatBounds): TileFeature | null {
  const box = bounds as Box;
  if (feature.geometry === null) return null;
  const [w, s, e, n] = bboxOf(feature.geometry);
  // Points are decided by the half-open rule even when inside; other shapes may pass untouched.
  if (
    feature.geometry.type !== 'Point' &&
    feature.geometry.type !== 'MultiPoint' &&
    w >= box[0] &&
    e <= box[2] &&
    s >= box[1] &&
    n <= box[3]
  ) {
    return feature;
  }
  if (e < box[0] || w > box[2] || n < box[1] || s > box[3]) return null;
  const geometry = clipGeometry(feature.geometry, box);
  return geometry ? { ...feature, geometry } : null;
}

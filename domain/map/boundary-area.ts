// The area of operations as one (Multi)Polygon: every polygon of the boundary layer, holes kept.
import type { AreaPolygon } from '../terrain/types.ts';

interface BoundaryLike {
  features: Array<{ geometry: { type: string; coordinates: unknown } }>;
}

export function boundaryArea(boundary: BoundaryLike): AreaPolygon {
  const polygons: number[][][][] = [];
  for (const feature of boundary.features) {
    if (feature.geometry.type === 'Polygon') polygons.push(feature.geometry.coordinates as number[][][]);
    else if (feature.geometry.type === 'MultiPolygon')
      polygons.push(...(feature.geometry.coordinates as number[][][][]));
  }
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0]! }
    : { type: 'MultiPolygon', coordinates: polygons };
}

// The routable road graph of an area: nodes at junctions and dead ends, one edge per stretch of
// road between them with its geometry, geodesic length, class, speed and direction.
import type { Position } from 'geojson';
import type { RoadClass } from '../../sources/vector/road-class.ts';

export interface RoadGraphEdge {
  from: number;
  to: number;
  /** Geodesic length on WGS 84, metres. */
  lengthMeters: number;
  class: RoadClass;
  speedKmh: number;
  /** True: travel only from `from` to `to`. */
  oneway: boolean;
  /** [lon, lat] vertices from `from` to `to`, snapped to 1e-7°. */
  geometry: Position[];
}

export interface RoadGraph {
  /** [lon, lat] of each node, snapped to 1e-7°. */
  nodes: Position[];
  edges: RoadGraphEdge[];
}

// The work tiles an analysis cannot run without: a route's waypoints, a landing-zone survey's or a
// terrain evaluation's area. What its footprint adds around them (a route's search margin, a landing
// point's diameter, an area's bounding rectangle) may be clipped to a terrain job's tiles, these never.
// Null for the sight and radio tools: their radius is the user's and spilling it is a conflict. Pure.
import { workTilesForArea } from '../terrain/work-tiles-for-area.ts';
import { WORK_ZOOM } from '../terrain/work-grid.ts';
import type { TileAddress } from '../terrain/types.ts';
import type { AnalysisSpec } from './analysis-parameters.ts';
import { waypointTiles } from './waypoint-tiles.ts';

/** The tiles `spec` needs prepared, or null when its whole footprint is needed. */
export function analysisRequiredTiles(spec: AnalysisSpec, zoom = WORK_ZOOM): TileAddress[] | null {
  switch (spec.analysis_type) {
    case 'route':
      return waypointTiles(spec.parameters.waypoints, zoom);
    case 'landing_zones':
    case 'terrain_evaluation':
      return workTilesForArea(spec.parameters.area, zoom);
    default:
      return null;
  }
}

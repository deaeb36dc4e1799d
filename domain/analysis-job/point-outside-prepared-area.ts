// For tools that need a terrain job (routes, landing zones): the first point of a request that lies
// outside every work tile the map's terrain jobs prepare, as a 422 issue naming it; null when all
// points are inside (the footprint's margin may still reach beyond: then no job covers it, a 409). Pure.
import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';
import { MERCATOR_HALF_WORLD_M, WORK_ZOOM } from '../terrain/work-grid.ts';
import type {
  AnalysisParameters,
  LandingZonesParameters,
  LonLat,
  RouteParameters,
  TerrainEvaluationParameters,
} from './analysis-parameters.ts';
import type { AvailableAnalysisType } from './analysis-vocabulary.ts';
import type { ParameterIssue } from './check-analysis-parameters.ts';

const key = (x: number, y: number) => `${x}/${y}`;

function tileKeyOf([lon, lat]: LonLat): string {
  const [mx, my] = lonLatToMercator(lon, lat);
  const span = (2 * MERCATOR_HALF_WORLD_M) / 2 ** WORK_ZOOM;
  return key(Math.floor((mx + MERCATOR_HALF_WORLD_M) / span), Math.floor((MERCATOR_HALF_WORLD_M - my) / span));
}

export function pointOutsidePreparedArea(
  type: AvailableAnalysisType,
  parameters: AnalysisParameters,
  preparedTiles: ReadonlyArray<[number, number]>,
): ParameterIssue | null {
  const prepared = new Set(preparedTiles.map(([x, y]) => key(x, y)));
  const points: Array<[LonLat, Array<string | number>]> =
    type === 'route'
      ? (parameters as RouteParameters).waypoints.map((p, i) => [p, ['body', 'waypoints', i]])
      : type === 'landing_zones' || type === 'terrain_evaluation'
        ? (parameters as LandingZonesParameters | TerrainEvaluationParameters).area.coordinates.flatMap((ring, r) =>
            ring.map((p, i): [LonLat, Array<string | number>] => [p, ['body', 'area', 'coordinates', r, i]]),
          )
        : [];
  for (const [point, loc] of points) {
    if (!prepared.has(tileKeyOf(point))) {
      return {
        loc,
        type: 'value_error',
        msg: `[${point.join(', ')}] is outside the area the map's terrain jobs prepare: request a terrain job covering it first`,
      };
    }
  }
  return null;
}

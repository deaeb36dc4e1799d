// The result of a route analysis: the quickest route for a movement class through the waypoints
// (domain/terrain-analysis/plan-route.ts over buildTravelSurface: Tobler's hiking function on foot,
// gradeability limits for vehicles, land cover, roads burned in with their speeds, named areas to
// avoid; waterways as obstacles crossable only at bridges, fords and tunnels), or the reason none
// exists, and the features of its map layer. Pure.
import type { LayerFeatureCollection } from '../map/layer-feature-collection.ts';
import { mobilityRaster } from '../terrain/mobility-raster.ts';
import { burnRoadSpeeds, type PixelRoad } from '../terrain-analysis/burn-road-speeds.ts';
import { planRoute } from '../terrain-analysis/plan-route.ts';
import { polygonCellMask } from '../terrain-analysis/polygon-cell-mask.ts';
import { buildTravelSurface } from '../terrain-analysis/travel-surface.ts';
import { DEFAULT_TRAVEL_MODELS } from '../terrain-analysis/travel-models.ts';
import { applyLinearObstacles } from '../terrain-evaluation/apply-linear-obstacles.ts';
import { burnLinearObstacles, type WaterwayLine } from '../terrain-evaluation/burn-linear-obstacles.ts';
import { analysisLayerFeature } from './analysis-layer-feature.ts';
import { lineCellMask } from './line-cell-mask.ts';
import type { LonLat, RouteParameters } from './analysis-parameters.ts';
import { groundRasterOf, type ElevationGrid } from './elevation-grid.ts';
import { lonLatOfCell, pixelOfLonLat } from './footprint-grid.ts';
import { footprintSlopeDegrees } from './footprint-slope-degrees.ts';
import { LAND_COVER_NODATA } from './landing-zones-result.ts';
import { mgrsReference } from './mgrs-reference.ts';
import { requireCell } from './sight-point-view.ts';

/** The waterways of the footprint and the lines of roads that cross them (bridges, fords, tunnels), pixels. */
export interface RouteWaterways {
  waterways: readonly WaterwayLine[];
  crossings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const roundPosition = ([lon, lat]: LonLat): LonLat => [round(lon, 7), round(lat, 7)];
/** Profile points kept in the result: every cell up to this many, else evenly thinned (ends kept). */
const MAX_PROFILE_POINTS = 500;

function thin<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!);
}

export function routeResult(
  elevation: ElevationGrid,
  landCover: Uint8Array,
  roads: readonly PixelRoad[],
  parameters: RouteParameters,
  newId: () => string,
  water: RouteWaterways = { waterways: [], crossings: [] },
) {
  const { grid, data } = elevation;
  const { movement, waypoints, avoid } = parameters;
  const slope = footprintSlopeDegrees(elevation);
  const roadSpeedKmh = burnRoadSpeeds(grid.width, grid.height, roads);
  const roadMask = Uint8Array.from(roadSpeedKmh, (speed) => (speed > 0 ? 1 : 0));
  const mobility = mobilityRaster(
    { slopeDegrees: slope, landCover, landCoverNodata: LAND_COVER_NODATA, roads: roadMask },
    movement,
  );
  // The river rule (README "Waterways"): a waterway is an obstacle but where a bridge, ford or tunnel crosses it.
  const cellSizeM = groundRasterOf(elevation, waypoints[0]!).cellWidth;
  const linear = burnLinearObstacles(grid.width, grid.height, cellSizeM, water.waterways, movement);
  const crossingCells = lineCellMask(grid.width, grid.height, water.crossings);
  applyLinearObstacles(mobility, linear, crossingCells, roadSpeedKmh);
  const polygons = avoid
    .flatMap((a) => a.polygons)
    .map((polygon) => polygon.map((ring) => ring.map((p) => pixelOfLonLat(grid, p))));
  const avoidMask = polygons.length > 0 ? polygonCellMask(grid.width, grid.height, polygons, 'touch') : null;
  const dem = groundRasterOf(elevation, waypoints[0]!);
  const surface = buildTravelSurface(
    {
      width: grid.width,
      height: grid.height,
      cellWidth: dem.cellWidth,
      cellHeight: dem.cellHeight,
      elevation: data,
      mobility,
      landCover,
      roadSpeedKmh,
      avoid: avoidMask,
    },
    DEFAULT_TRAVEL_MODELS[movement],
  );
  const cells = waypoints.map((p) => requireCell(grid, p));
  // Routes recorded before the option existed searched 8 neighbours.
  const neighbourhood = parameters.neighbourhood ?? 8;
  const plan = planRoute(surface, cells, neighbourhood);
  const points = waypoints.map((p, index) => {
    const position = roundPosition(lonLatOfCell(grid, cells[index]!.col, cells[index]!.row));
    return { index, requested_position: p, requested_mgrs: mgrsReference(p), position, mgrs: mgrsReference(position) };
  });
  const base = {
    movement,
    neighbourhood,
    cell_size_m: round(dem.cellWidth, 4),
    waypoints: points,
    waterways: water.waterways.length,
  };
  const waypointFeatures = points.map(({ index, mgrs, position }) =>
    analysisLayerFeature(newId, 'waypoint', { index, mgrs }, { type: 'Point', coordinates: position }),
  );
  if (!plan.found) {
    const result = {
      ...base,
      found: false,
      reason: plan.reason,
      waypoint: plan.waypoint,
      blocked_by: plan.blockedBy ?? null,
      message: plan.message,
    };
    const features: LayerFeatureCollection = { type: 'FeatureCollection', features: waypointFeatures };
    return { result, features };
  }
  const line = plan.cells.map((c) => roundPosition(lonLatOfCell(grid, c.col, c.row)));
  // Where the route runs over a waterway: one per run of waterway cells (a crossing site, or a stream too
  // narrow to stop the mover).
  const waterwayCrossings: Array<{ mgrs: string | null; position: LonLat; cells: number }> = [];
  let run: (typeof waterwayCrossings)[number] | null = null;
  for (const [k, c] of plan.cells.entries()) {
    if (linear[c.row * grid.width + c.col] === 0) run = null;
    else if (run) run.cells++;
    else waterwayCrossings.push((run = { mgrs: mgrsReference(line[k]!), position: line[k]!, cells: 1 }));
  }
  const result = {
    ...base,
    found: true,
    length_m: round(plan.length, 2),
    waterway_crossings: waterwayCrossings,
    seconds: round(plan.seconds, 1),
    leg_seconds: plan.legSeconds.map((s) => round(s, 1)),
    ascent_m: round(plan.ascent, 2),
    descent_m: round(plan.descent, 2),
    length_by_class_m: {
      road: round(plan.lengthByClass.road, 2),
      go: round(plan.lengthByClass.go, 2),
      slow_go: round(plan.lengthByClass.slow_go, 2),
    },
    share_by_class: {
      road: round(plan.shareByClass.road, 6),
      go: round(plan.shareByClass.go, 6),
      slow_go: round(plan.shareByClass.slow_go, 6),
    },
    profile: thin(plan.profile, MAX_PROFILE_POINTS).map((p) => ({
      distance_m: round(p.distance, 2),
      elevation_m: round(p.elevation, 2),
      seconds: round(p.seconds, 1),
    })),
  };
  const routeFeature = analysisLayerFeature(
    newId,
    'route',
    { movement, length_m: result.length_m, seconds: result.seconds, share_by_class: result.share_by_class },
    line.length > 1 ? { type: 'LineString', coordinates: line } : { type: 'Point', coordinates: line[0] },
  );
  const features: LayerFeatureCollection = { type: 'FeatureCollection', features: [routeFeature, ...waypointFeatures] };
  return { result, features };
}

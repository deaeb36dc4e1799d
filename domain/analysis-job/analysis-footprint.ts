// The work tiles an analysis reads: the rectangle of zoom-12 tiles around the observer and target
// (line of sight) or around the radius circle of the observer (viewshed) or emitter (RF coverage). Pure.
import { lonLatToMercator } from '../terrain/lon-lat-to-mercator.ts';
import { MERCATOR_HALF_WORLD_M, WORK_ZOOM } from '../terrain/work-grid.ts';
import type { TileAddress } from '../terrain/types.ts';
import type {
  AnalysisParameters,
  LandingZonesParameters,
  LineOfSightParameters,
  LonLat,
  RfCoverageParameters,
  RouteParameters,
  TerrainEvaluationParameters,
  ViewshedParameters,
} from './analysis-parameters.ts';
import { LANDING_POINT_DIAMETERS_M } from '../terrain-analysis/landing-point-diameters.ts';
import { MEAN_EARTH_RADIUS_M } from './ground-distance-m.ts';
import { ROUTE_MARGIN_M, type AvailableAnalysisType } from './analysis-vocabulary.ts';

function tilesOfRectangle(west: number, south: number, east: number, north: number, zoom: number): TileAddress[] {
  const n = 2 ** zoom;
  const span = (2 * MERCATOR_HALF_WORLD_M) / n;
  const index = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v / span)));
  const [x0, y1] = lonLatToMercator(west, north);
  const [x1, y0] = lonLatToMercator(east, south);
  const tiles: TileAddress[] = [];
  for (let y = index(MERCATOR_HALF_WORLD_M - y1); y <= index(MERCATOR_HALF_WORLD_M - y0); y++) {
    for (let x = index(x0 + MERCATOR_HALF_WORLD_M); x <= index(x1 + MERCATOR_HALF_WORLD_M); x++)
      tiles.push({ z: zoom, x, y });
  }
  return tiles;
}

/** Degrees of latitude and longitude that `metres` of ground span around a position (spherical). */
function degreesAround([, lat]: LonLat, metres: number): [number, number] {
  const dLat = (metres / MEAN_EARTH_RADIUS_M) * (180 / Math.PI);
  const dLon = dLat / Math.max(1e-6, Math.cos((lat * Math.PI) / 180));
  return [dLon, dLat];
}

/** Tiles the tool reads for these parameters, north to south then west to east. */
export function analysisFootprint(
  type: AvailableAnalysisType,
  parameters: AnalysisParameters,
  zoom = WORK_ZOOM,
): TileAddress[] {
  if (type === 'line_of_sight') {
    const { observer, target } = parameters as LineOfSightParameters;
    const [a, b] = [observer.position, target.position];
    return tilesOfRectangle(
      Math.min(a[0], b[0]),
      Math.min(a[1], b[1]),
      Math.max(a[0], b[0]),
      Math.max(a[1], b[1]),
      zoom,
    );
  }
  if (type === 'route') {
    const { waypoints } = parameters as RouteParameters;
    const lons = waypoints.map((p) => p[0]),
      lats = waypoints.map((p) => p[1]);
    const north = Math.max(...lats),
      south = Math.min(...lats);
    const [dLon, dLat] = degreesAround([0, Math.abs(north) > Math.abs(south) ? north : south], ROUTE_MARGIN_M);
    return tilesOfRectangle(Math.min(...lons) - dLon, south - dLat, Math.max(...lons) + dLon, north + dLat, zoom);
  }
  if (type === 'terrain_evaluation') {
    // The area of operations' bounding rectangle.
    const ring = (parameters as TerrainEvaluationParameters).area.coordinates[0]!;
    const lons = ring.map((p) => p[0]),
      lats = ring.map((p) => p[1]);
    return tilesOfRectangle(Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats), zoom);
  }
  if (type === 'landing_zones') {
    // The area, widened by a landing point's diameter so a candidate at its edge lies on the grid.
    const { area, aircraft_size } = parameters as LandingZonesParameters;
    const ring = area.coordinates[0]!;
    const lons = ring.map((p) => p[0]),
      lats = ring.map((p) => p[1]);
    const north = Math.max(...lats),
      south = Math.min(...lats);
    const [dLon, dLat] = degreesAround(
      [0, Math.abs(north) > Math.abs(south) ? north : south],
      LANDING_POINT_DIAMETERS_M[aircraft_size],
    );
    return tilesOfRectangle(Math.min(...lons) - dLon, south - dLat, Math.max(...lons) + dLon, north + dLat, zoom);
  }
  const [centre, radius_m] =
    type === 'viewshed'
      ? [(parameters as ViewshedParameters).observer.position, (parameters as ViewshedParameters).radius_m]
      : [(parameters as RfCoverageParameters).emitter.position, (parameters as RfCoverageParameters).radius_m];
  const [dLon, dLat] = degreesAround(centre, radius_m);
  const [lon, lat] = centre;
  return tilesOfRectangle(lon - dLon, lat - dLat, lon + dLon, lat + dLat, zoom);
}

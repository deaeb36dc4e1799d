// The result of a landing-zone survey: candidate zones inside the area for a helicopter size class
// (domain/terrain-analysis/survey-landing-zones.ts, after FM 3-21.38), ranked, with each criterion's
// measurement and reason, as polygons with MGRS references. Slope is Horn's over the footprint's
// elevation with true ground spacing per row; NO-GO is the foot mobility class (mobility-raster.ts).
// Building heights (obstacles, clearance) and roads (the road constraint) are passed in when the
// survey has them; without building data obstacles and clearance say so in their reason. Pure.
import type { LayerFeatureCollection } from '../map/layer-feature-collection.ts';
import { mobilityRaster } from '../terrain/mobility-raster.ts';
import { polygonCellMask } from '../terrain-analysis/polygon-cell-mask.ts';
import { surveyLandingZones } from '../terrain-analysis/survey-landing-zones.ts';
import { analysisLayerFeature } from './analysis-layer-feature.ts';
import type { LandingZonesParameters, LonLat } from './analysis-parameters.ts';
import { groundRasterOf, type ElevationGrid } from './elevation-grid.ts';
import { lonLatOfCell, lonLatOfPixel, pixelOfLonLat } from './footprint-grid.ts';
import { footprintSlopeDegrees } from './footprint-slope-degrees.ts';
import { mgrsReference } from './mgrs-reference.ts';

/** Land-cover value the worker writes where the source has no data. */
export const LAND_COVER_NODATA = 0;

const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));
const roundPosition = ([lon, lat]: LonLat): LonLat => [Number(lon.toFixed(7)), Number(lat.toFixed(7))];

export function landingZonesResult(
  elevation: ElevationGrid,
  landCover: Uint8Array,
  parameters: LandingZonesParameters,
  newId: () => string,
  /** Non-zero on road cells (needed with max_road_distance_m); building heights, metres (null = no data). */
  extra: { roads?: Uint8Array | null; buildingHeight?: Float32Array | null } = {},
) {
  const { grid } = elevation;
  const { area, aircraft_size, accept_upslope, max_candidates } = parameters;
  const maxRoadDistance = parameters.max_road_distance_m ?? null;
  const slope = footprintSlopeDegrees(elevation);
  const mobility = mobilityRaster({ slopeDegrees: slope, landCover, landCoverNodata: LAND_COVER_NODATA }, 'foot');
  const ring = area.coordinates[0]!;
  const centre: LonLat = [
    (Math.min(...ring.map((p) => p[0])) + Math.max(...ring.map((p) => p[0]))) / 2,
    (Math.min(...ring.map((p) => p[1])) + Math.max(...ring.map((p) => p[1]))) / 2,
  ];
  const mask = polygonCellMask(
    grid.width,
    grid.height,
    [area.coordinates.map((r) => r.map((p) => pixelOfLonLat(grid, p)))],
    'centre',
  );
  const dem = groundRasterOf(elevation, centre);
  const inputs = {
    dem,
    landCover,
    mobility,
    area: mask,
    roads: extra.roads ?? null,
    buildingHeight: extra.buildingHeight ?? null,
  };
  const candidates = surveyLandingZones(inputs, aircraft_size, {
    acceptUpslope: accept_upslope,
    maxCandidates: max_candidates,
    ...(maxRoadDistance === null ? {} : { maxRoadDistance }),
  });
  const zones = candidates.map((c) => {
    const position = roundPosition(lonLatOfCell(grid, c.center.col, c.center.row));
    return {
      rank: c.rank,
      suitable: c.suitable,
      shape: c.shape,
      diameter_m: c.diameter,
      center: {
        position,
        mgrs: mgrsReference(position),
        ground_elevation_m: round(elevation.data[c.center.row * grid.width + c.center.col]!, 2),
      },
      ring: c.ring.map(([x, y]) => roundPosition(lonLatOfPixel(grid, x, y))),
      slope: {
        pass: c.slope.pass,
        reason: c.slope.reason,
        degrees: round(c.slope.degrees, 3),
        landing_class: c.slope.landingClass,
        max_residual_m: round(c.slope.maxResidual, 3),
      },
      surface: {
        pass: c.surface.pass,
        reason: c.surface.reason,
        land_cover: c.surface.landCover,
        unsuitable_cells: c.surface.unsuitableCells,
      },
      obstacles: { pass: c.obstacles.pass, reason: c.obstacles.reason, highest_on_point_m: c.obstacles.highestOnPoint },
      clearance: {
        pass: c.clearance.pass,
        reason: c.clearance.reason,
        worst_ratio: round(c.clearance.worstRatio, 3),
        worst_height_m: round(c.clearance.worstHeight, 2),
        worst_distance_m: round(c.clearance.worstDistance, 2),
      },
      road: c.road && { pass: c.road.pass, reason: c.road.reason, distance_m: round(c.road.distance, 2) },
    };
  });
  const result = {
    aircraft_size,
    diameter_m: zones[0]?.diameter_m ?? null,
    accept_upslope,
    max_road_distance_m: maxRoadDistance,
    building_data: parameters.building_data === true,
    cell_size_m: round(dem.cellWidth, 4),
    candidates: zones.length,
    suitable: zones.filter((z) => z.suitable).length,
    source:
      'FM 3-21.38 (Pathfinder Operations, 2006) ch. 4: landing-point diameters by size class, ' +
      'slope ≤ 7° land / 7–15° upslope or hover, no trees, built-up or water on the point, obstacles under 0.46 m, ' +
      '10:1 approach and departure clearance',
    zones,
  };
  const zoneFeature = (z: (typeof zones)[number]) =>
    analysisLayerFeature(
      newId,
      'landing_zone',
      {
        rank: z.rank,
        suitable: z.suitable,
        mgrs: z.center.mgrs,
        diameter_m: z.diameter_m,
        slope_degrees: z.slope.degrees,
        slope_reason: z.slope.reason,
        surface_reason: z.surface.reason,
      },
      { type: 'Polygon', coordinates: [z.ring] },
    );
  const features: LayerFeatureCollection = {
    type: 'FeatureCollection',
    features:
      zones.length === 0
        ? [analysisLayerFeature(newId, 'area', { candidates: 0 }, { type: 'Polygon', coordinates: area.coordinates })]
        : zones.map(zoneFeature),
  };
  return { result, features };
}

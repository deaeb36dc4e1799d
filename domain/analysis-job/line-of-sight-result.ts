// The result of a line-of-sight analysis: visibility by the exact line of sight over the footprint's
// elevation (domain/terrain-analysis/line-of-sight.ts, curvature and refraction k), the ground
// profile between the two cells, and the features of its map layer. Pure.
import { lineOfSight } from '../terrain-analysis/line-of-sight.ts';
import type { LayerFeatureCollection } from '../map/layer-feature-collection.ts';
import { analysisLayerFeature } from './analysis-layer-feature.ts';
import type { LineOfSightParameters } from './analysis-parameters.ts';
import { groundRasterOf, type ElevationGrid } from './elevation-grid.ts';
import { requireCell, sightPointView, type SightPointView } from './sight-point-view.ts';

export interface LineOfSightResult {
  visible: boolean;
  ground_distance_m: number;
  cell_size_m: number;
  refraction_k: number;
  observer: SightPointView;
  target: SightPointView;
  /** Ground elevation at each cell the line passes (nearest cell per step), from the observer. */
  profile: Array<{ distance_m: number; ground_elevation_m: number | null }>;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function lineOfSightResult(elevation: ElevationGrid, parameters: LineOfSightParameters, newId: () => string) {
  const { grid, data } = elevation;
  const { observer, target, refraction_k } = parameters;
  const dem = groundRasterOf(elevation, observer.position);
  const from = requireCell(grid, observer.position);
  const to = requireCell(grid, target.position);
  const visible = lineOfSight(dem, from, to, {
    observerHeight: observer.height_m,
    targetHeight: target.height_m,
    refraction: refraction_k,
  });
  const dCol = to.col - from.col,
    dRow = to.row - from.row;
  const distance = Math.hypot(dCol * dem.cellWidth, dRow * dem.cellHeight);
  const steps = Math.max(Math.abs(dCol), Math.abs(dRow));
  const profile: LineOfSightResult['profile'] = [];
  for (let i = 0; i <= steps; i++) {
    const t = steps === 0 ? 0 : i / steps;
    const z = data[Math.round(from.row + dRow * t) * grid.width + Math.round(from.col + dCol * t)]!;
    profile.push({ distance_m: round(distance * t, 2), ground_elevation_m: Number.isNaN(z) ? null : round(z, 2) });
  }
  const result: LineOfSightResult = {
    visible,
    ground_distance_m: round(distance, 2),
    cell_size_m: round(dem.cellWidth, 4),
    refraction_k,
    observer: sightPointView(grid, data, observer.position, observer.height_m),
    target: sightPointView(grid, data, target.position, target.height_m),
    profile,
  };
  const features: LayerFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      analysisLayerFeature(
        newId,
        'sight_line',
        { visible, ground_distance_m: result.ground_distance_m },
        { type: 'LineString', coordinates: [result.observer.position, result.target.position] },
      ),
      ...(['observer', 'target'] as const).map((role) =>
        analysisLayerFeature(
          newId,
          role,
          {
            mgrs: result[role].mgrs,
            ground_elevation_m: result[role].ground_elevation_m,
            height_m: result[role].height_m,
          },
          { type: 'Point', coordinates: result[role].position },
        ),
      ),
    ],
  };
  return { result, features };
}

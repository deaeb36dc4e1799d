// The result of a viewshed analysis: the visibility raster over the footprint (domain/terrain-analysis/
// viewshed.ts, exact per cell, curvature and refraction k), its statistics, and the features of its
// map layer (the observer and the radius circle). Pure.
import { viewshed, VIEWSHED_OUTSIDE, VIEWSHED_VISIBLE } from '../terrain-analysis/viewshed.ts';
import type { LayerFeatureCollection } from '../map/layer-feature-collection.ts';
import { analysisLayerFeature } from './analysis-layer-feature.ts';
import type { ViewshedParameters } from './analysis-parameters.ts';
import { groundRasterOf, type ElevationGrid } from './elevation-grid.ts';
import { circleRing } from './circle-ring.ts';
import { requireCell, sightPointView, type SightPointView } from './sight-point-view.ts';

export interface ViewshedResult {
  observer: SightPointView;
  radius_m: number;
  target_height_m: number;
  refraction_k: number;
  cell_size_m: number;
  /** Cells whose centre lies within the radius (nodata cells excluded). */
  cells_in_radius: number;
  visible_cells: number;
  visible_share: number;
  visible_area_km2: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
/** VIEWSHED_VISIBLE / HIDDEN / OUTSIDE per cell of the footprint grid, with the summary and features. */
export function viewshedResult(elevation: ElevationGrid, parameters: ViewshedParameters, newId: () => string) {
  const { grid, data } = elevation;
  const { observer, radius_m, target_height_m, refraction_k } = parameters;
  const dem = groundRasterOf(elevation, observer.position);
  const cells = viewshed(dem, requireCell(grid, observer.position), radius_m, {
    observerHeight: observer.height_m,
    targetHeight: target_height_m,
    refraction: refraction_k,
  });
  let inRadius = 0,
    visible = 0;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === VIEWSHED_OUTSIDE) continue;
    inRadius++;
    if (cells[i] === VIEWSHED_VISIBLE) visible++;
  }
  const result: ViewshedResult = {
    observer: sightPointView(grid, data, observer.position, observer.height_m),
    radius_m,
    target_height_m,
    refraction_k,
    cell_size_m: round(dem.cellWidth, 4),
    cells_in_radius: inRadius,
    visible_cells: visible,
    visible_share: inRadius === 0 ? 0 : round(visible / inRadius, 6),
    visible_area_km2: round((visible * dem.cellWidth * dem.cellHeight) / 1e6, 4),
  };
  const features: LayerFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      analysisLayerFeature(
        newId,
        'observer',
        {
          mgrs: result.observer.mgrs,
          ground_elevation_m: result.observer.ground_elevation_m,
          height_m: observer.height_m,
        },
        { type: 'Point', coordinates: result.observer.position },
      ),
      analysisLayerFeature(
        newId,
        'radius',
        { radius_m, visible_share: result.visible_share, visible_area_km2: result.visible_area_km2 },
        { type: 'Polygon', coordinates: [circleRing(result.observer.position, radius_m)] },
      ),
    ],
  };
  return { result, cells, features };
}

// What a parent tile keeps of its children's features, by collection (README "MVT pyramid"):
// - roads: a class appears from its minimum zoom on (motorway/trunk/primary 8, secondary 9,
//   tertiary 10, unclassified/residential/track 11, service/path/other only at 12);
// - buildings and soil: a feature whose bounding box is smaller than one pixel (1/256 of the
//   tile) in both directions is dropped — it would render as nothing;
// - anything else passes. Line and polygon simplification then happens in encodeMvtTile
//   (geojson-vt Douglas-Peucker at the parent's zoom).
import { bbox } from '@turf/turf';
import { lonLatToMercator } from '../../../../domain/terrain/lon-lat-to-mercator.ts';
import type { TileFeature } from '../../../../domain/terrain/types.ts';
import { MERCATOR_HALF_WORLD_M, TILE_SIZE } from '../../../../domain/terrain/work-grid.ts';
import { normaliseRoadClass, type RoadClass } from '../../sources/vector/road-class.ts';
import type { VectorDataset } from './vector-collections.ts';

export const ROAD_MIN_ZOOM: Record<RoadClass, number> = {
  motorway: 8,
  trunk: 8,
  primary: 8,
  secondary: 9,
  tertiary: 10,
  unclassified: 11,
  residential: 11,
  track: 11,
  service: 12,
  path: 12,
  other: 12,
};

function largerSideMercator(feature: TileFeature): number {
  const [w, s, e, n] = bbox(feature.geometry);
  const [x0, y0] = lonLatToMercator(w, s);
  const [x1, y1] = lonLatToMercator(e, n);
  return Math.max(x1 - x0, y1 - y0);
}

export function generaliseFeatures(
  dataset: VectorDataset,
  features: readonly TileFeature[],
  zoom: number,
): TileFeature[] {
  switch (dataset) {
    case 'roads':
      return features.filter(
        (f) => ROAD_MIN_ZOOM[normaliseRoadClass(f.properties.class ?? f.properties.highway)] <= zoom,
      );
    case 'buildings':
    case 'soil': {
      const pixel = (2 * MERCATOR_HALF_WORLD_M) / (2 ** zoom * TILE_SIZE);
      return features.filter((f) => largerSideMercator(f) >= pixel);
    }
    case 'population':
      return [...features];
  }
}

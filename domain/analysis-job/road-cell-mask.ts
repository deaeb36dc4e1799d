// Road cells of a footprint grid for the landing-zone road constraint: the cells burnRoadSpeeds
// marks (the same burn-in routes use), 1 on a road, 0 elsewhere. Pure.
import { burnRoadSpeeds, type PixelRoad } from '../terrain-analysis/burn-road-speeds.ts';

export function roadCellMask(width: number, height: number, roads: readonly PixelRoad[]): Uint8Array {
  return Uint8Array.from(burnRoadSpeeds(width, height, roads), (speed) => (speed > 0 ? 1 : 0));
}

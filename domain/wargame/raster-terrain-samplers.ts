// The war game's terrain samplers over rasters of an analysis footprint: the mobility class of the
// cell under a position (the mobility raster, domain/terrain mobility-config codes) and line of sight
// from an enemy position to a position (domain/terrain-analysis lineOfSight, the exact reference the
// viewshed is tested against), with the observer's and target's heights above the ground. Answers are
// memoised per cell pair inside the returned samplers, so a game asks each pair once. Pure.
import { cellOfLonLat } from '../analysis-job/footprint-grid.ts';
import { groundRasterOf, type ElevationGrid } from '../analysis-job/elevation-grid.ts';
import { mobilityClassName } from '../terrain/mobility-class-names.ts';
import { lineOfSight } from '../terrain-analysis/line-of-sight.ts';
import type { LonLat, TerrainSamplers } from './wargame-scenario.ts';
import type { SpeedClass } from './wargame-tables.ts';

/**
 * ENGINEERING DEFAULTS: an observer's sight 2 m above the ground (a vehicle commander's or a dug-in
 * gunner's eye), a target 2.4 m high (an armoured vehicle's hull and turret).
 */
export const DEFAULT_SIGHT = { observer_height_m: 2, target_height_m: 2.4 } as const;

export interface RasterTerrain {
  elevation: ElevationGrid;
  /**
   * Mobility code per cell of the same grid (0 GO, 1 SLOW-GO, 2 NO-GO, other = unknown) per speed
   * class (the terrain job's mobility rasters per vehicle class); a class without a raster is unknown.
   */
  mobility: Partial<Record<SpeedClass, Uint8Array>>;
  observer_height_m?: number;
  target_height_m?: number;
}

export function rasterTerrainSamplers(terrain: RasterTerrain): TerrainSamplers {
  const { grid, data } = terrain.elevation;
  if (data.length !== grid.width * grid.height) throw new RangeError('elevation does not cover its grid');
  for (const [speed, codes] of Object.entries(terrain.mobility)) {
    if (codes.length !== data.length) throw new RangeError(`${speed} mobility does not cover the grid`);
  }
  const observerHeight = terrain.observer_height_m ?? DEFAULT_SIGHT.observer_height_m;
  const targetHeight = terrain.target_height_m ?? DEFAULT_SIGHT.target_height_m;
  const sight = new Map<string, boolean>();
  return {
    mobility(position: LonLat, speed: SpeedClass) {
      const cell = cellOfLonLat(grid, position);
      const codes = terrain.mobility[speed];
      if (!cell || !codes) return null;
      return mobilityClassName(codes[cell.row * grid.width + cell.col]!);
    },
    visible(from: LonLat, to: LonLat) {
      const observer = cellOfLonLat(grid, from);
      const target = cellOfLonLat(grid, to);
      if (!observer || !target) return false;
      const key = `${observer.col},${observer.row}>${target.col},${target.row}`;
      let seen = sight.get(key);
      if (seen === undefined) {
        seen = lineOfSight(groundRasterOf(terrain.elevation, from), observer, target, { observerHeight, targetHeight });
        sight.set(key, seen);
      }
      return seen;
    },
  };
}

// Building heights on a footprint grid for the landing-zone survey: every cell a footprint touches
// (polygonCellMask 'touch', so a building smaller than a cell still counts) gets the tallest height
// over it; 0 = no building. Rasterised per building over its own pixel box, so many small buildings
// cost their size, not the grid's. Pure.
import { polygonCellMask } from '../terrain-analysis/polygon-cell-mask.ts';
import type { LonLat } from './analysis-parameters.ts';
import { pixelOfLonLat, type FootprintGrid } from './footprint-grid.ts';

export interface BuildingFootprint {
  /** Polygons of [lon, lat] rings (outer ring, then holes). */
  polygons: LonLat[][][];
  /** Height above ground, metres. */
  heightM: number;
}

export function buildingHeightRaster(grid: FootprintGrid, buildings: readonly BuildingFootprint[]): Float32Array {
  const { width, height } = grid;
  const heights = new Float32Array(width * height);
  for (const building of buildings) {
    for (const polygon of building.polygons) {
      const rings = polygon.filter((ring) => ring.length >= 3).map((ring) => ring.map((p) => pixelOfLonLat(grid, p)));
      if (rings.length === 0) continue;
      const xs = rings[0]!.map((p) => p[0]);
      const ys = rings[0]!.map((p) => p[1]);
      const x0 = Math.max(0, Math.floor(Math.min(...xs)));
      const y0 = Math.max(0, Math.floor(Math.min(...ys)));
      const x1 = Math.min(width, Math.floor(Math.max(...xs)) + 1);
      const y1 = Math.min(height, Math.floor(Math.max(...ys)) + 1);
      if (x1 <= x0 || y1 <= y0) continue;
      const boxWidth = x1 - x0;
      const local = rings.map((ring) => ring.map(([x, y]) => [x - x0, y - y0] as [number, number]));
      const mask = polygonCellMask(boxWidth, y1 - y0, [local], 'touch');
      for (let i = 0; i < mask.length; i++) {
        if (mask[i] === 0) continue;
        const cell = (y0 + Math.floor(i / boxWidth)) * width + x0 + (i % boxWidth);
        if (building.heightM > heights[cell]!) heights[cell] = building.heightM;
      }
    }
  }
  return heights;
}

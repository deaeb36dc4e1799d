// Population as vector cells: a tile is cut into POPULATION_CELLS x POPULATION_CELLS squares of Web
// Mercator (16 x 16 pixels of a 256-pixel tile), and each square with people becomes a Polygon with
// `population` (persons, 2 decimals) and `density` (persons per km², 1 decimal). The same function
// builds the work-zoom cells from the raster (one contribution per pixel) and every parent from its
// children's cells (one contribution per child cell): a parent cell holds exactly the sum of the
// four child cells inside it, so totals are the same at every zoom.
import { lonLatToMercator } from '../../../../domain/terrain/lon-lat-to-mercator.ts';
import { mercatorToLonLat } from '../../../../domain/terrain/mercator-to-lon-lat.ts';
import { tileBoundsMercator } from '../../../../domain/terrain/tile-bounds-mercator.ts';
import type { TileAddress, TileFeature } from '../../../../domain/terrain/types.ts';

export const POPULATION_CELLS = 16;

/** Persons at a lon/lat point (a pixel centre or a child cell's centre). */
export type PopulationContribution = [lon: number, lat: number, persons: number];

export function populationCells(tile: TileAddress, contributions: Iterable<PopulationContribution>): TileFeature[] {
  const [minX, , maxX, maxY] = tileBoundsMercator(tile);
  const side = (maxX - minX) / POPULATION_CELLS;
  const sums = new Float64Array(POPULATION_CELLS * POPULATION_CELLS);
  for (const [lon, lat, persons] of contributions) {
    if (!(persons > 0)) continue; // NaN (nodata) and zero add nothing
    const [x, y] = lonLatToMercator(lon, lat);
    const col = Math.floor((x - minX) / side);
    const row = Math.floor((maxY - y) / side);
    if (col < 0 || row < 0 || col >= POPULATION_CELLS || row >= POPULATION_CELLS) continue;
    sums[row * POPULATION_CELLS + col] += persons;
  }
  const features: TileFeature[] = [];
  for (let row = 0; row < POPULATION_CELLS; row++) {
    for (let col = 0; col < POPULATION_CELLS; col++) {
      const population = Math.round(sums[row * POPULATION_CELLS + col] * 100) / 100;
      if (population === 0) continue;
      const [w, n] = mercatorToLonLat(minX + col * side, maxY - row * side);
      const [e, s] = mercatorToLonLat(minX + (col + 1) * side, maxY - (row + 1) * side);
      const groundSide = side * Math.cos((((n + s) / 2) * Math.PI) / 180); // mercator scale 1/cos(φ)
      const density = Math.round((population / ((groundSide * groundSide) / 1e6)) * 10) / 10;
      features.push({
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        },
        properties: { population, density },
      });
    }
  }
  return features;
}

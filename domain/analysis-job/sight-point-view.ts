import type { LonLat } from './analysis-parameters.ts';
import { cellOfLonLat, lonLatOfCell, type FootprintGrid } from './footprint-grid.ts';
import { mgrsReference } from './mgrs-reference.ts';

/** A point of a result: where it was asked for, the cell centre the tool used, both with MGRS. */
export interface SightPointView {
  requested_position: LonLat;
  requested_mgrs: string | null;
  position: LonLat;
  mgrs: string | null;
  ground_elevation_m: number | null;
  height_m: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const roundPosition = ([lon, lat]: LonLat): LonLat => [round(lon, 7), round(lat, 7)];

/** The cell of a position on the grid (the footprint always contains the request's positions). */
export function requireCell(grid: FootprintGrid, position: LonLat): { col: number; row: number } {
  const cell = cellOfLonLat(grid, position);
  if (!cell) throw new RangeError(`position ${position.join(', ')} is outside the analysis grid`);
  return cell;
}

export function sightPointView(
  grid: FootprintGrid,
  data: ArrayLike<number>,
  requested: LonLat,
  heightM: number,
): SightPointView {
  const { col, row } = requireCell(grid, requested);
  const position = roundPosition(lonLatOfCell(grid, col, row));
  const ground = data[row * grid.width + col]!;
  return {
    requested_position: requested,
    requested_mgrs: mgrsReference(requested),
    position,
    mgrs: mgrsReference(position),
    ground_elevation_m: Number.isNaN(ground) ? null : round(ground, 2),
    height_m: heightM,
  };
}

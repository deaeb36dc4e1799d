import type { GridCell, GroundRaster } from './types.ts';

/** Throws a RangeError unless `cell` is inside `raster`. */
export function assertCellInside(raster: GroundRaster, cell: GridCell, what: string): void {
  if (
    !Number.isInteger(cell.col) ||
    !Number.isInteger(cell.row) ||
    cell.col < 0 ||
    cell.row < 0 ||
    cell.col >= raster.width ||
    cell.row >= raster.height
  ) {
    throw new RangeError(`${what} (${cell.col}, ${cell.row}) is outside the ${raster.width} x ${raster.height} raster`);
  }
}

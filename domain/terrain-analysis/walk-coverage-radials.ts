import { bilinearBetweenCentres } from './extract-terrain-profile.ts';
import type { GridCell, GroundRaster } from './types.ts';

/**
 * Called once per cell a radial reaches first: `elevations[0 … length − 1]` is the radial's profile
 * from the emitter to the sample in that cell, `spacing` ground metres apart. The buffer is reused
 * by the next call: copy what must outlive the call.
 */
export type RadialCellVisitor = (index: number, elevations: Float64Array, spacing: number, length: number) => void;

/**
 * The profiles of an RF coverage raster, taken the way SPLAT! takes them: radials from the centre of
 * `emitter` to every cell of the boundary of the radius's bounding box, sampled every
 * min(cellWidth, cellHeight) ground metres by bilinear interpolation between cell centres. The first
 * time a radial's sample falls in a cell whose centre lies within `radiusMetres`, `visit` gets that
 * cell's row-major index and the radial's profile up to that sample. A sample on nodata or off the
 * DEM ends its radial. Returns the reached cells (1), the emitter's own cell included.
 */
export function walkCoverageRadials(
  dem: GroundRaster,
  emitter: GridCell,
  radiusMetres: number,
  visit: RadialCellVisitor,
): Uint8Array {
  const { width, height, data, cellWidth, cellHeight } = dem;
  const { col: c0, row: r0 } = emitter;
  const reached = new Uint8Array(width * height);
  const step = Math.min(cellWidth, cellHeight);
  const maxSteps = Math.floor(radiusMetres / step) + 1;
  const profile = new Float64Array(maxSteps + 1);
  const inRadius = (col: number, row: number) => {
    const dx = (col - c0) * cellWidth,
      dy = (row - r0) * cellHeight;
    return dx * dx + dy * dy <= radiusMetres * radiusMetres;
  };
  reached[r0 * width + c0] = 1;
  profile[0] = data[r0 * width + c0];
  const halfCols = Math.ceil(radiusMetres / cellWidth),
    halfRows = Math.ceil(radiusMetres / cellHeight);
  const walk = (targetCol: number, targetRow: number) => {
    const east = (targetCol - c0) * cellWidth,
      south = (targetRow - r0) * cellHeight;
    const length = Math.hypot(east, south);
    const dCol = (east / length) * (step / cellWidth),
      dRow = (south / length) * (step / cellHeight);
    const steps = Math.min(maxSteps, Math.floor(length / step));
    for (let k = 1; k <= steps; k++) {
      const col = c0 + dCol * k,
        row = r0 + dRow * k;
      const z = bilinearBetweenCentres(data, width, height, col, row);
      if (z !== z) return; // outside the DEM or nodata: nothing beyond is known
      profile[k] = z;
      const cellCol = Math.round(col),
        cellRow = Math.round(row);
      const index = cellRow * width + cellCol;
      if (reached[index] || !inRadius(cellCol, cellRow)) continue;
      reached[index] = 1;
      visit(index, profile, step, k + 1);
    }
  };
  for (let col = c0 - halfCols; col <= c0 + halfCols; col++) {
    walk(col, r0 - halfRows);
    walk(col, r0 + halfRows);
  }
  for (let row = r0 - halfRows + 1; row < r0 + halfRows; row++) {
    walk(c0 - halfCols, row);
    walk(c0 + halfCols, row);
  }
  return reached;
}

/**
 * Calls `visit(row · width + col)` for every cell of a width × height grid that the segment from
 * (x0, y0) to (x1, y1) passes through, in pixel coordinates (cell (col, row) spans [col, col + 1] ×
 * [row, row + 1]); a cell may be visited more than once. A supercover walk (Amanatides and Woo): where
 * the segment runs exactly through a cell corner the two cells beside it count too, and where it
 * starts on a cell edge the cell on the other side too. Parts outside the grid are skipped.
 */
export function forEachSegmentCell(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  height: number,
  visit: (index: number) => void,
): void {
  const mark = (col: number, row: number) => {
    if (col >= 0 && row >= 0 && col < width && row < height) visit(row * width + col);
  };
  // Clip to the grid (plus a cell) so that a segment far outside costs nothing.
  const clipped = clip(x0, y0, x1, y1, -1, -1, width + 1, height + 1);
  if (clipped === null) return;
  const [ax, ay, bx, by] = clipped;
  let col = Math.floor(ax),
    row = Math.floor(ay);
  const endCol = Math.floor(bx),
    endRow = Math.floor(by);
  const dx = bx - ax,
    dy = by - ay;
  const stepCol = dx > 0 ? 1 : -1,
    stepRow = dy > 0 ? 1 : -1;
  const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : Infinity;
  const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : Infinity;
  let tMaxX = dx !== 0 ? ((dx > 0 ? col + 1 : col) - ax) / dx : Infinity;
  let tMaxY = dy !== 0 ? ((dy > 0 ? row + 1 : row) - ay) / dy : Infinity;
  mark(col, row);
  if (ax === col) mark(col - 1, row);
  if (ay === row) mark(col, row - 1);
  for (let guard = 0; (col !== endCol || row !== endRow) && guard < 4 * (width + height + 4); guard++) {
    if (tMaxX < tMaxY) {
      col += stepCol;
      tMaxX += tDeltaX;
    } else if (tMaxY < tMaxX) {
      row += stepRow;
      tMaxY += tDeltaY;
    } else {
      mark(col + stepCol, row);
      mark(col, row + stepRow);
      col += stepCol;
      row += stepRow;
      tMaxX += tDeltaX;
      tMaxY += tDeltaY;
    }
    mark(col, row);
  }
}

/** Liang–Barsky clipping of a segment to a rectangle; null when it misses. */
function clip(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
): [number, number, number, number] | null {
  let t0 = 0,
    t1 = 1;
  const dx = x1 - x0,
    dy = y1 - y0;
  for (const [p, q] of [
    [-dx, x0 - left],
    [dx, right - x0],
    [-dy, y0 - top],
    [dy, bottom - y0],
  ]) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return null;
      if (t < t1) t1 = t;
    }
  }
  return [x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy];
}

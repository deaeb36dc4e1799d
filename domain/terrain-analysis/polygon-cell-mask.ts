import { forEachSegmentCell } from './for-each-segment-cell.ts';

/** A polygon in pixel coordinates: rings of [x, y] (x = columns from the west edge, y = rows from the north edge). */
export type PixelPolygon = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

/**
 * Rasterises polygons (outer ring and holes, even-odd within a polygon; the union of polygons) onto
 * a width × height grid whose cell (col, row) spans [col, col + 1] × [row, row + 1] in pixel
 * coordinates: 1 in the cells `mode` selects, 0 elsewhere.
 * - 'centre': cells whose centre (col + 0.5, row + 0.5) is inside (a survey area);
 * - 'touch': those, plus every cell a ring's edge passes through (an area to avoid: a route can then
 *   not slip between two cells of a thin polygon, nor touch it at all).
 * Parts outside the grid are ignored. Throws a RangeError for a ring of fewer than 3 positions or a
 * non-finite coordinate.
 */
export function polygonCellMask(
  width: number,
  height: number,
  polygons: readonly PixelPolygon[],
  mode: 'centre' | 'touch',
): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const polygon of polygons) {
    for (const ring of polygon) {
      if (ring.length < 3) throw new RangeError(`a ring needs at least 3 positions, got ${ring.length}`);
      for (const [x, y] of ring) {
        if (!Number.isFinite(x) || !Number.isFinite(y)) {
          throw new RangeError(`ring coordinate ${x}, ${y} is not finite`);
        }
      }
    }
    paintPolygonCentres(mask, width, height, polygon, 1);
    if (mode === 'touch') for (const ring of polygon) markEdges(mask, width, height, ring);
  }
  return mask;
}

/**
 * Sets `value` in every cell whose centre lies inside `polygon` (even-odd; no validation): a scanline
 * at each row's centre, cells between pairs of sorted edge crossings. Painting polygons in turn
 * lets the last one win where they overlap (land cover from OSM areas).
 */
export function paintPolygonCentres(
  mask: Uint8Array,
  width: number,
  height: number,
  polygon: PixelPolygon,
  value: number,
): void {
  const crossings: number[] = [];
  for (let row = 0; row < height; row++) {
    const y = row + 0.5;
    crossings.length = 0;
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > y !== yj > y) crossings.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
      }
    }
    crossings.sort((a, b) => a - b);
    // Even-odd as pointInRings: a centre x is inside iff an odd number of crossings lie right of it.
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const first = Math.max(0, Math.ceil(crossings[k] - 0.5));
      const last = Math.min(width - 1, Math.ceil(crossings[k + 1] - 0.5) - 1);
      for (let col = first; col <= last; col++) mask[row * width + col] = value;
    }
  }
}

/** Every cell a ring's edge passes through. */
function markEdges(
  mask: Uint8Array,
  width: number,
  height: number,
  ring: ReadonlyArray<readonly [number, number]>,
): void {
  const mark = (index: number) => {
    mask[index] = 1;
  };
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    forEachSegmentCell(ring[j][0], ring[j][1], ring[i][0], ring[i][1], width, height, mark);
  }
}

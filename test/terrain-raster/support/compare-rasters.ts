// Comparison of a computed raster with a GDAL reference, away from nodata edges.

export interface RasterComparison {
  /** Largest absolute difference over the compared pixels. */
  maxDifference: number;
  /** Pixels compared (valid in both, at least `margin` pixels from any nodata of either). */
  compared: number;
  /** Pixels valid in one raster and nodata in the other, anywhere. */
  nodataMismatches: number;
  /** Nodata mismatches farther than `margin` pixels from a nodata pixel of the other raster. */
  nodataMismatchesAwayFromEdges: number;
}

export function compareRasters(
  ours: ArrayLike<number>,
  reference: ArrayLike<number>,
  width: number,
  margin = 2,
): RasterComparison {
  const height = ours.length / width;
  const invalid = (i: number) => Number.isNaN(ours[i]) || Number.isNaN(reference[i]);
  const nearNodata = (col: number, row: number): boolean => {
    for (let dr = -margin; dr <= margin; dr++) {
      for (let dc = -margin; dc <= margin; dc++) {
        const r = row + dr,
          c = col + dc;
        if (r >= 0 && r < height && c >= 0 && c < width && invalid(r * width + c)) return true;
      }
    }
    return false;
  };
  let maxDifference = 0,
    compared = 0,
    nodataMismatches = 0,
    nodataMismatchesAwayFromEdges = 0;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = row * width + col;
      const a = Number.isNaN(ours[i]);
      const b = Number.isNaN(reference[i]);
      if (a !== b) {
        nodataMismatches++;
        // Is the mismatch isolated from the other raster's own nodata? Then it is a real disagreement.
        let edge = false;
        for (let dr = -margin; dr <= margin && !edge; dr++) {
          for (let dc = -margin; dc <= margin && !edge; dc++) {
            const r = row + dr,
              c = col + dc;
            if (r >= 0 && r < height && c >= 0 && c < width) {
              const j = r * width + c;
              if (a ? Number.isNaN(reference[j]) : Number.isNaN(ours[j])) edge = true;
            }
          }
        }
        if (!edge) nodataMismatchesAwayFromEdges++;
        continue;
      }
      if (a || nearNodata(col, row)) continue;
      maxDifference = Math.max(maxDifference, Math.abs(ours[i] - reference[i]));
      compared++;
    }
  }
  return { maxDifference, compared, nodataMismatches, nodataMismatchesAwayFromEdges };
}

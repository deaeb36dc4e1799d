export interface ElevationGrid {
  width: number;
  height: number;
  /** Metres, row-major from the north-west; NaN = nodata. */
  data: Float32Array;
}

/** Sun azimuth (degrees clockwise from north) and altitude (degrees above the horizon): gdaldem's defaults. */
export const HILLSHADE_AZIMUTH_DEG = 315;
export const HILLSHADE_ALTITUDE_DEG = 45;

/**
 * Lambertian hillshade, 0 (facing away from the sun) to 1 (facing it), from Horn's 3x3 gradient
 * (as slope-degrees.ts) with the true ground size of each row's pixels (`rowSpacingM`, metres, for
 * both axes: Web Mercator is conformal). Flat ground gives sin(altitude) (0.7071 at 45°). A
 * neighbour outside the grid or without a value counts as the centre's value, so the edges of the
 * data are shaded, not lost; a centre without a value is NaN.
 */
export function hillshade(
  grid: ElevationGrid, rowSpacingM: ArrayLike<number>,
  azimuthDeg = HILLSHADE_AZIMUTH_DEG, altitudeDeg = HILLSHADE_ALTITUDE_DEG,
): Float32Array {
  const { width, height, data } = grid;
  if (data.length !== width * height) throw new RangeError(`grid of ${width}x${height} has ${data.length} values`);
  if (rowSpacingM.length !== height) throw new RangeError(`row spacing needs ${height} values, got ${rowSpacingM.length}`);
  const az = (azimuthDeg * Math.PI) / 180, alt = (altitudeDeg * Math.PI) / 180;
  // Unit vector towards the sun: x east, y north, z up.
  const lx = Math.sin(az) * Math.cos(alt), ly = Math.cos(az) * Math.cos(alt), lz = Math.sin(alt);
  const out = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    const spacing = rowSpacingM[row]!;
    if (!(spacing > 0)) throw new RangeError(`row ${row} spacing must be positive metres`);
    for (let col = 0; col < width; col++) {
      const centre = data[row * width + col]!;
      if (Number.isNaN(centre)) { out[row * width + col] = Number.NaN; continue; }
      const at = (dc: number, dr: number) => {
        const c = col + dc, r = row + dr;
        if (c < 0 || r < 0 || c >= width || r >= height) return centre;
        const v = data[r * width + c]!;
        return Number.isNaN(v) ? centre : v;
      };
      const a = at(-1, -1), b = at(0, -1), c = at(1, -1);
      const d = at(-1, 0), f = at(1, 0);
      const g = at(-1, 1), h = at(0, 1), i = at(1, 1);
      const east = (c + 2 * f + i - (a + 2 * d + g)) / (8 * spacing);
      // Rows run south, so the northward gradient is minus the row-wise one.
      const north = -(g + 2 * h + i - (a + 2 * b + c)) / (8 * spacing);
      const shade = (-east * lx - north * ly + lz) / Math.sqrt(east * east + north * north + 1);
      out[row * width + col] = shade > 0 ? shade : 0;
    }
  }
  return out;
}

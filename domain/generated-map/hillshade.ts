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
  grid: ElevationGrid,
  rowSpacingM: ArrayLike<number>,
  azimuthDeg = HILLSHADE_AZIMUTH_DEG,
  altitudeDeg = HILLSHADE_ALTITUDE_DEG,
): Float32Array {
  const { width, height, data } = grid;
  if (data.length !== width * height) throw new RangeError(`grid of ${width}x${height} has ${data.length} values`);
  if (rowSpacingM.length !== height) {
    throw new RangeError(`row spacing needs ${height} values, got ${rowSpacingM.length}`);
  }
  const az = (azimuthDeg * Math.PI) / 180,
    alt = (altitudeDeg * Math.PI) / 180;
  // Unit vector towards the sun: x east, y north, z up.
  const lx = Math.sin(az) * Math.cos(alt),
    ly = Math.cos(az) * Math.cos(alt),
    lz = Math.sin(alt);
  const out = new Float32Array(width * height);
  // A neighbour off the grid or without a value reads as the centre.
  const value = (index: number, centre: number) => {
    const v = data[index]!;
    return v === v ? v : centre;
  };
  for (let row = 0; row < height; row++) {
    const spacing = rowSpacingM[row]!;
    if (!(spacing > 0)) throw new RangeError(`row ${row} spacing must be positive metres`);
    const up = row > 0 ? row - 1 : -1,
      down = row < height - 1 ? row + 1 : -1;
    for (let col = 0; col < width; col++) {
      const at = row * width + col;
      const centre = data[at]!;
      if (Number.isNaN(centre)) {
        out[at] = Number.NaN;
        continue;
      }
      const left = col > 0 ? col - 1 : -1,
        right = col < width - 1 ? col + 1 : -1;
      const cell = (r: number, c: number) => (r < 0 || c < 0 ? centre : value(r * width + c, centre));
      const a = cell(up, left),
        b = cell(up, col),
        c = cell(up, right);
      const d = cell(row, left),
        f = cell(row, right);
      const g = cell(down, left),
        h = cell(down, col),
        i = cell(down, right);
      const east = (c + 2 * f + i - (a + 2 * d + g)) / (8 * spacing);
      // Rows run south, so the northward gradient is minus the row-wise one.
      const north = -(g + 2 * h + i - (a + 2 * b + c)) / (8 * spacing);
      const shade = (-east * lx - north * ly + lz) / Math.sqrt(east * east + north * north + 1);
      out[at] = shade > 0 ? shade : 0;
    }
  }
  return out;
}

/** Squared Euclidean distance, in cells², from each cell's centre to the nearest site's centre. */
export interface DistanceTransform {
  /** Infinity where the grid holds no site. */
  squared: Float64Array;
  /** Index (row · width + col) of a nearest site; -1 where there is none. */
  nearest: Int32Array;
}

/**
 * The exact Euclidean distance transform of a binary raster (sites = non-zero cells) by
 * Felzenszwalb & Huttenlocher, "Distance Transforms of Sampled Functions" (Theory of Computing 8,
 * 2012): the lower envelope of parabolas, one pass along rows then one along columns, O(n). Also
 * answers which site is nearest (ties: the one the envelope keeps). Cells beyond the grid are not
 * sites.
 */
export function squaredDistanceTransform(sites: Uint8Array, width: number, height: number): DistanceTransform {
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 1 ||
    height < 1 ||
    sites.length !== width * height
  ) {
    throw new RangeError(`sites must hold width × height cells (${width} × ${height}), got ${sites.length}`);
  }
  const n = width * height;
  const rowSquared = new Float64Array(n);
  const rowNearest = new Int32Array(n);
  const longest = Math.max(width, height);
  const f = new Float64Array(longest);
  const d = new Float64Array(longest);
  const arg = new Int32Array(longest);
  const v = new Int32Array(longest);
  const z = new Float64Array(longest + 1);
  for (let row = 0; row < height; row++) {
    const base = row * width;
    for (let col = 0; col < width; col++) f[col] = sites[base + col] !== 0 ? 0 : Infinity;
    envelope(f, width, d, arg, v, z);
    for (let col = 0; col < width; col++) {
      rowSquared[base + col] = d[col];
      rowNearest[base + col] = arg[col];
    }
  }
  const squared = new Float64Array(n);
  const nearest = new Int32Array(n);
  for (let col = 0; col < width; col++) {
    for (let row = 0; row < height; row++) f[row] = rowSquared[row * width + col];
    envelope(f, height, d, arg, v, z);
    for (let row = 0; row < height; row++) {
      const i = row * width + col;
      squared[i] = d[row];
      const r = arg[row];
      nearest[i] = r < 0 || d[row] === Infinity ? -1 : r * width + rowNearest[r * width + col];
    }
  }
  return { squared, nearest };
}

// One-dimensional transform d(q) = min_p (q − p)² + f(p) over the finite f(p); arg(q) = the minimising p.
function envelope(f: Float64Array, n: number, d: Float64Array, arg: Int32Array, v: Int32Array, z: Float64Array): void {
  let k = -1;
  for (let q = 0; q < n; q++) {
    const fq = f[q];
    if (fq === Infinity) continue;
    if (k < 0) {
      k = 0;
      v[0] = q;
      z[0] = -Infinity;
      z[1] = Infinity;
      continue;
    }
    let s = (fq + q * q - (f[v[k]] + v[k] * v[k])) / (2 * (q - v[k]));
    while (s <= z[k]) {
      k--;
      s = (fq + q * q - (f[v[k]] + v[k] * v[k])) / (2 * (q - v[k]));
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  if (k < 0) {
    d.fill(Infinity, 0, n);
    arg.fill(-1, 0, n);
    return;
  }
  let j = 0;
  for (let q = 0; q < n; q++) {
    while (z[j + 1] < q) j++;
    const p = v[j];
    d[q] = (q - p) * (q - p) + f[p];
    arg[q] = p;
  }
}

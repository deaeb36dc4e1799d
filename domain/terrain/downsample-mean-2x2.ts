/** The four children of a tile, north-west, north-east, south-west, south-east (childTiles order). */
export type ChildQuad<T> = readonly [T, T, T, T];

/**
 * One parent tile from its four children (each size², NaN = nodata; null = missing child): each
 * parent pixel is the mean of the valid values of its 2x2 block of child pixels, NaN if none is
 * valid. Used for continuous values (elevation) in the display pyramid, so every zoom is built
 * from the level below and never from the source again.
 */
export function downsampleMean2x2(children: ChildQuad<Float32Array | null>, size: number): Float32Array {
  const out = new Float32Array(size * size).fill(NaN);
  const half = size / 2;
  if (!Number.isInteger(half)) throw new RangeError(`tile size must be even, got ${size}`);
  children.forEach((child, q) => {
    if (!child) return;
    if (child.length !== size * size)
      throw new RangeError(`child ${q} has ${child.length} values, expected ${size * size}`);
    const offset = (q >> 1) * half * size + (q & 1) * half;
    for (let r = 0; r < half; r++) {
      for (let c = 0; c < half; c++) {
        const i = 2 * r * size + 2 * c;
        const a = child[i],
          b = child[i + 1],
          d = child[i + size],
          e = child[i + size + 1];
        let sum = 0;
        let count = 0;
        if (a === a) {
          sum += a;
          count++;
        }
        if (b === b) {
          sum += b;
          count++;
        }
        if (d === d) {
          sum += d;
          count++;
        }
        if (e === e) {
          sum += e;
          count++;
        }
        if (count > 0) out[offset + r * size + c] = sum / count;
      }
    }
  });
  return out;
}

// Deterministic test terrain: smooth hills plus optional seeded noise, as a function of CRS
// coordinates, so the same landscape can be written in any CRS and grid.

/** Mulberry32: small, fast, seeded PRNG (tests must not depend on Math.random). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth hills in metres at CRS coordinates (x, y), with wavelengths of a few kilometres. */
export function hills(x: number, y: number, scale = 1): number {
  return (
    800 + 400 * Math.sin(x / (3000 * scale)) * Math.cos(y / (4100 * scale)) + 150 * Math.sin((x + y) / (1300 * scale))
  );
}

/** A width x height grid sampled at pixel centres of a north-up geotransform. */
export function gridOf(
  width: number,
  height: number,
  originX: number,
  originY: number,
  resX: number,
  resY: number,
  f: (x: number, y: number) => number,
): Float32Array {
  const data = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++)
      data[row * width + col] = f(originX + (col + 0.5) * resX, originY + (row + 0.5) * resY);
  }
  return data;
}

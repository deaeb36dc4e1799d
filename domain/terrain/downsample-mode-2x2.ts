import type { ChildQuad } from './downsample-mean-2x2.ts';

/**
 * One parent tile of categories from its four children (each size², `nodata` = no value; null =
 * missing child): each parent pixel takes the most frequent valid category of its 2x2 child block;
 * a tie goes to the category met first in north-west, north-east, south-west, south-east order
 * (the nearest-neighbour choice), so the result is deterministic. Nodata when no pixel is valid.
 */
export function downsampleMode2x2(children: ChildQuad<Uint8Array | null>, size: number, nodata: number): Uint8Array {
  const out = new Uint8Array(size * size).fill(nodata);
  const half = size / 2;
  if (!Number.isInteger(half)) throw new RangeError(`tile size must be even, got ${size}`);
  const block = [0, 0, 0, 0];
  children.forEach((child, q) => {
    if (!child) return;
    if (child.length !== size * size)
      throw new RangeError(`child ${q} has ${child.length} values, expected ${size * size}`);
    const offset = (q >> 1) * half * size + (q & 1) * half;
    for (let r = 0; r < half; r++) {
      for (let c = 0; c < half; c++) {
        const i = 2 * r * size + 2 * c;
        block[0] = child[i];
        block[1] = child[i + 1];
        block[2] = child[i + size];
        block[3] = child[i + size + 1];
        let best = nodata;
        let bestCount = 0;
        for (let k = 0; k < 4; k++) {
          const v = block[k];
          if (v === nodata) continue;
          let count = 0;
          for (let m = 0; m < 4; m++) if (block[m] === v) count++;
          if (count > bestCount) {
            best = v;
            bestCount = count;
          }
        }
        out[offset + r * size + c] = best;
      }
    }
  });
  return out;
}

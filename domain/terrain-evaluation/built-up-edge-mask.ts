import { WORLDCOVER } from '../terrain/mobility-config.ts';

/**
 * The edges of built-up areas: 1 on a built-up land-cover cell (WorldCover 50) with at least one of
 * its four neighbours not built-up, 0 elsewhere. A built-up area is an obstacle that canalizes and
 * delays (obstacle examples, doctrine glossary [S22]); its edge is where a force meets it.
 */
export function builtUpEdgeMask(landCover: Uint8Array, width: number, height: number): Uint8Array {
  if (landCover.length !== width * height) throw new RangeError(`land cover must hold ${width} × ${height} cells`);
  const B = WORLDCOVER.builtUp;
  const out = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = row * width + col;
      if (landCover[i] !== B) continue;
      const edge =
        (col > 0 && landCover[i - 1] !== B) ||
        (col < width - 1 && landCover[i + 1] !== B) ||
        (row > 0 && landCover[i - width] !== B) ||
        (row < height - 1 && landCover[i + width] !== B);
      if (edge) out[i] = 1;
    }
  }
  return out;
}

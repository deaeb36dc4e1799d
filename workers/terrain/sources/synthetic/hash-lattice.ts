// The one source of randomness of the synthetic world: a 32-bit integer hash of a lattice point
// and a seed (a murmur3-style finaliser), mapped to [0, 1). Pure integer arithmetic, so every
// platform and every run gives the same world; no Math.random anywhere.

/** Uniform value in [0, 1) for integer lattice coordinates (ix, iy, iz) and an integer seed. */
export function hashLattice(ix: number, iy: number, iz: number, seed: number): number {
  let h =
    Math.imul(ix | 0, 0x8da6b343) ^
    Math.imul(iy | 0, 0xd8163841) ^
    Math.imul(iz | 0, 0xcb1ab31f) ^
    Math.imul(seed | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

// Smooth 3-D value noise: hashed values on an integer lattice, blended with the quintic fade
// (C2-continuous, so slopes computed from it have no creases at cell borders).
import { hashLattice } from './hash-lattice.ts';

const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);

/** Noise in [0, 1) at (x, y, z) in lattice units. */
export function valueNoise(x: number, y: number, z: number, seed: number): number {
  const x0 = Math.floor(x),
    y0 = Math.floor(y),
    z0 = Math.floor(z);
  const x1 = x0 + 1,
    y1 = y0 + 1,
    z1 = z0 + 1;
  const u = fade(x - x0),
    v = fade(y - y0),
    w = fade(z - z0);
  const c000 = hashLattice(x0, y0, z0, seed),
    c100 = hashLattice(x1, y0, z0, seed);
  const c010 = hashLattice(x0, y1, z0, seed),
    c110 = hashLattice(x1, y1, z0, seed);
  const c001 = hashLattice(x0, y0, z1, seed),
    c101 = hashLattice(x1, y0, z1, seed);
  const c011 = hashLattice(x0, y1, z1, seed),
    c111 = hashLattice(x1, y1, z1, seed);
  const a = c000 + (c100 - c000) * u,
    b = c010 + (c110 - c010) * u;
  const c = c001 + (c101 - c001) * u,
    d = c011 + (c111 - c011) * u;
  const near = a + (b - a) * v,
    far = c + (d - c) * v;
  return near + (far - near) * w;
}

// Fractal (fBm) noise on the sphere: octaves of 3-D value noise sampled at the point's position on
// a sphere of the Earth's radius (spherePoint), each octave with half the cell size and half the
// weight of the one before, normalised back to [0, 1). Sampling in 3-D rather than on lon/lat
// keeps features round at every latitude, continuous across the antimeridian and seamless at the
// poles.
import type { SpherePoint } from './sphere-point.ts';
import { valueNoise } from './value-noise.ts';

export interface NoiseSpec {
  /** Cell size of the coarsest octave, kilometres on the ground. */
  cellKm: number;
  octaves: number;
  seed: number;
}

export function fractalNoise({ x, y, z }: SpherePoint, { cellKm, octaves, seed }: NoiseSpec): number {
  let sum = 0;
  let weightSum = 0;
  let frequency = 1 / cellKm;
  let weight = 1;
  for (let o = 0; o < octaves; o++) {
    sum += weight * valueNoise(x * frequency, y * frequency, z * frequency, seed + o * 7919);
    weightSum += weight;
    frequency *= 2;
    weight /= 2;
  }
  return sum / weightSum;
}

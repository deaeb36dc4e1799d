// Rough test terrain for the RF comparisons: fractal relief (eight octaves of seeded value noise,
// wavelengths 16 km down to 125 m, each octave 0.55 of the one above) of about 900 m between the
// lowest valley and the highest summit over a 64 km square, around 1200 m. A continuous function of
// CRS coordinates, so it can be gridded at any resolution and sampled exactly along a path.
import { seededRandom } from '../../terrain-raster/support/synthetic-dem.ts';

const LATTICE = 1024;

/** Elevation in metres at CRS coordinates (x, y) metres; `seed` picks the landscape. */
export function fractalRelief(seed: number): (x: number, y: number) => number {
  const random = seededRandom(seed);
  const lattice = new Float64Array(LATTICE * LATTICE);
  for (let i = 0; i < lattice.length; i++) lattice[i] = random();
  const at = (i: number, j: number) =>
    lattice[(((i % LATTICE) + LATTICE) % LATTICE) * LATTICE + (((j % LATTICE) + LATTICE) % LATTICE)];
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const noise = (x: number, y: number) => {
    const i = Math.floor(x),
      j = Math.floor(y);
    const fx = smooth(x - i),
      fy = smooth(y - j);
    const a = at(i, j),
      b = at(i + 1, j),
      c = at(i, j + 1),
      d = at(i + 1, j + 1);
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
  };
  return (x: number, y: number) => {
    let z = 0,
      amplitude = 1,
      wavelength = 16000;
    for (let octave = 0; octave < 8; octave++) {
      // Each octave is shifted so that lattice points of different octaves do not line up.
      z += amplitude * (noise(x / wavelength + octave * 17.3, y / wavelength + octave * 5.1) - 0.5);
      amplitude *= 0.55;
      wavelength /= 2;
    }
    return 1200 + 600 * z;
  };
}

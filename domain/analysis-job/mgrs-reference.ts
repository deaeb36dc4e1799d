// MGRS grid reference of a position (the `mgrs` package, from proj4js), 1 m precision (5 digits).
import * as mgrsModule from 'mgrs';
import type { LonLat } from './analysis-parameters.ts';

// mgrs is a UMD bundle: under Node ESM its functions sit on `.default`.
const mgrs = (mgrsModule as unknown as { default?: typeof mgrsModule }).default ?? mgrsModule;

/** e.g. "32TMT6220038624"; null where MGRS is not defined (beyond 84° N and 80° S: UPS). */
export function mgrsReference(position: LonLat): string | null {
  if (position[1] > 84 || position[1] < -80) return null;
  return mgrs.forward(position, 5);
}

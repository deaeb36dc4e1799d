import { MOBILITY_GO, MOBILITY_NO_GO, MOBILITY_SLOW_GO, type MobilityClass } from './mobility-config.ts';

/** The doctrinal names of the mobility classes (mobility-config.ts), as clients see them. */
export const MOBILITY_CLASS_NAMES = ['GO', 'SLOW-GO', 'NO-GO'] as const;
export type MobilityClassName = (typeof MOBILITY_CLASS_NAMES)[number];

const BY_CODE: Record<MobilityClass, MobilityClassName> = {
  [MOBILITY_GO]: 'GO',
  [MOBILITY_SLOW_GO]: 'SLOW-GO',
  [MOBILITY_NO_GO]: 'NO-GO',
};

/** The name of a mobility code, or null for nodata (unknown slope or land cover). */
export function mobilityClassName(code: number): MobilityClassName | null {
  return BY_CODE[code as MobilityClass] ?? null;
}

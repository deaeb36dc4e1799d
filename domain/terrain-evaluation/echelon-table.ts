import { ECHELONS, type Echelon } from './terrain-evaluation-types.ts';

/**
 * Default width a unit of each echelon needs to move in formation, metres — the corridor width test.
 * ASSUMPTION, not doctrine: corridor widths by unit size were NOT FOUND in a readable source
 * (ipb-and-coa-facts.md §2 and "Not found"); these are the values commonly taught for mounted
 * forces, kept consistent with formation frontage — a platoon of four vehicles at the 50–100 m
 * vehicle distance of an open column (FM 3-21.8 para 5-17 [S53]) spreads over 300 m, a company of
 * three platoons side by side over about 1 km, and each higher echelon doubles or triples it.
 * Every value is configurable per request (`corridor_width_m`).
 */
export const DEFAULT_CORRIDOR_WIDTH_M: Readonly<Record<Echelon, number>> = {
  squad: 100,
  platoon: 300,
  company: 500,
  battalion: 1500,
  brigade: 3000,
  division: 6000,
};

/**
 * The echelon `steps` below `echelon` (FM 34-130 ch. 2 [S11]: mobility corridors are identified for
 * forces two echelons below the friendly force; avenues, grouping corridors, for one echelon below).
 * Throws a RangeError when there is no such echelon.
 */
export function echelonBelow(echelon: Echelon, steps: number): Echelon {
  const index = ECHELONS.indexOf(echelon);
  if (index < 0) throw new RangeError(`unknown echelon ${JSON.stringify(echelon)}`);
  const below = ECHELONS[index - steps];
  if (below === undefined) throw new RangeError(`no echelon ${steps} below ${echelon}`);
  return below;
}

/** What a helicopter can do on a landing point of a given ground slope. */
export type LandingSlopeClass = 'land' | 'upslope_or_hover' | 'hover_only';

/**
 * Classifies a landing point's ground slope after FM 3-21.38 (Pathfinder Operations), chapter 4:
 * up to 7° the aircraft can land; over 7° and up to 15° it lands upslope or hovers; over 15° it can
 * only hover. Throws a RangeError for a slope outside 0–90°.
 */
export function landingSlopeClass(slopeDegrees: number): LandingSlopeClass {
  if (!(slopeDegrees >= 0 && slopeDegrees <= 90)) {
    throw new RangeError(`slope must be 0–90 degrees, got ${slopeDegrees}`);
  }
  if (slopeDegrees <= 7) return 'land';
  return slopeDegrees <= 15 ? 'upslope_or_hover' : 'hover_only';
}

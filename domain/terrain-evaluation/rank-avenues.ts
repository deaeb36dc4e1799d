/** What rankAvenues weighs, per avenue (from its corridors; the quickest corridor leads). */
export interface AvenueMeasures {
  /** Straight distance from the start to where the avenue reaches the objective, metres. */
  straightM: number;
  /** Length of its quickest corridor's centreline, metres. */
  lengthM: number;
  /** Travel time of the quickest corridor on the route model, seconds. */
  seconds: number;
  /** Sum of its corridors' narrowest widths, metres (corridors side by side add frontage). */
  frontageM: number;
  /** Share of the avenue's ground under forest or built-up cover. */
  coverShare: number;
  /** Share of the quickest centreline seen from the dominating heights (viewsheds); 0 when none. */
  exposedShare: number;
  /** Crossing sites of linear obstacles on the quickest centreline. */
  obstaclesCrossed: number;
  /** Share of the quickest centreline within half a corridor width of a road. */
  roadShare: number;
}

export const AVENUE_CRITERIA = [
  'directness',
  'time',
  'width_and_canalization',
  'cover_and_concealment',
  'exposure_to_observation',
  'obstacles_crossed',
  'road_support',
] as const;
export type AvenueCriterion = (typeof AVENUE_CRITERIA)[number];

/** Equal weights by default: doctrine lists the factors but ranks none above another (§3 [S10][S11]). */
export const DEFAULT_AVENUE_WEIGHTS: Readonly<Record<AvenueCriterion, number>> = {
  directness: 1,
  time: 1,
  width_and_canalization: 1,
  cover_and_concealment: 1,
  exposure_to_observation: 1,
  obstacles_crossed: 1,
  road_support: 1,
};

export interface AvenueRanking {
  /** Index of the avenue in the input. */
  avenue: number;
  rank: number;
  /** Weighted mean of the criterion scores, 0–1. */
  score: number;
  criteria: Record<AvenueCriterion, { score: number; reason: string }>;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;
const km = (m: number) => `${(m / 1000).toFixed(1)} km`;

/**
 * Ranks avenues of approach on the evaluation factors of FM 34-130 / IT0462 (ipb-and-coa-facts.md
 * §3 [S10][S11]), each scored 0–1 with its reason:
 * - directness = straight distance ÷ centreline length;
 * - time = quickest avenue's time ÷ this avenue's time (route model);
 * - width and canalization = frontage ÷ (2 × avenue width), capped at 1 — an avenue two echelon
 *   widths wide lets the unit deploy and manoeuvre, a narrower one canalizes it;
 * - cover and concealment = forest and built-up share ÷ 0.5, capped at 1;
 * - exposure to observation = 1 − share of the centreline seen from the dominating heights;
 * - obstacles crossed = 1 ÷ (1 + crossings);
 * - road support = share of the centreline near a road (sustainment, FM 34-130 [S11]).
 * Score = weighted mean; rank 1 = highest score (ties: the quicker first).
 */
export function rankAvenues(
  avenues: readonly AvenueMeasures[],
  avenueWidthM: number,
  weights: Readonly<Record<AvenueCriterion, number>> = DEFAULT_AVENUE_WEIGHTS,
): AvenueRanking[] {
  if (!(avenueWidthM > 0)) throw new RangeError('avenue width must be positive');
  const weightSum = AVENUE_CRITERIA.reduce((s, k) => s + weights[k], 0);
  if (!(weightSum > 0) || AVENUE_CRITERIA.some((k) => !(weights[k] >= 0)))
    throw new RangeError('weights must be non-negative, not all zero');
  const quickest = Math.min(...avenues.map((a) => a.seconds));
  const scored = avenues.map((a, avenue) => {
    const clamp = (v: number) => Math.max(0, Math.min(1, v));
    const criteria: Record<AvenueCriterion, { score: number; reason: string }> = {
      directness: {
        score: clamp(a.lengthM > 0 ? a.straightM / a.lengthM : 1),
        reason: `${km(a.lengthM)} of movement for ${km(a.straightM)} in a straight line`,
      },
      time: {
        score: clamp(a.seconds > 0 ? quickest / a.seconds : 1),
        reason: `${Math.round(a.seconds / 60)} min to the objective (quickest avenue ${Math.round(quickest / 60)} min)`,
      },
      width_and_canalization: {
        score: clamp(a.frontageM / (2 * avenueWidthM)),
        reason:
          `narrowest frontage ${Math.round(a.frontageM)} m against ${Math.round(2 * avenueWidthM)} m to deploy` +
          (a.frontageM < 2 * avenueWidthM ? ': canalizing' : ''),
      },
      cover_and_concealment: {
        score: clamp(a.coverShare / 0.5),
        reason: `${pct(a.coverShare)} of the avenue under forest or built-up cover`,
      },
      exposure_to_observation: {
        score: clamp(1 - a.exposedShare),
        reason: `${pct(a.exposedShare)} of the axis seen from the dominating heights`,
      },
      obstacles_crossed: {
        score: 1 / (1 + a.obstaclesCrossed),
        reason:
          a.obstaclesCrossed === 0 ? 'no linear obstacle crossed' : `${a.obstaclesCrossed} linear obstacle crossing(s)`,
      },
      road_support: {
        score: clamp(a.roadShare),
        reason: `${pct(a.roadShare)} of the axis within reach of a road`,
      },
    };
    const score = AVENUE_CRITERIA.reduce((s, k) => s + weights[k] * criteria[k].score, 0) / weightSum;
    return { avenue, rank: 0, score, criteria, seconds: a.seconds };
  });
  scored.sort((x, y) => y.score - x.score || x.seconds - y.seconds);
  return scored.map(({ seconds: _s, ...r }, i) => ({ ...r, rank: i + 1 }));
}

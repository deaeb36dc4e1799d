// The verdict a line-of-sight sheet prints (visible, or blocked and where), from the analysis's stored
// result (domain/analysis-job/line-of-sight-result.ts). Pure.
import { earthCurvatureDrop, STANDARD_REFRACTION_K } from '../terrain-analysis/earth-curvature-drop.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stored results are JSON read defensively field by field
type Result = Record<string, any>;

/**
 * "Visible over <distance>", or "Blocked at <d> of <distance>" where d is the first profile point whose
 * ground, lowered by the earth's curvature, rises above the straight ray from the observer's eye to the
 * target (the analysis's own model, sampled at the profile's cells); "Blocked over <distance>" when the
 * profile shows no such point (the analysis interpolates between cells). Null without a verdict.
 */
export function lineOfSightVerdict(result: Result | null): string | null {
  if (!result || typeof result.visible !== 'boolean') return null;
  const total = Number(result.ground_distance_m);
  const distance = formatQuantity(total, 'distance');
  if (result.visible) return `Visible over ${distance}`;
  const blockedAt = firstObstruction(result, total);
  return blockedAt === null
    ? `Blocked over ${distance}`
    : `Blocked at ${formatQuantity(blockedAt, 'distance')} of ${distance}`;
}

function firstObstruction(result: Result, total: number): number | null {
  const eyeGround = result.observer?.ground_elevation_m;
  const targetGround = result.target?.ground_elevation_m;
  const profile: Result[] = Array.isArray(result.profile) ? result.profile : [];
  if (typeof eyeGround !== 'number' || typeof targetGround !== 'number' || !(total > 0)) return null;
  const k = typeof result.refraction_k === 'number' ? result.refraction_k : STANDARD_REFRACTION_K;
  const eye = eyeGround + Number(result.observer.height_m ?? 0);
  const target = targetGround + Number(result.target.height_m ?? 0) - earthCurvatureDrop(total, k);
  for (const point of profile) {
    const d = Number(point.distance_m);
    const ground = point.ground_elevation_m;
    if (!(d > 0 && d < total) || typeof ground !== 'number') continue;
    const ray = eye + ((target - eye) * d) / total;
    if (ground - earthCurvatureDrop(d, k) > ray) return d;
  }
  return null;
}

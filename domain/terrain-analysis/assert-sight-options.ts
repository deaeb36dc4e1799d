import type { SightOptions } from './types.ts';

/** Throws a RangeError naming the first sight option out of range (heights ≥ 0 m, k > 0, R > 0). */
export function assertSightOptions(options: SightOptions): void {
  const { observerHeight, targetHeight = 0, refraction, earthRadius } = options;
  if (!(observerHeight >= 0) || !Number.isFinite(observerHeight)) {
    throw new RangeError(`observer height must be metres ≥ 0, got ${observerHeight}`);
  }
  if (!(targetHeight >= 0) || !Number.isFinite(targetHeight)) {
    throw new RangeError(`target height must be metres ≥ 0, got ${targetHeight}`);
  }
  // Infinity is allowed for k: a flat earth (no curvature drop).
  if (refraction !== undefined && !(refraction > 0)) {
    throw new RangeError(`refraction k must be > 0, got ${refraction}`);
  }
  if (earthRadius !== undefined && !(earthRadius > 0 && Number.isFinite(earthRadius))) {
    throw new RangeError(`earth radius must be positive metres, got ${earthRadius}`);
  }
}

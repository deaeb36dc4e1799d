/** WGS 84 semi-major axis, metres: the sphere radius gdal_viewshed uses for the same DEM. */
export const EARTH_RADIUS_M = 6378137;
/** Standard atmospheric refraction: radio and visual rays bend with the earth, effective radius R·k. */
export const STANDARD_REFRACTION_K = 4 / 3;

/**
 * How far the terrain at ground distance `distance` (metres) sits below the observer's horizontal
 * plane because of the earth's curvature, reduced by refraction:
 *
 *   drop(d) = d² / (2 · k · R)      (k = 4/3, R = 6 378 137 m: 5.88 m at 10 km, 588 m at 100 km)
 *
 * the parabolic approximation of a sphere of effective radius k·R (error below 1e-6 relative up to
 * 100 km). It equals gdal_viewshed's correction `CurvCoeff · d² / SphereDiameter` with
 * CurvCoeff = 1/k = 0.75 on a sphere of diameter 2R.
 */
export function earthCurvatureDrop(
  distance: number,
  k: number = STANDARD_REFRACTION_K,
  radius: number = EARTH_RADIUS_M,
): number {
  return (distance * distance) / (2 * k * radius);
}

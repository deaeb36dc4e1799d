import { findHorizons } from './find-horizons.ts';
import type { ItmPathGeometry } from './itm-types.ts';
import { linearLeastSquaresFit } from './linear-least-squares-fit.ts';
import { terrainIrregularity } from './terrain-irregularity.ts';

/**
 * ITM's analysis of a terrain profile (the reference's QuickPfl): horizons, terrain irregularity Δh
 * and effective antenna heights, on an earth of curvature `curvature` (1/m).
 *
 * Δh is measured between the lesser of 15 antenna heights and 10 % of the horizon distance from
 * each end ("consideration of terrain elevations should begin at a point about 15 times the tower
 * height", Hufford 1982). Effective heights stand above a straight fit of the terrain: over the
 * whole path when it is well within line of sight (horizons summing to more than 1.5× the path),
 * where horizons and their angles are then re-estimated from the effective heights and Δh; else
 * over each terminal's foreground up to 90 % of its horizon. Only the first `np` + 1 points are used.
 */
export function pathGeometry(
  z: ArrayLike<number>,
  spacing: number,
  heights: readonly [number, number],
  curvature: number,
  np = z.length - 1,
): ItmPathGeometry {
  const distance = np * spacing;
  const earthRadius = 1 / curvature;
  const horizons = findHorizons(z, spacing, heights, earthRadius, np);
  const angles = horizons.angles;
  const horizonDistances = horizons.distances;
  const start = Math.min(15 * heights[0], 0.1 * horizonDistances[0]);
  const end = distance - Math.min(15 * heights[1], 0.1 * horizonDistances[1]);
  const irregularity = terrainIrregularity(z, spacing, start, end, np);
  const effective: [number, number] = [0, 0];
  if (horizonDistances[0] + horizonDistances[1] > 1.5 * distance) {
    const fit = linearLeastSquaresFit(z, spacing, start, end, np);
    effective[0] = heights[0] + positiveDifference(z[0], fit.atStart);
    effective[1] = heights[1] + positiveDifference(z[np], fit.atEnd);
    horizonDistances[0] = roughEarthHorizon(effective[0], earthRadius, irregularity);
    horizonDistances[1] = roughEarthHorizon(effective[1], earthRadius, irregularity);
    const combined = horizonDistances[0] + horizonDistances[1];
    if (combined <= distance) {
      const q = (distance / combined) ** 2;
      for (let i = 0; i < 2; i++) {
        effective[i] *= q;
        horizonDistances[i] = roughEarthHorizon(effective[i], earthRadius, irregularity);
      }
    }
    for (let i = 0; i < 2; i++) {
      const smooth = Math.sqrt(2 * effective[i] * earthRadius);
      angles[i] = (0.65 * irregularity * (smooth / horizonDistances[i] - 1) - 2 * effective[i]) / smooth;
    }
  } else {
    const txFit = linearLeastSquaresFit(z, spacing, start, 0.9 * horizonDistances[0], np);
    effective[0] = heights[0] + positiveDifference(z[0], txFit.atStart);
    const rxFit = linearLeastSquaresFit(z, spacing, distance - 0.9 * horizonDistances[1], end, np);
    effective[1] = heights[1] + positiveDifference(z[np], rxFit.atEnd);
  }
  return {
    distance,
    horizonAngles: angles,
    horizonDistances,
    effectiveHeights: effective,
    terrainIrregularity: irregularity,
  };
}

/** Horizon distance of an antenna `h` metres above terrain of irregularity Δh on earth of radius `earthRadius`. */
function roughEarthHorizon(h: number, earthRadius: number, irregularity: number): number {
  return Math.sqrt(2 * h * earthRadius) * Math.exp(-0.07 * Math.sqrt(irregularity / Math.max(h, 5)));
}

function positiveDifference(a: number, b: number): number {
  return a > b ? a - b : 0;
}

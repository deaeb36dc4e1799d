// Metres of rise below the current horizon ray within which a point's angle is computed exactly:
// far above the rounding of both forms (≲ 1e-9 m even on 2000 km paths), far below any terrain detail.
const SLACK = 1e-6;

/**
 * Radio horizons of both terminals over a profile (`z`, equally spaced `spacing` metres, terminal
 * antennas `heights` metres above its ends) on an earth of effective radius `earthRadius` (TN101,
 * eq. 6.15). The angles start as for a line-of-sight path; every intermediate point that rises
 * above a terminal's current horizon ray becomes its horizon. Angles in radians, distances in metres.
 * Only the first `np` + 1 points are used (default all).
 */
export function findHorizons(
  z: ArrayLike<number>,
  spacing: number,
  heights: readonly [number, number],
  earthRadius: number,
  np = z.length - 1,
): { angles: [number, number]; distances: [number, number] } {
  const distance = np * spacing;
  const zTx = z[0] + heights[0];
  const zRx = z[np] + heights[1];
  const halfCurvature = 1 / (2 * earthRadius);
  let angleTx = (zRx - zTx) / distance - distance * halfCurvature;
  let angleRx = -(zRx - zTx) / distance - distance * halfCurvature;
  let distanceTx = distance,
    distanceRx = distance;
  let dTx = 0,
    dRx = distance;
  for (let i = 1; i < np; i++) {
    // Accumulated like the reference (not i·spacing) so the horizons match it bit for bit.
    dTx += spacing;
    dRx -= spacing;
    // A point can only become a horizon when its rise clears the current ray, the elevation angle
    // multiplied out (no division); SLACK metres cover the rounding of either form, so the exact
    // angle below decides every point that comes near.
    const riseTx = z[i] - zTx;
    if (riseTx > dTx * (angleTx + dTx * halfCurvature) - SLACK) {
      const thetaTx = riseTx / dTx - dTx * halfCurvature;
      if (thetaTx > angleTx) {
        angleTx = thetaTx;
        distanceTx = dTx;
      }
    }
    const fallRx = zRx - z[i];
    if (-fallRx > dRx * (angleRx + dRx * halfCurvature) - SLACK) {
      const thetaRx = -fallRx / dRx - dRx * halfCurvature;
      if (thetaRx > angleRx) {
        angleRx = thetaRx;
        distanceRx = dRx;
      }
    }
  }
  return { angles: [angleTx, angleRx], distances: [distanceTx, distanceRx] };
}

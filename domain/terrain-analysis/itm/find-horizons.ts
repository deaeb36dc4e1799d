/**
 * Radio horizons of both terminals over a profile (`z`, equally spaced `spacing` metres, terminal
 * antennas `heights` metres above its ends) on an earth of effective radius `earthRadius` (TN101,
 * eq. 6.15). The angles start as for a line-of-sight path; every intermediate point that rises
 * above a terminal's current horizon ray becomes its horizon. Angles in radians, distances in metres.
 * Only the first `np` + 1 points are used (default all).
 */
export function findHorizons(
  z: ArrayLike<number>, spacing: number, heights: readonly [number, number], earthRadius: number, np = z.length - 1,
): { angles: [number, number]; distances: [number, number] } {
  const distance = np * spacing;
  const zTx = z[0] + heights[0];
  const zRx = z[np] + heights[1];
  const halfCurvature = 1 / (2 * earthRadius);
  let angleTx = (zRx - zTx) / distance - distance * halfCurvature;
  let angleRx = -(zRx - zTx) / distance - distance * halfCurvature;
  let distanceTx = distance, distanceRx = distance;
  let dTx = 0, dRx = distance;
  for (let i = 1; i < np; i++) {
    // Accumulated like the reference (not i·spacing) so the horizons match it bit for bit.
    dTx += spacing;
    dRx -= spacing;
    const thetaTx = (z[i] - zTx) / dTx - dTx * halfCurvature;
    const thetaRx = -(zRx - z[i]) / dRx - dRx * halfCurvature;
    if (thetaTx > angleTx) {
      angleTx = thetaTx;
      distanceTx = dTx;
    }
    if (thetaRx > angleRx) {
      angleRx = thetaRx;
      distanceRx = dRx;
    }
  }
  return { angles: [angleTx, angleRx], distances: [distanceTx, distanceRx] };
}

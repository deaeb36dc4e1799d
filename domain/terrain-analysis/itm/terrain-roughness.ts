/**
 * Terrain irregularity over a path of `distance` metres, Δh(d) = Δh·(1 − 0.8·e^(−d / 50 km))
 * (ERL 79-ITS 67, eq. 3): the asymptotic Δh shrinks on short paths.
 */
export function terrainRoughness(distance: number, terrainIrregularity: number): number {
  return terrainIrregularity * (1 - 0.8 * Math.exp(-distance / 50e3));
}

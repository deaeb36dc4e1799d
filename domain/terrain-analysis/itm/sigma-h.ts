/**
 * RMS deviation of the terrain within the first Fresnel zone, σh = 0.78·Δh·e^(−½·Δh^¼), metres
 * (ERL 79-ITS 67, eq. 3.6a).
 */
export function sigmaH(terrainIrregularity: number): number {
  return 0.78 * terrainIrregularity * Math.exp(-0.5 * Math.sqrt(Math.sqrt(terrainIrregularity)));
}

/**
 * Knife-edge diffraction loss A(v, 0), dB, from v² (TN101 vol. 2, eq. III.24b–c): the two-piece
 * approximation ITM uses, split at v = 2.4.
 */
export function fresnelIntegral(v2: number): number {
  return v2 < 5.76 ? 6.02 + 9.11 * Math.sqrt(v2) - 1.27 * v2 : 12.953 + 10 * Math.log10(v2);
}

/** Free-space basic transmission loss, dB, over `distance` metres at `frequencyMhz` (ITM's form). */
export function freeSpaceLoss(distance: number, frequencyMhz: number): number {
  return 32.45 + 20 * Math.log10(frequencyMhz) + 20 * Math.log10(distance / 1000);
}

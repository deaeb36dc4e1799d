/**
 * Index of the resolution level to read for a target pixel `factor` times coarser than the full
 * resolution (factor = target pixel size / full-resolution pixel size, per axis, the smaller of
 * the two): the coarsest level that is still at least as fine as the target, so no detail the
 * target can show is lost and a much finer source is not read (and transferred) in full. Levels are
 * given as their width, full resolution first.
 */
export function chooseOverviewLevel(levelWidths: readonly number[], factor: number): number {
  if (levelWidths.length === 0) throw new RangeError('a raster has at least one level');
  let chosen = 0;
  for (let i = 1; i < levelWidths.length; i++) {
    const levelFactor = levelWidths[0] / levelWidths[i];
    // 1e-9 relative slack: a 2x overview serves a 2x target despite rounding of the widths.
    if (levelFactor <= factor * (1 + 1e-9) && levelFactor > levelWidths[0] / levelWidths[chosen]) chosen = i;
  }
  return chosen;
}

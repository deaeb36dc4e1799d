import { windowedDistance } from './windowed-distance.ts';

/**
 * Groups corridors into avenues of approach: two corridors are mutually supporting — the same
 * avenue — when at least half of one's centreline lies within `avenueWidthM` (the width of the
 * avenue's echelon) of the other's (FM 3-21.8 para A-44 [S14]: mutually supporting corridors form an
 * avenue, a corridor with none is an avenue by itself; "two corridors usually make one avenue",
 * Tactics 101 [S3]). Returns groups of corridor indices, each in ascending order, groups ordered by
 * their first corridor.
 */
export function groupAvenues(
  centrelines: readonly (readonly number[])[],
  width: number,
  height: number,
  cellSizeM: number,
  avenueWidthM: number,
): number[][] {
  if (!(avenueWidthM > 0) || !(cellSizeM > 0)) throw new RangeError('avenue width and cell size must be positive');
  const k = centrelines.length;
  const parent = Array.from({ length: k }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const reach = (avenueWidthM / cellSizeM) ** 2;
  for (let j = 0; j < k; j++) {
    if (centrelines[j]!.length === 0) continue;
    const toJ = windowedDistance(centrelines[j]!, width, height, Math.sqrt(reach));
    for (let i = 0; i < k; i++) {
      if (i === j || find(i) === find(j)) continue;
      const cells = centrelines[i]!;
      let near = 0;
      for (const c of cells) {
        const x = (c % width) - toJ.x0,
          y = Math.floor(c / width) - toJ.y0;
        if (x >= 0 && y >= 0 && x < toJ.w && y < toJ.h && toJ.squared[y * toJ.w + x]! <= reach) near++;
      }
      if (cells.length > 0 && near / cells.length >= 0.5) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < k; i++) {
    const root = find(i);
    if (!groups.has(root)) groups.set(root, []);
    groups.get(root)!.push(i);
  }
  return [...groups.values()].sort((a, b) => a[0]! - b[0]!);
}

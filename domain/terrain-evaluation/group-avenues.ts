import { squaredDistanceTransform } from './squared-distance-transform.ts';

/**
 * Groups corridors into avenues of approach: two corridors are mutually supporting — the same
 * avenue — when at least half of one's centreline lies within `avenueWidthM` (the width of the
 * avenue's echelon) of the other's (FM 3-21.8 para A-44 [S14]: mutually supporting corridors form an
 * avenue, a corridor with none is an avenue by itself; "two corridors usually make one avenue",
 * Tactics 101 [S3]). Returns groups of corridor indices, each in ascending order, groups ordered by
 * their first corridor.
 */
export function groupAvenues(
  centrelines: readonly (readonly number[])[], width: number, height: number, cellSizeM: number, avenueWidthM: number,
): number[][] {
  if (!(avenueWidthM > 0) || !(cellSizeM > 0)) throw new RangeError('avenue width and cell size must be positive');
  const k = centrelines.length;
  const parent = Array.from({ length: k }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const reach = (avenueWidthM / cellSizeM) ** 2;
  for (let j = 0; j < k; j++) {
    const line = new Uint8Array(width * height);
    for (const i of centrelines[j]!) line[i] = 1;
    const toJ = squaredDistanceTransform(line, width, height).squared;
    for (let i = 0; i < k; i++) {
      if (i === j || find(i) === find(j)) continue;
      const cells = centrelines[i]!;
      let near = 0;
      for (const c of cells) if (toJ[c] <= reach) near++;
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

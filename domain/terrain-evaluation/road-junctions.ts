/**
 * Road junctions of a set of road lines (pixel or any planar coordinates): the vertices where three
 * or more road ends meet, counting a line's end as one and a vertex inside a line as two. Two pieces
 * of one road split at a tile edge meet with two ends: not a junction. Vertices are matched exactly
 * after rounding to 1e-6.
 */
export function roadJunctions(lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): Array<[number, number]> {
  const degree = new Map<string, { at: [number, number]; ends: number }>();
  const add = (p: readonly [number, number], ends: number) => {
    const key = `${p[0].toFixed(6)},${p[1].toFixed(6)}`;
    const found = degree.get(key);
    if (found) found.ends += ends;
    else degree.set(key, { at: [p[0], p[1]], ends });
  };
  for (const line of lines) {
    if (line.length < 2) continue;
    line.forEach((p, k) => add(p, k === 0 || k === line.length - 1 ? 1 : 2));
  }
  return [...degree.values()].filter((v) => v.ends >= 3).map((v) => v.at);
}

/** A summit and its topographic prominence (height above the highest col to higher ground), metres. */
export interface Peak {
  cell: number;
  elevation: number;
  prominence: number;
}

/**
 * Summits of a DEM with their prominence, by a flood from the top down (union-find): cells are
 * taken from the highest; a cell touching no taken cell starts a new island (a summit); a cell
 * joining two or more islands is their col — each island but the one with the highest summit ends
 * there, its summit's prominence = summit − col. The highest summit's prominence is its height above
 * the lowest cell of the DEM. 8-neighbour connectivity; NaN cells are never taken (like the sea);
 * the grid edge is not a col, so summits near it may be more prominent than beyond the grid.
 * Returns the summits whose prominence is at least `minProminenceM`, most prominent first.
 */
export function peakProminence(
  elevation: Float32Array | Float64Array,
  width: number,
  height: number,
  minProminenceM: number,
): Peak[] {
  const n = width * height;
  if (elevation.length !== n) throw new RangeError(`elevation must hold ${width} × ${height} cells`);
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (elevation[i] === elevation[i]) order.push(i);
  order.sort((a, b) => elevation[b] - elevation[a] || a - b);
  const parent = new Int32Array(n).fill(-1);
  const summit = new Int32Array(n).fill(-1);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r];
    while (parent[i] !== r) {
      const up = parent[i];
      parent[i] = r;
      i = up;
    }
    return r;
  };
  const peaks: Peak[] = [];
  for (const i of order) {
    const col = i % width,
      row = (i - col) / width;
    const roots: number[] = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dr === 0 && dc === 0) continue;
        const c = col + dc,
          r = row + dr;
        if (c < 0 || r < 0 || c >= width || r >= height) continue;
        const j = r * width + c;
        if (parent[j] < 0) continue;
        const root = find(j);
        if (!roots.includes(root)) roots.push(root);
      }
    }
    parent[i] = i;
    if (roots.length === 0) {
      summit[i] = i;
      continue;
    }
    roots.sort((a, b) => elevation[summit[b]] - elevation[summit[a]] || summit[a] - summit[b]);
    const top = roots[0]!;
    for (const other of roots.slice(1)) {
      const s = summit[other];
      const prominence = elevation[s] - elevation[i];
      if (prominence >= minProminenceM) peaks.push({ cell: s, elevation: elevation[s], prominence });
      parent[other] = top;
    }
    parent[i] = top;
  }
  if (order.length > 0) {
    const s = summit[find(order[0]!)];
    const prominence = elevation[s] - elevation[order[order.length - 1]!];
    if (prominence >= minProminenceM) peaks.push({ cell: s, elevation: elevation[s], prominence });
  }
  return peaks.sort((a, b) => b.prominence - a.prominence || a.cell - b.cell);
}

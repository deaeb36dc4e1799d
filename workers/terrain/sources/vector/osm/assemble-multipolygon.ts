// Joins the member ways of an OSM multipolygon relation into closed rings and groups them into
// polygons: each inner ring goes to the outer ring that contains it. A relation whose rings do not
// all close (a member way missing, broken data) gives null. Like GDAL's OSM driver, nodes missing
// from an extract are skipped; a ring left with fewer than three distinct positions is dropped.
import type { Position } from 'geojson';

export interface MemberWay {
  role: string;
  /** Node ids in way order. */
  refs: number[];
}

function joinRings(ways: number[][]): number[][] | null {
  const pending = ways.filter((refs) => refs.length >= 2).map((refs) => [...refs]);
  const rings: number[][] = [];
  while (pending.length > 0) {
    const ring = pending.shift()!;
    while (ring[0] !== ring[ring.length - 1]) {
      const end = ring[ring.length - 1];
      const next = pending.findIndex((refs) => refs[0] === end || refs[refs.length - 1] === end);
      if (next < 0) return null;
      const [refs] = pending.splice(next, 1);
      const oriented = refs[0] === end ? refs : [...refs].reverse();
      ring.push(...oriented.slice(1));
    }
    if (ring.length < 4) return null;
    rings.push(ring);
  }
  return rings;
}

function containsPoint(ring: Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}

/** Polygons (rings of [lon, lat]) of a multipolygon relation, or null when it cannot be built. */
export function assembleMultipolygon(
  members: MemberWay[],
  nodes: Map<number, [number, number]>,
): Position[][][] | null {
  const outerWays = members.filter((m) => m.role !== 'inner').map((m) => m.refs);
  const innerWays = members.filter((m) => m.role === 'inner').map((m) => m.refs);
  const outers = joinRings(outerWays);
  const inners = joinRings(innerWays);
  if (!outers || !inners || outers.length === 0) return null;
  const toPositions = (ring: number[]): Position[] | null => {
    const positions: Position[] = [];
    for (const ref of ring.slice(0, -1)) {
      const node = nodes.get(ref);
      if (node && !positions.some((p) => p[0] === node[0] && p[1] === node[1])) positions.push(node);
    }
    return positions.length >= 3 ? [...positions, positions[0]] : null;
  };
  const outerRings = outers.map(toPositions).filter((r): r is Position[] => r !== null);
  const innerRings = inners.map(toPositions).filter((r): r is Position[] => r !== null);
  if (outerRings.length === 0) return null;
  const polygons: Position[][][] = outerRings.map((ring) => [ring]);
  for (const inner of innerRings) {
    const owner = polygons.find((polygon) => containsPoint(polygon[0], inner[0]));
    if (owner) owner.push(inner); // an inner ring outside every outer ring is dropped
  }
  return polygons;
}

// Joins the member ways of an OSM multipolygon relation into closed rings and groups them into
// polygons: each inner ring goes to the outer ring that contains it. A relation whose rings do not
// all close (members cut off by the extract, broken data) gives null, as GDAL's OSM driver does.
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
    if ((yi > y) !== (yj > y) && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}

/** Polygons (rings of [lon, lat]) of a multipolygon relation, or null when it cannot be built. */
export function assembleMultipolygon(members: MemberWay[], nodes: Map<number, [number, number]>): Position[][][] | null {
  const outerWays = members.filter((m) => m.role !== 'inner').map((m) => m.refs);
  const innerWays = members.filter((m) => m.role === 'inner').map((m) => m.refs);
  const outers = joinRings(outerWays);
  const inners = joinRings(innerWays);
  if (!outers || !inners || outers.length === 0) return null;
  const toPositions = (ring: number[]): Position[] | null => {
    const positions: Position[] = [];
    for (const ref of ring) {
      const node = nodes.get(ref);
      if (!node) return null;
      positions.push(node);
    }
    return positions;
  };
  const outerRings = outers.map(toPositions);
  const innerRings = inners.map(toPositions);
  if (outerRings.some((r) => r === null) || innerRings.some((r) => r === null)) return null;
  const polygons: Position[][][] = outerRings.map((ring) => [ring!]);
  for (const inner of innerRings as Position[][]) {
    const owner = polygons.find((polygon) => containsPoint(polygon[0], inner[0]));
    if (owner) owner.push(inner); // an inner ring outside every outer ring is dropped
  }
  return polygons;
}

// Geometry of the road between two neighbouring settlement nodes: a straight line bent by three
// hashed sideways offsets (up to ±6 % of its length) at a quarter, half and three quarters.
// A function of the two nodes only, so every tile draws the same road.
import type { Position } from 'geojson';
import { hashLattice } from './hash-lattice.ts';
import type { SettlementNode } from './settlement-node.ts';

/** `salt` tells apart the east (1) and north (2) road of node `a`. */
export function latticeEdgeLine(a: SettlementNode, b: SettlementNode, salt: number): Position[] {
  const kx = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180); // metres east per degree, relative
  const dx = (b.lon - a.lon) * kx;
  const dy = b.lat - a.lat;
  const line: Position[] = [[a.lon, a.lat]];
  for (let k = 1; k <= 3; k++) {
    const t = k / 4;
    const offset = (hashLattice(a.column, a.j, salt, 200 + k) - 0.5) * 0.12;
    line.push([a.lon + (dx * t - dy * offset) / kx, a.lat + dy * t + dx * offset]);
  }
  line.push([b.lon, b.lat]);
  return line;
}

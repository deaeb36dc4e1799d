// All settlement-lattice nodes within `marginMeters` of a lon/lat box (with their unwrapped cell
// indices, so nodes east of 180° carry longitudes above 180 and connect to the box's edge).
import type { LonLatBounds } from '../../../../domain/terrain/types.ts';
import { settlementNode, type SettlementNode } from './settlement-node.ts';
import { METERS_PER_DEGREE, SETTLEMENT_CELL_DEGREES } from './synthetic-world.ts';

export function settlementNodesInBounds(
  [west, south, east, north]: LonLatBounds,
  marginMeters: number,
): SettlementNode[] {
  const cell = SETTLEMENT_CELL_DEGREES;
  const highLat = Math.min(85, Math.max(Math.abs(south), Math.abs(north)));
  const marginLat = marginMeters / METERS_PER_DEGREE;
  const marginLon = marginMeters / (METERS_PER_DEGREE * Math.cos((highLat * Math.PI) / 180));
  const w = west - marginLon,
    e = east + marginLon,
    s = south - marginLat,
    n = north + marginLat;
  const nodes: SettlementNode[] = [];
  // A node lies within its cell's middle 60 %, so one extra cell each way finds every candidate.
  for (let j = Math.floor((s + 90) / cell) - 1; j <= Math.floor((n + 90) / cell) + 1; j++) {
    for (let i = Math.floor((w + 180) / cell) - 1; i <= Math.floor((e + 180) / cell) + 1; i++) {
      const node = settlementNode(i, j);
      if (node && node.lon >= w && node.lon <= e && node.lat >= s && node.lat <= n) nodes.push(node);
    }
  }
  return nodes;
}

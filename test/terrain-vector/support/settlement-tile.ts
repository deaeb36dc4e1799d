// Finds, through the synthetic world's own lattice, the work tile holding the first settlement of
// a rank near a place: tests then check invariants there instead of trusting a remembered address.
import {
  settlementNode,
  type SettlementNode,
  type SettlementRank,
} from '../../../workers/terrain/sources/synthetic/settlement-node.ts';
import { SETTLEMENT_CELL_DEGREES } from '../../../workers/terrain/sources/synthetic/synthetic-world.ts';
import type { TileAddress } from '../../../domain/terrain/types.ts';

export function tileOfLonLat(lon: number, lat: number, z = 12): TileAddress {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}

export function settlementNear(lon: number, lat: number, rank: SettlementRank): SettlementNode {
  const i0 = Math.floor((lon + 180) / SETTLEMENT_CELL_DEGREES);
  const j0 = Math.floor((lat + 90) / SETTLEMENT_CELL_DEGREES);
  for (let ring = 0; ring < 40; ring++) {
    for (let j = j0 - ring; j <= j0 + ring; j++) {
      for (let i = i0 - ring; i <= i0 + ring; i++) {
        if (Math.max(Math.abs(i - i0), Math.abs(j - j0)) !== ring) continue;
        const node = settlementNode(i, j);
        if (node?.rank === rank) return node;
      }
    }
  }
  throw new Error(`no ${rank} near ${lon}, ${lat}`);
}

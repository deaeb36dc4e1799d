// The node of settlement-lattice cell (i, j): a jittered point that is always a road junction and,
// unless it falls in water or high mountains, a settlement. Rank comes from the hash of the cell:
// 4 % cities, 16 % towns, 45 % villages, the rest hamlets (a junction without buildings).
// `i` may run past the antimeridian (negative or ≥ SETTLEMENT_COLUMNS): the node is then the same
// node as at i mod SETTLEMENT_COLUMNS, placed 360° further, so lines to it continue across.
import { hashLattice } from './hash-lattice.ts';
import { snowlineMeters } from './snowline-meters.ts';
import { RIVER_WIDTH, syntheticRelief } from './synthetic-relief.ts';
import { MAX_SYNTHETIC_LATITUDE, SETTLEMENT_CELL_DEGREES, SETTLEMENT_COLUMNS } from './synthetic-world.ts';

export type SettlementRank = 'city' | 'town' | 'village' | 'hamlet';

export interface SettlementNode {
  i: number;
  j: number;
  /** Column index wrapped to 0..SETTLEMENT_COLUMNS-1, for ids and hashes. */
  column: number;
  lon: number;
  lat: number;
  /** False for a node in the sea: no road reaches it. */
  onLand: boolean;
  rank: SettlementRank;
  /** Radius of the built-up area, metres (0 for a hamlet). */
  radiusMeters: number;
  /** Persons per km² at the centre. */
  peakDensity: number;
  /** Street spacing, metres, and the street grid's rotation, radians. */
  streetSpacing: number;
  streetAngle: number;
}

const RANKS: Record<SettlementRank, { radius: number; peak: number; spacing: number }> = {
  city: { radius: 1800, peak: 9000, spacing: 160 },
  town: { radius: 700, peak: 3000, spacing: 140 },
  village: { radius: 250, peak: 800, spacing: 120 },
  hamlet: { radius: 0, peak: 60, spacing: 0 },
};

/** The node of cell (i, j), or null for cells beyond ±MAX_SYNTHETIC_LATITUDE. */
export function settlementNode(i: number, j: number): SettlementNode | null {
  const cell = SETTLEMENT_CELL_DEGREES;
  const centreLat = (j + 0.5) * cell - 90;
  if (Math.abs(centreLat) > MAX_SYNTHETIC_LATITUDE) return null;
  const column = ((i % SETTLEMENT_COLUMNS) + SETTLEMENT_COLUMNS) % SETTLEMENT_COLUMNS;
  const lon = (i + 0.5 + 0.6 * (hashLattice(column, j, 0, 101) - 0.5)) * cell - 180;
  const lat = (j + 0.5 + 0.6 * (hashLattice(column, j, 0, 102) - 0.5)) * cell - 90;
  const pick = hashLattice(column, j, 0, 103);
  let rank: SettlementRank = pick < 0.04 ? 'city' : pick < 0.2 ? 'town' : pick < 0.65 ? 'village' : 'hamlet';
  const relief = syntheticRelief(lon, lat);
  if (relief.elevation <= 0 || relief.river < RIVER_WIDTH * 2 || relief.elevation > snowlineMeters(lat) - 600)
    rank = 'hamlet';
  const { radius, peak, spacing } = RANKS[rank];
  return {
    i,
    j,
    column,
    lon,
    lat,
    rank,
    onLand: relief.elevation > 0,
    radiusMeters: radius,
    peakDensity: peak,
    streetSpacing: spacing,
    streetAngle: hashLattice(column, j, 0, 104) * (Math.PI / 2),
  };
}

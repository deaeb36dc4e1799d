// Building footprints of the synthetic world: in every settlement (not hamlets) the blocks between
// the streets (streetGridPoint) are cut into 4 x 4 lots; a lot holds a rectangular building,
// aligned with the streets, with a chance falling from 85 % at the centre to 40 % at the edge.
// Buildings stay off the streets (a lot centre is ⅛ spacing from the nearest street and a building
// at most 0.09 spacing from its centre), off water, and 15 m clear of the roads leaving the node.
// Sizes scale with street spacing (city 16-29 m, village 12-22 m); kinds and storeys follow the
// settlement's rank and the distance from its centre. Ids are stable: b:<column>:<row>:<p>:<q>.
import type { Position } from 'geojson';
import type { LonLatBounds, TileFeature } from '../../../../domain/terrain/types.ts';
import { hashLattice } from './hash-lattice.ts';
import { latticeEdgeLine } from './lattice-edge-line.ts';
import { localDistanceMeters } from './local-distance-meters.ts';
import { settlementNode, type SettlementNode } from './settlement-node.ts';
import { settlementNodesInBounds } from './settlement-nodes-in-bounds.ts';
import { streetGridPoint } from './street-grid-point.ts';
import { RIVER_WIDTH, syntheticRelief } from './synthetic-relief.ts';
import { METERS_PER_DEGREE } from './synthetic-world.ts';

const LOTS_PER_BLOCK = 4;
const ROAD_CLEARANCE_METERS = 15;
/** Largest settlement radius: the margin within which a settlement can have buildings in a box. */
const MAX_RADIUS_METERS = 1800;

/** Distance in metres from p to segment a-b, on the local plane at p. */
function distanceToSegment(p: Position, a: Position, b: Position): number {
  const kx = METERS_PER_DEGREE * Math.cos((p[1] * Math.PI) / 180);
  const ax = (a[0] - p[0]) * kx,
    ay = (a[1] - p[1]) * METERS_PER_DEGREE;
  const bx = (b[0] - p[0]) * kx,
    by = (b[1] - p[1]) * METERS_PER_DEGREE;
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** The first stretch of each road from the node to its four lattice neighbours. */
function arterials(node: SettlementNode): Position[][] {
  const lines: Position[][] = [];
  const neighbours: Array<[number, number, boolean, number]> = [
    [node.i + 1, node.j, true, 1],
    [node.i, node.j + 1, true, 2],
    [node.i - 1, node.j, false, 1],
    [node.i, node.j - 1, false, 2],
  ];
  for (const [i, j, outgoing, salt] of neighbours) {
    const other = settlementNode(i, j);
    if (!other?.onLand) continue;
    const line = outgoing ? latticeEdgeLine(node, other, salt) : latticeEdgeLine(other, node, salt).reverse();
    lines.push(line.slice(0, 2));
  }
  return lines;
}

function kindAndLevels(node: SettlementNode, f: number, h: number): { building: string; levels: number } {
  if (h < 0.05) return { building: 'industrial', levels: 1 };
  if (node.rank === 'city') {
    if (f < 0.3) return { building: h < 0.5 ? 'commercial' : 'apartments', levels: 3 + Math.floor(h * 6) };
    if (f < 0.7) return { building: h < 0.6 ? 'apartments' : 'residential', levels: 2 + Math.floor(h * 3) };
    return { building: 'house', levels: 1 + Math.floor(h * 2) };
  }
  if (node.rank === 'town')
    return f < 0.4
      ? { building: h < 0.4 ? 'commercial' : 'residential', levels: 2 + Math.floor(h * 2) }
      : { building: 'house', levels: 1 + Math.floor(h * 2) };
  return { building: h < 0.15 ? 'farm_auxiliary' : 'house', levels: 1 + Math.floor(h * 1.5) };
}

function settlementBuildings(node: SettlementNode): TileFeature[] {
  const reach = node.radiusMeters / node.streetSpacing; // in street spacings
  const lotsAcross = Math.ceil(reach * LOTS_PER_BLOCK);
  const roads = arterials(node);
  const features: TileFeature[] = [];
  for (let q = -lotsAcross; q < lotsAcross; q++) {
    for (let p = -lotsAcross; p < lotsAcross; p++) {
      const a = (p + 0.5) / LOTS_PER_BLOCK;
      const b = (q + 0.5) / LOTS_PER_BLOCK;
      const f = Math.hypot(a, b) / reach;
      if (f >= 1) continue;
      const salt = (p + 4096) * 8192 + (q + 4096);
      if (hashLattice(node.column, node.j, salt, 300) > 0.85 - 0.45 * f) continue;
      const centre = streetGridPoint(node, a, b);
      if (roads.some((line) => distanceToSegment(centre, line[0], line[1]) < ROAD_CLEARANCE_METERS)) continue;
      const relief = syntheticRelief(centre[0], centre[1]);
      if (relief.elevation <= 0 || relief.river < RIVER_WIDTH) continue;
      const halfW = 0.05 + 0.04 * hashLattice(node.column, node.j, salt, 301);
      const halfD = 0.05 + 0.04 * hashLattice(node.column, node.j, salt, 302);
      const ring = [
        [-halfW, -halfD],
        [halfW, -halfD],
        [halfW, halfD],
        [-halfW, halfD],
        [-halfW, -halfD],
      ].map(([da, db]) => streetGridPoint(node, a + da, b + db));
      const { building, levels } = kindAndLevels(node, f, hashLattice(node.column, node.j, salt, 303));
      features.push({
        type: 'Feature',
        id: `b:${node.column}:${node.j}:${p}:${q}`,
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: { building, levels, height: levels * 3 },
      });
    }
  }
  return features;
}

/** Every synthetic building of the settlements near `bounds` (unclipped; may extend beyond it). */
export function syntheticBuildings(bounds: LonLatBounds): TileFeature[] {
  return settlementNodesInBounds(bounds, MAX_RADIUS_METERS)
    .filter((node) => node.radiusMeters > 0)
    .flatMap(settlementBuildings)
    .filter((f) => {
      const [lon, lat] = (f.geometry as { coordinates: Position[][] }).coordinates[0][0];
      // a footprint is ~30 m: its first corner decides whether it is worth clipping
      return (
        localDistanceMeters(
          lon,
          lat,
          Math.min(Math.max(lon, bounds[0]), bounds[2]),
          Math.min(Math.max(lat, bounds[1]), bounds[3]),
        ) < 60
      );
    });
}

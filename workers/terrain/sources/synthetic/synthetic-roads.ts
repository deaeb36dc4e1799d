// The road network of the synthetic world, as whole (unclipped) LineStrings near a lon/lat box:
// - between settlement-lattice neighbours (east and north), gently curved: the class follows the
//   lattice row (east-west roads) or column (north-south roads): every 16th is a motorway, every
//   8th a trunk, every 4th primary, every 2nd secondary, the rest tertiary. The lattice is a grid,
//   so the network over land is connected; roads to nodes in the sea are left out (coasts can cut
//   off islands). A road whose bends touch water is marked as a bridge.
// - residential streets: a rotated square grid inside each settlement, through its node;
// - tracks: a dead-end track from 60 % of the land nodes.
// Every geometry is a function of lattice indices only, so a road is identical in every tile it
// crosses and the parts meet exactly at tile borders.
import type { Position } from 'geojson';
import type { LonLatBounds, TileFeature } from '../../../../domain/terrain/types.ts';
import type { RoadClass } from '../vector/road-class.ts';
import { hashLattice } from './hash-lattice.ts';
import { settlementNode, type SettlementNode } from './settlement-node.ts';
import { streetGridPoint } from './street-grid-point.ts';
import { latticeEdgeLine } from './lattice-edge-line.ts';
import { RIVER_WIDTH, syntheticRelief } from './synthetic-relief.ts';
import { METERS_PER_DEGREE, SETTLEMENT_CELL_DEGREES } from './synthetic-world.ts';

const LINE_CLASSES: RoadClass[] = ['tertiary', 'secondary', 'primary', 'trunk', 'motorway'];
const LANES: Partial<Record<RoadClass, number>> = {
  motorway: 4,
  trunk: 4,
  primary: 2,
  secondary: 2,
  tertiary: 2,
  residential: 2,
};

/** Class of lattice line `index`: 16 → motorway, 8 → trunk, 4 → primary, 2 → secondary, else tertiary. */
function lineClass(index: number): RoadClass {
  let level = 0;
  while (level < 4 && index % (2 << level) === 0) level++;
  return LINE_CLASSES[level];
}

function isWater(lon: number, lat: number): boolean {
  const relief = syntheticRelief(lon, lat);
  return relief.elevation <= 0 || relief.river < RIVER_WIDTH;
}

function roadFeature(
  id: string,
  cls: RoadClass,
  coordinates: Position[],
  surface: string,
  bridge: boolean,
): TileFeature {
  const properties: Record<string, unknown> = { class: cls, oneway: false, bridge, tunnel: false, surface };
  if (LANES[cls] !== undefined) properties.lanes = LANES[cls];
  return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties };
}

function latticeRoad(a: SettlementNode, b: SettlementNode, direction: 'e' | 'n'): TileFeature {
  const line = latticeEdgeLine(a, b, direction === 'e' ? 1 : 2);
  const cls = direction === 'e' ? lineClass(a.j) : lineClass(a.column);
  const surface =
    cls === 'tertiary' && hashLattice(a.column, a.j, direction === 'e' ? 1 : 2, 210) > 0.7 ? 'gravel' : 'asphalt';
  const bridge = line.slice(1, 4).some(([lon, lat]) => isWater(lon, lat));
  return roadFeature(`${direction}:${a.column}:${a.j}`, cls, line, surface, bridge);
}

function track(node: SettlementNode): TileFeature | null {
  if (hashLattice(node.column, node.j, 0, 220) >= 0.6) return null;
  const angle = hashLattice(node.column, node.j, 0, 221) * 2 * Math.PI;
  const length = 600 + 900 * hashLattice(node.column, node.j, 0, 222);
  const kx = METERS_PER_DEGREE * Math.cos((node.lat * Math.PI) / 180);
  const line: Position[] = [[node.lon, node.lat]];
  for (let k = 1; k <= 3; k++) {
    const wobble = k < 3 ? (hashLattice(node.column, node.j, k, 223) - 0.5) * 0.3 : 0;
    const along = (length * k) / 3;
    const east = along * Math.cos(angle + wobble);
    const north = along * Math.sin(angle + wobble);
    line.push([node.lon + east / kx, node.lat + north / METERS_PER_DEGREE]);
  }
  const surface = hashLattice(node.column, node.j, 0, 224) < 0.5 ? 'gravel' : 'ground';
  return roadFeature(`t:${node.column}:${node.j}`, 'track', line, surface, false);
}

function streets(node: SettlementNode): TileFeature[] {
  if (node.radiusMeters === 0) return [];
  const reach = node.radiusMeters / node.streetSpacing;
  const half = Math.floor(reach);
  const features: TileFeature[] = [];
  for (let k = -half; k <= half; k++) {
    const m = Math.floor(Math.sqrt(reach * reach - k * k));
    if (m < 1) continue;
    const along: Position[] = [];
    const across: Position[] = [];
    for (let a = -m; a <= m; a++) {
      along.push(streetGridPoint(node, a, k));
      across.push(streetGridPoint(node, k, a));
    }
    features.push(roadFeature(`s:${node.column}:${node.j}:a:${k}`, 'residential', along, 'asphalt', false));
    features.push(roadFeature(`s:${node.column}:${node.j}:b:${k}`, 'residential', across, 'asphalt', false));
  }
  return features;
}

function touches([w, s, e, n]: LonLatBounds, line: Position[]): boolean {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of line) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return maxX >= w && minX <= e && maxY >= s && minY <= n;
}

/** Every synthetic road whose bounding box meets `bounds`, unclipped, in a deterministic order. */
export function syntheticRoads(bounds: LonLatBounds): TileFeature[] {
  const cell = SETTLEMENT_CELL_DEGREES;
  // Roads reach at most one lattice cell (plus their bends) beyond their nodes: two cells of margin.
  const i0 = Math.floor((bounds[0] + 180) / cell) - 2,
    i1 = Math.floor((bounds[2] + 180) / cell) + 2;
  const j0 = Math.floor((bounds[1] + 90) / cell) - 2,
    j1 = Math.floor((bounds[3] + 90) / cell) + 2;
  const nodes = new Map<string, SettlementNode | null>();
  const node = (i: number, j: number) => {
    const key = `${i},${j}`;
    if (!nodes.has(key)) nodes.set(key, settlementNode(i, j));
    return nodes.get(key)!;
  };
  const features: TileFeature[] = [];
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const a = node(i, j);
      if (!a?.onLand) continue;
      const east = i < i1 ? node(i + 1, j) : null;
      const north = j < j1 ? node(i, j + 1) : null;
      if (east?.onLand) features.push(latticeRoad(a, east, 'e'));
      if (north?.onLand) features.push(latticeRoad(a, north, 'n'));
      const spur = track(a);
      if (spur) features.push(spur);
      features.push(...streets(a));
    }
  }
  return features.filter((f) => touches(bounds, (f.geometry as { coordinates: Position[] }).coordinates));
}

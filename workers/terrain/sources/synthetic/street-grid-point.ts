// Point (a, b) of a settlement's street grid: a·spacing east and b·spacing north of the node in
// the grid's rotated frame. Every street and building position is derived from this one function,
// so two streets crossing at (a, b) share the exact same coordinates (a junction), and point (0, 0)
// is the node itself, where the streets meet the roads between settlements.
import type { Position } from 'geojson';
import type { SettlementNode } from './settlement-node.ts';
import { METERS_PER_DEGREE } from './synthetic-world.ts';

export function streetGridPoint(node: SettlementNode, a: number, b: number): Position {
  const x = a * node.streetSpacing;
  const y = b * node.streetSpacing;
  const cos = Math.cos(node.streetAngle);
  const sin = Math.sin(node.streetAngle);
  const east = x * cos - y * sin;
  const north = x * sin + y * cos;
  return [
    node.lon + east / (METERS_PER_DEGREE * Math.cos((node.lat * Math.PI) / 180)),
    node.lat + north / METERS_PER_DEGREE,
  ];
}

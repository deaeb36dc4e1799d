// The area a war game needs terrain for: the box around every friendly axis, enemy position and
// route, obstacle and chokepoint, widened on every side by the longest direct-fire range in play
// (a unit at the edge can be seen and engaged from that far). [west, south, east, north]. Pure.
import type { WargameScenario } from './wargame-scenario.ts';
import { DEFAULT_WARGAME_TABLES } from './wargame-tables.ts';

/** On the mean earth sphere (6,371,008.8 m, as turf's distances the game uses). */
const METRES_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;

export function wargameArea(
  scenario: Pick<WargameScenario, 'friendly' | 'enemy' | 'obstacles' | 'chokepoints' | 'tables'>,
): [number, number, number, number] {
  const ranges = { ...DEFAULT_WARGAME_TABLES.weapon_range_m, ...scenario.tables?.weapon_range_m };
  const positions = [
    ...scenario.friendly.flatMap((u) => u.axis),
    ...scenario.enemy.flatMap((e) => [e.position, ...(e.route ?? [])]),
    ...scenario.obstacles.map((o) => o.position),
    ...scenario.chokepoints.map((c) => c.position),
  ];
  if (positions.length === 0) throw new RangeError('a war game needs at least one position');
  const margin = Math.max(0, ...[...scenario.friendly, ...scenario.enemy].map((u) => ranges[u.weapon_class]));
  const south = Math.min(...positions.map((p) => p[1]));
  const north = Math.max(...positions.map((p) => p[1]));
  const dLat = margin / METRES_PER_DEGREE_LAT;
  // Longitude degrees shrink with latitude: widen by the margin at the box's latitude farthest from the equator.
  const cos = Math.cos((Math.min(89, Math.max(Math.abs(south), Math.abs(north)) + dLat) * Math.PI) / 180);
  const dLon = margin / (METRES_PER_DEGREE_LAT * cos);
  return [
    Math.max(-180, Math.min(...positions.map((p) => p[0])) - dLon),
    Math.max(-85, south - dLat),
    Math.min(180, Math.max(...positions.map((p) => p[0])) + dLon),
    Math.min(85, north + dLat),
  ];
}

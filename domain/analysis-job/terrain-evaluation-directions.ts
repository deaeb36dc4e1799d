// Which ways a terrain evaluation looks: from the start to the objective when given, else along the
// area of operations' long axis both ways; with an enemy side, the enemy's avenues too. Pure.
import type { TerrainEvaluationParameters } from './analysis-parameters.ts';

export interface EvaluationDirection {
  /** friendly / enemy, or west_to_east … when only the AO is known. */
  name: string;
  start: Uint8Array;
  objective: Uint8Array;
}

/** Depth of the AO edge strips that stand for a start or objective, as a share of the axis (at least one cell). */
export const EDGE_STRIP_SHARE = 0.05;

type Side = 'north' | 'south' | 'east' | 'west';
const OPPOSITE: Record<Side, Side> = { north: 'south', south: 'north', east: 'west', west: 'east' };

/**
 * The directions of a terrain evaluation over a grid whose AO cells are `area` (non-zero), given
 * the start and objective masks (null when not requested):
 * - start and objective → 'friendly' (start → objective); with an enemy side, also 'enemy': from the
 *   AO's edge strip on that side to the start (the enemy's avenues into the friendly positions);
 * - neither, with an enemy side → 'friendly' from the opposite edge strip to the enemy's, 'enemy'
 *   the other way;
 * - neither, no enemy side → both ways along the AO's long axis (ground extent of its cells; east–west
 *   on a tie): 'west_to_east' and 'east_to_west', or 'south_to_north' and 'north_to_south'.
 * An edge strip is the AO cells within EDGE_STRIP_SHARE of the AO's extent from that edge.
 */
export function terrainEvaluationDirections(
  area: Uint8Array,
  width: number,
  height: number,
  start: Uint8Array | null,
  objective: Uint8Array | null,
  enemySide: TerrainEvaluationParameters['enemy_side'],
): EvaluationDirection[] {
  let c0 = width,
    c1 = -1,
    r0 = height,
    r1 = -1;
  for (let i = 0; i < area.length; i++) {
    if (area[i] === 0) continue;
    const col = i % width,
      row = (i - col) / width;
    c0 = Math.min(c0, col);
    c1 = Math.max(c1, col);
    r0 = Math.min(r0, row);
    r1 = Math.max(r1, row);
  }
  if (c1 < 0) throw new RangeError('the area of operations holds no cell of the grid');
  const strip = (side: Side) => {
    const depthCols = Math.max(1, Math.round((c1 - c0 + 1) * EDGE_STRIP_SHARE));
    const depthRows = Math.max(1, Math.round((r1 - r0 + 1) * EDGE_STRIP_SHARE));
    const m = new Uint8Array(area.length);
    for (let i = 0; i < area.length; i++) {
      if (area[i] === 0) continue;
      const col = i % width,
        row = (i - col) / width;
      const inside =
        side === 'west'
          ? col < c0 + depthCols
          : side === 'east'
            ? col > c1 - depthCols
            : side === 'north'
              ? row < r0 + depthRows
              : row > r1 - depthRows;
      if (inside) m[i] = 1;
    }
    return m;
  };
  if (start && objective) {
    const out: EvaluationDirection[] = [{ name: 'friendly', start, objective }];
    if (enemySide) out.push({ name: 'enemy', start: strip(enemySide), objective: start });
    return out;
  }
  if (enemySide) {
    const own = OPPOSITE[enemySide];
    return [
      { name: 'friendly', start: strip(own), objective: strip(enemySide) },
      { name: 'enemy', start: strip(enemySide), objective: strip(own) },
    ];
  }
  const eastWest = c1 - c0 >= r1 - r0;
  return eastWest
    ? [
        { name: 'west_to_east', start: strip('west'), objective: strip('east') },
        { name: 'east_to_west', start: strip('east'), objective: strip('west') },
      ]
    : [
        { name: 'south_to_north', start: strip('south'), objective: strip('north') },
        { name: 'north_to_south', start: strip('north'), objective: strip('south') },
      ];
}

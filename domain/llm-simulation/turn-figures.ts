// Which terrain figures ground which wargame turn, by method (ATP 5-0.2-1 paras 2-171 to 2-176):
// belt — the area is cut into belts, one per turn, so the figures are spread over the turns in
// order (figure i goes to turn i mod n + 1); avenue in depth — one avenue fought from front to
// depth, so every turn cites the routes (the avenue) and the other figures are spread; box — one
// critical area, so every turn cites every figure. Terrain summaries (the whole area) come first in
// every turn, whatever the method. At most MAX_FIGURES_PER_TURN each. Pure.
import type { WargameMethod } from './llm-simulation-events.ts';
import type { TerrainFigure } from './terrain-figure.ts';

export const MAX_FIGURES_PER_TURN = 6;

const spread = (figures: TerrainFigure[], turn: number, turns: number) =>
  figures.filter((_, i) => i % turns === turn - 1);

export function figuresForTurn(
  figures: readonly TerrainFigure[],
  method: WargameMethod,
  turn: number,
  turns: number,
): TerrainFigure[] {
  const area = figures.filter((f) => f.type === 'terrain_summary');
  const all = figures.filter((f) => f.type !== 'terrain_summary');
  let chosen: TerrainFigure[];
  switch (method) {
    case 'box':
      chosen = all;
      break;
    case 'belt':
      chosen = spread(all, turn, turns);
      break;
    case 'avenue_in_depth': {
      const routes = all.filter((f) => f.type === 'route');
      chosen = [
        ...routes,
        ...spread(
          all.filter((f) => f.type !== 'route'),
          turn,
          turns,
        ),
      ];
      break;
    }
  }
  return [...area, ...chosen].slice(0, MAX_FIGURES_PER_TURN);
}

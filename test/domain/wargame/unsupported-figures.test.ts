// The narration guard: a retelling that cites only the turn's own figures passes; a changed loss, an
// invented grid or a shifted time is caught.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adjudicateWargame } from '../../../domain/wargame/adjudicate-wargame.ts';
import { unsupportedFigures } from '../../../domain/wargame/unsupported-figures.ts';
import { scenario } from './ridge-two-passes.ts';

const turn = adjudicateWargame(scenario('east', 7)).turns[0]!;

test('unsupportedFigures: the record’s own figures pass; a changed, invented or shifted figure is returned', () => {
  const halt = turn.actions[0]!; // "TM A halts at Minefield EAST GATE (minefield) at <MGRS>: breach 30 min (table 30–60 min)."
  const grid = halt.match(/at (\w+):/)![1]!;
  const loss = turn.losses.find((l) => l.id === 'b')!.combat_power_lost;
  const faithful =
    `At ${turn.end_time.slice(11, 16)}Z TM A was still clearing the minefield at ${grid} after a 30-minute breach; ` +
    `B Co lost ${loss} of its combat power.`;
  assert.equal(unsupportedFigures(turn, faithful), []);
  assert.equal(unsupportedFigures(turn, faithful.replace(String(loss), '0.05')), ['0.05']);
  assert.equal(unsupportedFigures(turn, faithful.replace(grid, '32UNA1234567890')), ['32UNA1234567890']);
  assert.equal(unsupportedFigures(turn, faithful.replace(turn.end_time.slice(11, 16), '05:59')), ['05:59']);
  assert.equal(unsupportedFigures(turn, 'The enemy brought 7 more tanks and 12 rifles.'), ['7', '12']);
});

test.run();

// The war game and the comparison in Markdown: every turn and warfighting function a row or column,
// the cells the game's own figures, the recommendation and its risks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adjudicateWargame } from '../../../domain/wargame/adjudicate-wargame.ts';
import { compareCoas } from '../../../domain/wargame/compare-coas.ts';
import { coaComparisonMarkdown, wargameMarkdown } from '../../../domain/wargame/wargame-markdown.ts';
import { evaluationCriteria } from '../../../domain/llm-simulation/evaluation-criteria.ts';
import { scenario } from './ridge-two-passes.ts';

const west = adjudicateWargame(scenario('west', 7));
const east = adjudicateWargame(scenario('east', 7));

test('wargameMarkdown: the turn record, the synchronisation matrix by warfighting function, the decision points', () => {
  const text = wargameMarkdown(east);
  assert.ok(text.startsWith('## War game: COA 2 (east pass) (belt method, seed 7)'));
  const rows = text.split('\n');
  assert.is(rows.filter((r) => /^\| \d+ Belt/.test(r)).length, east.turns.length);
  for (const name of [
    'Movement and maneuver',
    'Intelligence',
    'Fires',
    'Sustainment',
    'Protection',
    'Command and control',
  ]) {
    const row = rows.find((r) => r.startsWith(`| ${name} |`))!;
    assert.is(row.split(' | ').length, east.turns.length + 1, name);
  }
  assert.ok(text.includes(`- DP 1 (${east.decision_points[0]!.time}): TM A (main effort) held at Minefield EAST GATE`));
  assert.ok(wargameMarkdown(west).includes('None reached.'));
});

test('coaComparisonMarkdown: raw value, rank × weight per cell, totals, recommendation and risks', () => {
  const comparison = compareCoas([west, east], evaluationCriteria(null));
  const text = coaComparisonMarkdown(comparison);
  const tempo = text.split('\n').find((r) => r.startsWith('| Tempo (1) |'))!;
  assert.ok(tempo.includes(`H+${west.objective_seized_minute} min`), tempo);
  assert.ok(tempo.includes('rank 1 of 2 × weight 1 = 1'));
  const total = comparison.totals.map((t) => `${t.unweighted} / ${t.weighted}`).join(' | ');
  assert.ok(text.includes(`| Total (unweighted / weighted) | | ${total} |`));
  assert.ok(text.includes('**Recommendation: COA 1 (west pass).**'));
  assert.ok(text.includes('- Force ratio at the decisive point 2.5:1 is below the 3:1 minimum'));
});

test.run();

// The adjudicated war game and the COA comparison in Markdown, for the record's summary, the viewer
// and the orders' export: the turn record (time, positions, action, reaction, counteraction, losses,
// decision point), the synchronisation matrix by warfighting function per turn, and the decision
// matrix with raw values, ranks × weights, totals, the recommendation and the remaining risks.
// Every cell is a figure of the game; nothing is written here. Pure.
import { cell } from '../llm-simulation/synchronisation-summary.ts';
import type { CoaComparison } from './compare-coas.ts';
import { WARFIGHTING_FUNCTIONS, type WargameResult } from './wargame-result.ts';

const WFF_NAMES = {
  movement_and_maneuver: 'Movement and maneuver',
  intelligence: 'Intelligence',
  fires: 'Fires',
  sustainment: 'Sustainment',
  protection: 'Protection',
  command_and_control: 'Command and control',
} as const;

const joined = (lines: readonly string[]) => cell(lines.length ? lines.join('; ') : null);

export function wargameMarkdown(game: WargameResult): string {
  const lines = [
    `## War game: ${game.coa} (${game.method.replaceAll('_', ' ')} method, seed ${game.seed})`,
    '',
    `H-hour ${game.h_hour}; main effort ${game.main_effort.name} on ${game.main_effort.objective}` +
      (game.objective_nlt ? ` NLT ${game.objective_nlt}` : '') +
      `; objective seized ${game.objective_seized_time ?? 'not within the game'}; ended at H+${game.end_minute} min (${game.end_reason}).`,
    '',
    '| Turn | Time | Positions (MGRS, combat power) | Actions | Reactions | Counteractions | Losses | Decision point |',
    '|---|---|---|---|---|---|---|---|',
    ...game.turns.map(
      (t) =>
        `| ${t.turn} ${cell(t.label)} | ${t.start_time}–${t.end_time} | ` +
        `${joined(t.positions.map((p) => `${p.name} ${p.mgrs ?? '—'} ${p.combat_power}`))} | ${joined(t.actions)} | ` +
        `${joined(t.reactions)} | ${joined(t.counteractions)} | ` +
        `${joined(t.losses.map((l) => `${l.name} −${l.combat_power_lost}`))} | ` +
        `${joined(t.decision_points.map((d) => `DP ${d.number}: ${d.decision.replaceAll('_', ' ')}`))} |`,
    ),
    '',
    '### Synchronisation matrix',
    '',
    `| Warfighting function | ${game.turns.map((t) => `Turn ${t.turn}`).join(' | ')} |`,
    `|---|${game.turns.map(() => '---|').join('')}`,
    ...WARFIGHTING_FUNCTIONS.map(
      (f) => `| ${WFF_NAMES[f]} | ${game.turns.map((t) => joined(t.synchronisation[f])).join(' | ')} |`,
    ),
    '',
    '### Decision points',
    '',
    ...(game.decision_points.length
      ? game.decision_points.map(
          (d) => `- DP ${d.number} (${d.time}): ${d.text} Decision: ${d.decision.replaceAll('_', ' ')}. ${d.outcome}`,
        )
      : ['None reached.']),
  ];
  if (game.missing.length) lines.push('', '### Missing inputs', '', ...game.missing.map((m) => `- ${m}`));
  return lines.join('\n');
}

export function coaComparisonMarkdown(comparison: CoaComparison): string {
  const lines = [
    '## COA comparison (decision matrix)',
    '',
    `Technique: ${comparison.technique}. Criteria: ${comparison.criteria_source === 'mission_analysis' ? "the mission analysis's" : 'FM 5-0 defaults'}.`,
    '',
    `| Criterion (weight) | Measure | ${comparison.coas.map(cell).join(' | ')} |`,
    `|---|---|${comparison.coas.map(() => '---|').join('')}`,
    ...comparison.rows.map(
      (r) =>
        `| ${cell(r.criterion)} (${r.weight}) | ${cell(`${r.measure_formula}; ${r.better} is better`)} | ` +
        r.cells.map((c) => cell(`${c.raw_text} → ${c.formula}`)).join(' | ') +
        ' |',
    ),
    `| Total (unweighted / weighted) | | ${comparison.totals.map((t) => `${t.unweighted} / ${t.weighted}`).join(' | ')} |`,
    '',
  ];
  if (comparison.recommendation) {
    lines.push(
      `**Recommendation: ${comparison.recommendation.coa}.**`,
      '',
      ...comparison.recommendation.reasons.map((r) => `- ${r}`),
      '',
      'Risks that remain:',
      '',
      ...(comparison.recommendation.risks.length
        ? comparison.recommendation.risks.map((r) => `- ${r}`)
        : ['- None found by the game.']),
    );
  } else {
    lines.push('No recommendation: no criterion could be scored from the war games.');
  }
  if (comparison.not_computable.length) {
    lines.push('', 'Not scored from the war game:', '', ...comparison.not_computable.map((m) => `- ${m}`));
  }
  return lines.join('\n');
}

// The wargame's summary in Markdown: the synchronisation matrix in brief (ATP 5-0.2-1, COA
// analysis: per turn and time, the friendly action, the enemy reaction, the counteraction and the
// decision point), the decision points, the assessment with the criteria's source, and what makes
// the run reproducible (seed, model, prompts, job). Cells are one line of at most 200 characters.
// Pure.
import type { CriteriaSource } from './evaluation-criteria.ts';
import type { WargameMethod } from './llm-simulation-events.ts';

export const MAX_SUMMARY = 20_000;
const CELL = 200;

export interface SummaryInput {
  method: WargameMethod;
  enemy_coa: string | null;
  turns: Array<{
    turn: number;
    critical_event: string;
    time: string | null;
    action: string;
    reaction: string;
    counteraction: string;
    decision_point: string | null;
  }>;
  assessments: Array<{ criterion: string; score: number | null; rationale: string | null }>;
  criteria_source: CriteriaSource;
  rule_based: boolean;
  seed: number;
  model: string;
  prompt_version: string;
  job_id: string;
}

const METHOD_NAMES: Record<WargameMethod, string> = { belt: 'belt', avenue_in_depth: 'avenue in depth', box: 'box' };
const CRITERIA_SOURCES: Record<CriteriaSource, string> = {
  mission_analysis: "the mission analysis's COA evaluation criteria",
  fm_5_0_defaults: 'FM 5-0 defaults (the mission analysis has no COA evaluation criteria)',
};

export function cell(text: string | null): string {
  if (text === null || text.trim() === '') return '—';
  const flat = text.replace(/\s+/g, ' ').trim().replaceAll('|', '\\|');
  return flat.length > CELL ? `${flat.slice(0, CELL - 1)}…` : flat;
}

export function synchronisationSummary(s: SummaryInput): string {
  const lines: string[] = [];
  if (s.rule_based) lines.push('*Rule-based wargame (no language model): review and complete.*', '');
  lines.push(
    `## Synchronisation matrix (${METHOD_NAMES[s.method]} method)`,
    '',
    `Enemy COA: ${cell(s.enemy_coa)}`,
    '',
    '| Turn | Time | Critical event | Friendly action | Enemy reaction | Friendly counteraction | Decision point |',
    '|---|---|---|---|---|---|---|',
    ...s.turns.map(
      (t) =>
        `| ${t.turn} | ${cell(t.time)} | ${cell(t.critical_event)} | ${cell(t.action)} | ` +
        `${cell(t.reaction)} | ${cell(t.counteraction)} | ${cell(t.decision_point)} |`,
    ),
    '',
    '## Decision points',
    '',
  );
  const points = s.turns.filter((t) => t.decision_point && t.decision_point.trim() !== '');
  if (points.length === 0) lines.push('None identified.');
  for (const t of points) {
    lines.push(`- Turn ${t.turn}${t.time ? ` (${cell(t.time)})` : ''}: ${cell(t.decision_point)}`);
  }
  lines.push(
    '',
    '## Assessment',
    '',
    `Criteria: ${CRITERIA_SOURCES[s.criteria_source]}.`,
    '',
    '| Criterion | Score | Rationale |',
    '|---|---|---|',
    ...s.assessments.map(
      (a) => `| ${cell(a.criterion)} | ${a.score === null ? '—' : a.score} | ${cell(a.rationale)} |`,
    ),
    '',
    `Reproduce: seed ${s.seed}, model ${s.model}, prompts ${s.prompt_version}, generation job ${s.job_id}.`,
  );
  const summary = lines.join('\n');
  return summary.length > MAX_SUMMARY ? `${summary.slice(0, MAX_SUMMARY - 1)}…` : summary;
}

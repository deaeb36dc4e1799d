// The COA comparison (decision) matrix across adjudicated war games (ATP 5-0.2-1 paras 2-220, 2-221;
// FM 6-0 Table 9-7): per evaluation criterion a raw value computed from each game with its formula,
// the COAs ranked 1..n (1 best; tied COAs share the mean of their ranks), each rank multiplied by the
// criterion's weight; the lowest weighted total is recommended (ties: lower unweighted total, then
// the order given). A criterion is scored by the first war-game measure its name, else its unit of
// measure, else its definition names (table below); a criterion no measure fits is listed as not
// computable and left out of the totals, never guessed. Pure.
import type { CriteriaSource, EvaluationCriterion } from '../llm-simulation/evaluation-criteria.ts';
import type { WargameResult } from './wargame-result.ts';

export type WargameMeasure = 'tempo' | 'mass' | 'security' | 'simplicity' | 'maneuver' | 'exposure';

interface MeasureDefinition {
  keywords: readonly string[];
  better: 'lower' | 'higher';
  formula: string;
  value(r: WargameResult): { raw: number | null; text: string };
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The measures in matching order: the first with a keyword starting a word of a criterion's text scores it. */
export const WARGAME_MEASURES: Readonly<Record<WargameMeasure, MeasureDefinition>> = {
  tempo: {
    keywords: ['tempo', 'speed', 'duration', 'time', 'minute', 'hour'],
    better: 'lower',
    formula: "minutes from H-hour until the main effort's objective is seized (no unbroken enemy within 500 m)",
    value: (r) =>
      r.objective_seized_minute === null
        ? { raw: null, text: `not seized within ${r.end_minute} min` }
        : { raw: r.objective_seized_minute, text: `H+${r.objective_seized_minute} min (${r.objective_seized_time})` },
  },
  mass: {
    keywords: ['mass', 'ratio', 'concentrat', 'decisive point'],
    better: 'higher',
    formula:
      'friendly combat power in contact ÷ enemy combat power where the main effort first engages the enemy on its objective',
    value: (r) =>
      r.decisive_point.ratio === null
        ? { raw: null, text: 'main effort never engaged the enemy on its objective' }
        : {
            raw: r.decisive_point.ratio,
            text: `${r.decisive_point.friendly_power} ÷ ${r.decisive_point.enemy_power} = ${r.decisive_point.ratio}:1 (minimum ${r.decisive_point.required}:1)`,
          },
  },
  security: {
    keywords: ['security', 'risk', 'loss', 'casualt', 'surviv', 'protect'],
    better: 'lower',
    formula: 'friendly combat power lost ÷ friendly combat power committed × 100',
    value: (r) => {
      const raw = round((100 * r.totals.friendly_power_lost) / r.totals.friendly_power_initial, 1);
      return { raw, text: `${r.totals.friendly_power_lost} ÷ ${r.totals.friendly_power_initial} × 100 = ${raw} %` };
    },
  },
  simplicity: {
    keywords: ['simplic', 'decision', 'complex'],
    better: 'lower',
    formula: 'decision points reached + shifts of the main effort',
    value: (r) => {
      const raw = r.decision_points.length + r.totals.main_effort_shifts;
      return { raw, text: `${r.decision_points.length} + ${r.totals.main_effort_shifts} = ${raw}` };
    },
  },
  maneuver: {
    keywords: ['maneuver', 'manoeuvre', 'exchange', 'disadvantage'],
    better: 'higher',
    formula: 'enemy combat power destroyed ÷ friendly combat power lost (loss-exchange ratio)',
    value: (r) => {
      const { enemy_power_lost: enemy, friendly_power_lost: friendly } = r.totals;
      if (friendly === 0) return { raw: Number.POSITIVE_INFINITY, text: `${enemy} ÷ 0: no friendly loss` };
      const raw = round(enemy / friendly);
      return { raw, text: `${enemy} ÷ ${friendly} = ${raw}` };
    },
  },
  exposure: {
    keywords: ['exposure', 'observ', 'conceal', 'cover'],
    better: 'lower',
    formula: 'unit-minutes friendly units spent in line of sight and weapon range of an enemy position',
    value: (r) => ({ raw: r.totals.exposure_minutes, text: `${r.totals.exposure_minutes} unit-min` }),
  },
};

const MEASURE_ORDER = Object.keys(WARGAME_MEASURES) as WargameMeasure[];

/** The measure a criterion's text names: its name first, then its unit of measure, then its definition. */
export function measureOf(criterion: EvaluationCriterion): WargameMeasure | null {
  for (const text of [criterion.name, criterion.unit_of_measure, criterion.definition]) {
    const lower = (text ?? '').toLowerCase();
    // Keywords match at a word's start ("ratio" in "force ratio", not in "considerations").
    const found = MEASURE_ORDER.find((m) =>
      WARGAME_MEASURES[m].keywords.some((k) => new RegExp(`(^|[^a-z])${k}`).test(lower)),
    );
    if (found) return found;
  }
  return null;
}

export interface ComparisonCell {
  coa: string;
  raw: number | null;
  raw_text: string;
  rank: number;
  weighted: number;
  /** e.g. "rank 1 of 2 × weight 2 = 2". */
  formula: string;
}

export interface ComparisonRow {
  criterion: string;
  definition: string | null;
  benchmark: string | null;
  measure: WargameMeasure;
  measure_formula: string;
  better: 'lower' | 'higher';
  weight: number;
  weight_source: 'criterion' | 'default 1 (the criterion has no weight)';
  cells: ComparisonCell[];
}

export interface CoaComparison {
  criteria_source: CriteriaSource;
  technique: string;
  coas: string[];
  rows: ComparisonRow[];
  totals: Array<{ coa: string; unweighted: number; weighted: number }>;
  recommendation: { coa: string; reasons: string[]; risks: string[] } | null;
  /** Criteria no war-game measure fits, one line each, left out of the totals. */
  not_computable: string[];
}

/** Ranks 1..n (1 best), tied values sharing the mean of their positions; null (not achieved) ranks last. */
function ranks(values: Array<number | null>, better: 'lower' | 'higher'): number[] {
  const key = (v: number | null) =>
    v === null ? Number.POSITIVE_INFINITY : better === 'lower' ? v : v === Number.POSITIVE_INFINITY ? -Infinity : -v;
  const order = values.map((v, i) => ({ k: key(v), i })).sort((a, b) => a.k - b.k || a.i - b.i);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.k === order[start]!.k) end++;
    const mean = (start + end) / 2 + 1;
    for (let j = start; j <= end; j++) result[order[j]!.i] = mean;
    start = end + 1;
  }
  return result;
}

export function compareCoas(
  games: readonly WargameResult[],
  criteria: { source: CriteriaSource; criteria: readonly EvaluationCriterion[] },
): CoaComparison {
  const coas = games.map((g) => g.coa);
  if (new Set(coas).size !== coas.length) throw new RangeError('each war game must be of a different COA');
  const rows: ComparisonRow[] = [];
  const notComputable: string[] = [];
  for (const criterion of criteria.criteria) {
    const measure = measureOf(criterion);
    if (measure === null) {
      notComputable.push(`${criterion.name}: no war-game measure fits it (scored by the staff, not here).`);
      continue;
    }
    const definition = WARGAME_MEASURES[measure];
    const values = games.map((g) => definition.value(g));
    const rank = ranks(
      values.map((v) => v.raw),
      definition.better,
    );
    const weight = criterion.weight ?? 1;
    rows.push({
      criterion: criterion.name,
      definition: criterion.definition,
      benchmark: criterion.benchmark,
      measure,
      measure_formula: definition.formula,
      better: definition.better,
      weight,
      weight_source: criterion.weight === null ? 'default 1 (the criterion has no weight)' : 'criterion',
      cells: games.map((g, i) => ({
        coa: g.coa,
        raw: values[i]!.raw === Number.POSITIVE_INFINITY ? null : values[i]!.raw,
        raw_text: values[i]!.text,
        rank: rank[i]!,
        weighted: round(rank[i]! * weight),
        formula: `rank ${rank[i]} of ${games.length} × weight ${weight} = ${round(rank[i]! * weight)}`,
      })),
    });
  }
  const totals = games.map((g, i) => ({
    coa: g.coa,
    unweighted: round(rows.reduce((sum, r) => sum + r.cells[i]!.rank, 0)),
    weighted: round(rows.reduce((sum, r) => sum + r.cells[i]!.weighted, 0)),
  }));
  let recommendation: CoaComparison['recommendation'] = null;
  if (games.length > 0 && rows.length > 0) {
    const best = totals
      .map((t, i) => ({ ...t, i }))
      .sort((a, b) => a.weighted - b.weighted || a.unweighted - b.unweighted || a.i - b.i)[0]!;
    const game = games[best.i]!;
    const reasons = [
      `Lowest weighted total ${best.weighted} (${totals.map((t) => `${t.coa} ${t.weighted}`).join(', ')}).`,
      ...rows
        .filter((r) => r.cells[best.i]!.rank === Math.min(...r.cells.map((c) => c.rank)))
        .map(
          (r) =>
            `${r.criterion}: ${r.cells[best.i]!.raw_text}` +
            (games.length > 1
              ? ` against ${r.cells
                  .filter((_, j) => j !== best.i)
                  .map((c) => `${c.coa} ${c.raw_text}`)
                  .join('; ')}.`
              : '.'),
        ),
    ];
    recommendation = { coa: game.coa, reasons, risks: risksOf(game) };
  }
  return {
    criteria_source: criteria.source,
    technique:
      'FM 6-0 Table 9-7: COAs ranked 1..n per criterion (1 best, ties share the mean rank), rank × weight, lowest weighted total preferred; the commander may overrule',
    coas,
    rows,
    totals,
    recommendation,
    not_computable: notComputable,
  };
}

/** The risks the recommended COA's game leaves, one line each, from its figures. */
function risksOf(game: WargameResult): string[] {
  const risks: string[] = [];
  const nlt = game.objective_nlt === null ? null : (Date.parse(game.objective_nlt) - Date.parse(game.h_hour)) / 60_000;
  if (game.objective_seized_minute === null) {
    risks.push(`${game.main_effort.objective} was not seized within the game (${game.end_minute} min).`);
  } else if (nlt !== null && game.objective_seized_minute > nlt) {
    risks.push(
      `${game.main_effort.objective} seized at ${game.objective_seized_time}, ${Math.ceil(game.objective_seized_minute - nlt)} min after the order's NLT ${new Date(game.objective_nlt!).toISOString().slice(0, 16)}Z.`,
    );
  }
  const d = game.decisive_point;
  if (d.ratio !== null && d.required !== null && d.ratio < d.required) {
    risks.push(
      `Force ratio at the decisive point ${d.ratio}:1 is below the ${d.required}:1 minimum (${d.required_source}).`,
    );
  }
  for (const p of game.decision_points) risks.push(`DP ${p.number} at ${p.time}: ${p.text} ${p.outcome}`);
  for (const u of game.final_positions) {
    if (u.side === 'friendly' && u.combat_power_fraction < 1) {
      risks.push(`${u.name} ends at ${round(100 * u.combat_power_fraction, 1)} % combat power.`);
    }
  }
  for (const line of game.missing) risks.push(`Not assessed: ${line}`);
  return risks;
}

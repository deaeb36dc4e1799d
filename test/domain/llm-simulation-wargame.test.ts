// The pure parts of a generated wargame (domain/llm-simulation): the figures each analysis gives,
// which turn cites which figures by method, the evaluation criteria (the staff's or FM 5-0
// defaults), the derived seed, the rule-based turn and assessment, the model output schemas, the
// prompts, and the synchronisation summary — on exact values.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analysisFigure } from '../../domain/llm-simulation/analysis-figure.ts';
import { terrainSummaryFigure } from '../../domain/llm-simulation/terrain-summary-figure.ts';
import { figuresForTurn, MAX_FIGURES_PER_TURN } from '../../domain/llm-simulation/turn-figures.ts';
import { DEFAULT_EVALUATION_CRITERIA, evaluationCriteria } from '../../domain/llm-simulation/evaluation-criteria.ts';
import { defaultSeed } from '../../domain/llm-simulation/default-seed.ts';
import { draftTurnByRules } from '../../domain/llm-simulation/rule-based-turn.ts';
import { assessByRules } from '../../domain/llm-simulation/rule-based-assessment.ts';
import {
  cell,
  synchronisationSummary,
  type SummaryInput,
} from '../../domain/llm-simulation/synchronisation-summary.ts';
import {
  assessmentDraftSchema,
  turnDraftSchema,
  turnFieldLimit,
} from '../../domain/llm-simulation/wargame-draft-schemas.ts';
import type { SimulationGrounding } from '../../domain/llm-simulation/simulation-grounding.ts';
import type { TerrainFigure } from '../../domain/llm-simulation/terrain-figure.ts';
import { llmSimulationTurnPromptV1 } from '../../domain/generation/prompts/llm-simulation-turn.v1.ts';
import { llmSimulationAssessmentPromptV1 } from '../../domain/generation/prompts/llm-simulation-assessment.v1.ts';
import { outputSchemaErrors } from '../../infra/language-model/output-validator.ts';

const ID = '1f0e2d3c-4b5a-4697-8877-665544332211';
const figure = (type: TerrainFigure['type'], text: string): TerrainFigure => ({ source_id: ID, type, text });

test('analysisFigure: the numbers of each analysis type, rounded for reading', () => {
  const text = (analysis_type: any, result: Record<string, unknown>) =>
    analysisFigure({ analysis_id: ID, analysis_type, title: 'T', result }).text;
  assert.is(
    text('route', {
      found: true,
      movement: 'tracked',
      length_m: 12345.67,
      seconds: 1234.5,
      ascent_m: 87.5,
      share_by_class: { road: 0.41234, go: 0.5, slow_go: 0.08766 },
    }),
    'Route "T" (tracked): 12.3 km in 21 min; road 41.2%, go 50.0%, slow-go 8.8%; ascent 88 m',
  );
  assert.is(
    text('route', { found: false, movement: 'wheeled', reason: 'unreachable' }),
    'Route "T" (wheeled): no route found (unreachable)',
  );
  assert.is(
    text('line_of_sight', { visible: false, ground_distance_m: 934.6 }),
    'Line of sight "T": target not visible over 935 m',
  );
  assert.is(
    text('viewshed', {
      observer: { mgrs: '35VLG8000066000' },
      visible_share: 0.234567,
      radius_m: 1000,
      visible_area_km2: 0.7371,
    }),
    'Viewshed "T" from 35VLG8000066000: 23.5% visible within 1 km (0.737 km²)',
  );
  assert.is(
    text('landing_zones', { aircraft_size: 2, suitable: 3, candidates: 5 }),
    'Landing zones "T" (size 2): 3 suitable of 5 candidates',
  );
  assert.is(
    text('rf_coverage', {
      emitter: { name: 'RTO', frequency_mhz: 50 },
      radius_m: 5000,
      statistics: { covered_share: 0.5, max_range_m: 4321.4 },
    }),
    'RF coverage "T" (RTO, 50 MHz): 50.0% covered within 5 km, farthest reception 4.3 km',
  );
});

test('terrainSummaryFigure: area, elevation range, mobility per movement class, roads', () => {
  const shares = (go: number, slow: number) => ({ go, slow_go: slow, no_go: 1 - go - slow, nodata: 0 });
  const summary = {
    terrain_job_id: ID,
    version: 'summary-v1:abc',
    area_km2: 8.4567,
    elevation_m: { min: 11.6, max: 74.4, mean: 40 },
    slope_degrees_shares: {},
    land_cover_shares: {},
    mobility_shares: { foot: shares(0.9, 0.05), wheeled: shares(0.5, 0.25), tracked: shares(0.6, 0.3) },
    road_length_m: { total: 12_345, by_class: {} },
    population_total: null,
    building_count: null,
  };
  assert.equal(terrainSummaryFigure('AO map', summary), {
    source_id: ID,
    type: 'terrain_summary',
    text:
      'Terrain of map "AO map": 8.46 km², elevation 12–74 m; mobility foot go 90.0% / slow-go 5.0% / no-go 5.0%; ' +
      'wheeled go 50.0% / slow-go 25.0% / no-go 25.0%; tracked go 60.0% / slow-go 30.0% / no-go 10.0%; roads 12.3 km',
  });
  assert.is(
    terrainSummaryFigure('M', { ...summary, elevation_m: null, mobility_shares: { foot: shares(1, 0) } }).text,
    'Terrain of map "M": 8.46 km²; mobility foot go 100.0% / slow-go 0.0% / no-go 0.0%; roads 12.3 km',
  );
});

test('figuresForTurn: belt spreads, avenue in depth keeps the routes in every turn, box keeps all', () => {
  const f = [
    figure('route', 'r1'),
    figure('viewshed', 'v'),
    figure('line_of_sight', 'l'),
    figure('route', 'r2'),
    figure('rf_coverage', 'rf'),
  ];
  const texts = (method: any, turn: number, turns: number) => figuresForTurn(f, method, turn, turns).map((x) => x.text);
  assert.equal(
    [1, 2].map((t) => texts('belt', t, 2)),
    [
      ['r1', 'l', 'rf'],
      ['v', 'r2'],
    ],
  );
  assert.equal(
    [1, 2, 3].map((t) => texts('belt', t, 3)),
    [['r1', 'r2'], ['v', 'rf'], ['l']],
  );
  assert.equal(
    [1, 2].map((t) => texts('avenue_in_depth', t, 2)),
    [
      ['r1', 'r2', 'v', 'rf'],
      ['r1', 'r2', 'l'],
    ],
  );
  assert.equal(texts('box', 2, 4), ['r1', 'v', 'l', 'r2', 'rf']);
  assert.equal(texts('belt', 7, 7), []);
  // A terrain summary (the whole area) comes first in every turn, whatever the method.
  const withArea = [figure('terrain_summary', 'ts'), ...f];
  assert.equal(
    [1, 2].map((t) => figuresForTurn(withArea, 'belt', t, 2).map((x) => x.text)),
    [
      ['ts', 'r1', 'l', 'rf'],
      ['ts', 'v', 'r2'],
    ],
  );
  assert.equal(
    figuresForTurn(withArea, 'avenue_in_depth', 2, 2).map((x) => x.text),
    ['ts', 'r1', 'r2', 'l'],
  );
  const many = Array.from({ length: 9 }, (_, i) => figure('viewshed', `v${i}`));
  assert.is(figuresForTurn(many, 'box', 1, 1).length, MAX_FIGURES_PER_TURN);
});

test("evaluationCriteria: the staff's items when there are any, else the FM 5-0 defaults", () => {
  assert.equal(evaluationCriteria(null), { source: 'fm_5_0_defaults', criteria: [...DEFAULT_EVALUATION_CRITERIA] });
  assert.equal(evaluationCriteria([]).source, 'fm_5_0_defaults');
  assert.equal(
    DEFAULT_EVALUATION_CRITERIA.map((c) => [c.name, c.weight]),
    [
      ['Simplicity', 1],
      ['Mass', 1],
      ['Maneuver', 1],
      ['Tempo', 1],
      ['Security', 1],
    ],
  );
  assert.equal(evaluationCriteria([{ text: 'Speed', benchmark: '< 30 min', weight: 2 }, { text: 'Risk' }]), {
    source: 'mission_analysis',
    criteria: [
      { name: 'Speed', definition: null, unit_of_measure: null, benchmark: '< 30 min', weight: 2 },
      { name: 'Risk', definition: null, unit_of_measure: null, benchmark: null, weight: null },
    ],
  });
});

test('defaultSeed: from the statement and the method, whatever the id case; a 31-bit integer', () => {
  assert.is(defaultSeed(ID, 'belt'), 1764660397);
  assert.is(defaultSeed(ID.toUpperCase(), 'belt'), 1764660397);
  assert.ok(defaultSeed(ID, 'box') !== defaultSeed(ID, 'belt'));
});

const grounding: SimulationGrounding = {
  operation: { name: 'IRON GATE', unit: '2-7 IN', echelon: 'battalion', branch: 'infantry', description: null },
  coa: {
    name: 'COA 1',
    description: 'Envelop from the north. Main effort TF 1.',
    sections: [
      { title: 'Shaping', content: 'TF 2 fixes the enemy at PL RED!  Then it screens.', field: 'shaping_operations' },
      { title: 'DP 1', content: null, field: 'decision_points' },
    ],
  },
  method: 'belt',
  enemy_coa: 'Defends PL RED. Counterattacks.',
  enemy_source: 'request',
  turns: 3,
  seed: 5,
  figures: [figure('route', 'Route "A" (foot): 1 m in 0.0 min')],
  criteria: evaluationCriteria(null).criteria,
  criteria_source: 'fm_5_0_defaults',
  documents: [{ file_name: 'opord.md', text_excerpt: 'Seize OBJ IRON.' }],
  instructions: 'Stress speed.',
};

test('draftTurnByRules: the method names the turn, sections in order, the figures cited; nothing invented', () => {
  const turn = (k: number, g = grounding, figures = grounding.figures) =>
    draftTurnByRules({ grounding: g, turn: k, figures, previous: [] });
  assert.equal(turn(1), {
    critical_event: 'Belt 1 of 3: Shaping',
    time: null,
    action: '2-7 IN executes "Shaping": TF 2 fixes the enemy at PL RED!',
    reaction:
      'The enemy acts on its COA (Defends PL RED.); its reaction in this turn is for the red-team cell to state.',
    counteraction: "2-7 IN's counteraction: for the staff to state (rule-based draft).",
    result: 'Terrain figures: Route "A" (foot): 1 m in 0.0 min.',
    decision_point: null,
  });
  const second = turn(2, { ...grounding, method: 'avenue_in_depth' }, []);
  assert.equal(
    [second.critical_event, second.action, second.result, second.decision_point],
    [
      'Avenue, depth 2 of 3: DP 1',
      '2-7 IN executes "DP 1" as the COA statement describes.',
      'No terrain analysis figure applies to this turn.',
      'DP 1',
    ],
  );
  assert.is(turn(3, { ...grounding, method: 'box' }).critical_event, 'Box, turn 3 of 3: Shaping');
  const bare = turn(1, {
    ...grounding,
    coa: { ...grounding.coa, sections: [] },
    enemy_coa: null,
    enemy_source: 'none',
  });
  assert.equal(
    [bare.critical_event, bare.action, bare.reaction],
    [
      'Belt 1 of 3: COA 1',
      '2-7 IN executes "COA 1": Envelop from the north.',
      'No enemy COA given: the red-team cell states the enemy reaction.',
    ],
  );
});

test('assessByRules: no score, what the staff scores against', () => {
  const { scores } = assessByRules({
    grounding: { ...grounding, criteria: grounding.criteria.slice(0, 1) },
    turns: [],
  });
  assert.equal(scores, [
    {
      score: null,
      rationale:
        'Not scored by the rule-based drafter: the staff scores "Simplicity" against its benchmark ' +
        '(fewer than the other COAs) from turns 1–0 and the 1 terrain figure(s) they cite.',
    },
  ]);
});

test('schemas: texts bounded by the token budget; scores a closed list; the rule-based drafts valid', () => {
  assert.equal(
    [turnFieldLimit(300), turnFieldLimit(2048), turnFieldLimit(50), turnFieldLimit(100_000)],
    [20, 269, 8, 4000],
  );
  const schema = turnDraftSchema(2048) as any;
  assert.equal(schema.required, [
    'critical_event',
    'time',
    'action',
    'reaction',
    'counteraction',
    'result',
    'decision_point',
  ]);
  assert.equal(schema.properties.time, {
    anyOf: [{ type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }, { type: 'null' }],
  });
  assert.is(schema.properties.action.maxLength, 269);
  const drafted = draftTurnByRules({ grounding, turn: 1, figures: [], previous: [] });
  assert.equal(outputSchemaErrors(turnDraftSchema(100_000), drafted), []);
  assert.ok(outputSchemaErrors(turnDraftSchema(2048), { ...drafted, action: ' ' }).length > 0);
  const assessment = assessmentDraftSchema(2, 300) as any;
  assert.equal([assessment.properties.scores.minItems, assessment.properties.scores.maxItems], [2, 2]);
  assert.equal(assessment.properties.scores.items.properties.score.enum.slice(-3), [95, 100, null]);
  assert.is(assessment.properties.scores.items.properties.rationale.maxLength, 94);
  assert.equal(
    outputSchemaErrors(
      assessmentDraftSchema(1, 100_000),
      assessByRules({ grounding: { ...grounding, criteria: grounding.criteria.slice(0, 1) }, turns: [] }),
    ),
    [],
  );
  assert.ok(
    outputSchemaErrors(assessment, {
      scores: [
        { score: 42, rationale: 'x' },
        { score: null, rationale: 'y' },
      ],
    }).length > 0,
  );
});

test('prompts: versioned, grounded in the COA, the figures of the turn, the turns so far and the criteria', () => {
  const turn = draftTurnByRules({ grounding, turn: 1, figures: grounding.figures, previous: [] });
  const [system, user] = llmSimulationTurnPromptV1.messages({
    grounding,
    turn: 2,
    figures: grounding.figures,
    previous: [turn],
  });
  assert.is(llmSimulationTurnPromptV1.version, 'llm-simulation-turn.v1');
  assert.match(system!.content, /must cite the terrain figures given/);
  for (const line of [
    'Write turn 2 of 3.',
    'COA section "Shaping" [shaping_operations]: TF 2 fixes',
    'Enemy COA: Defends PL RED.',
    'Terrain figures for this turn:\n- Route "A" (foot): 1 m in 0.0 min',
    'Turns so far:\n1. Belt 1 of 3: Shaping: Terrain figures:',
    '--- start of opord.md ---\nSeize OBJ IRON.',
    'Staff instructions: Stress speed.',
  ])
    assert.ok(user!.content.includes(line), line);
  const assessment = llmSimulationAssessmentPromptV1.messages({ grounding, turns: [turn] })[1]!.content;
  assert.is(llmSimulationAssessmentPromptV1.version, 'llm-simulation-assessment.v1');
  assert.ok(
    assessment.includes(
      '1. Simplicity: Clear, uncomplicated plan that subordinates understand and execute; ' +
        'unit phases and task-organization changes; benchmark fewer than the other COAs; weight 1',
    ),
    assessment,
  );
});

test('synchronisationSummary: the matrix, the decision points, the assessment, how to reproduce', () => {
  const input: SummaryInput = {
    method: 'avenue_in_depth',
    enemy_coa: 'Defends | delays',
    turns: [
      {
        turn: 1,
        critical_event: 'Cross PL RED',
        time: 'H+1',
        action: 'TF 1 attacks',
        reaction: 'Enemy delays',
        counteraction: 'Fires',
        decision_point: null,
      },
      {
        turn: 2,
        critical_event: 'OBJ IRON',
        time: null,
        action: 'TF 2\nassaults',
        reaction: 'Counterattack',
        counteraction: 'Reserve',
        decision_point: 'DP 2: commit the reserve',
      },
    ],
    assessments: [
      { criterion: 'Speed', score: 70, rationale: 'OBJ by H+6' },
      { criterion: 'Risk', score: null, rationale: null },
    ],
    criteria_source: 'mission_analysis',
    rule_based: false,
    seed: 9,
    model: 'qwen2.5-7b',
    prompt_version: 'p.v1',
    job_id: ID,
  };
  assert.is(
    synchronisationSummary(input),
    [
      '## Synchronisation matrix (avenue in depth method)',
      '',
      'Enemy COA: Defends \\| delays',
      '',
      '| Turn | Time | Critical event | Friendly action | Enemy reaction | Friendly counteraction | Decision point |',
      '|---|---|---|---|---|---|---|',
      '| 1 | H+1 | Cross PL RED | TF 1 attacks | Enemy delays | Fires | — |',
      '| 2 | — | OBJ IRON | TF 2 assaults | Counterattack | Reserve | DP 2: commit the reserve |',
      '',
      '## Decision points',
      '',
      '- Turn 2: DP 2: commit the reserve',
      '',
      '## Assessment',
      '',
      "Criteria: the mission analysis's COA evaluation criteria.",
      '',
      '| Criterion | Score | Rationale |',
      '|---|---|---|',
      '| Speed | 70 | OBJ by H+6 |',
      '| Risk | — | — |',
      '',
      `Reproduce: seed 9, model qwen2.5-7b, prompts p.v1, generation job ${ID}.`,
    ].join('\n'),
  );
  const ruled = synchronisationSummary({ ...input, rule_based: true, turns: [], criteria_source: 'fm_5_0_defaults' });
  assert.ok(ruled.startsWith('*Rule-based wargame (no language model): review and complete.*\n\n## Synchronisation'));
  assert.ok(ruled.includes('\n## Decision points\n\nNone identified.\n'));
  assert.ok(ruled.includes('Criteria: FM 5-0 defaults (the mission analysis has no COA evaluation criteria).'));
  assert.is(cell('x'.repeat(300)), `${'x'.repeat(199)}…`);
  const long = synchronisationSummary({
    ...input,
    turns: Array.from({ length: 100 }, (_, i) => ({
      ...input.turns[0]!,
      turn: i + 1,
      action: 'y'.repeat(500),
      reaction: 'z'.repeat(500),
    })),
  });
  assert.is(long.length, 20_000);
});

test.run();

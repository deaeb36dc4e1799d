// The terrain question: decider given/when/then (asked once, ended once, reports after the end change
// nothing), the rule-based question parser on exact positions, and the rule-based agent's two steps.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specFor } from '../support/given-when-then.ts';
import {
  terrainQuestionDecider,
  type TerrainQuestionCommand,
} from '../../domain/terrain-question/terrain-question-decider.ts';
import type {
  TerrainAgentProvenance,
  TerrainQuestionEvent,
  TerrainQuestionRequest,
  TerrainToolCall,
} from '../../domain/terrain-question/terrain-question-events.ts';
import { parsePosition, parseTerrainQuestion } from '../../domain/terrain-question/parse-terrain-question.ts';
import {
  answerTerrainQuestionByRules,
  cannotParseAnswer,
  RULE_BASED_ANSWER_PREFIX,
} from '../../domain/terrain-question/answer-terrain-question-by-rules.ts';
import {
  compactLandingZonesResult,
  compactLineOfSightResult,
} from '../../domain/terrain-question/compact-tool-result.ts';
import {
  landingZonesParametersOf,
  routeParametersOf,
  TERRAIN_TOOLS,
} from '../../domain/terrain-question/terrain-agent-tools.ts';
import { terrainAgentPromptV1 } from '../../domain/terrain-question/prompts/terrain-agent.v1.ts';

const spec = specFor(terrainQuestionDecider);
const ID = '2b0e2d3c-4b5a-4697-8877-665544332211';
const request: TerrainQuestionRequest = {
  question_id: ID,
  map_id: '3c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  operation_id: '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  account_id: '7d1f2e3c-4b5a-4968-8776-655443322110',
  api_key_id: null,
  question: 'summary',
  max_steps: null,
};
const provenance: TerrainAgentProvenance = {
  adapter: 'rule_based',
  model: 'rule-based-drafter/1',
  rule_based: true,
  prompt_version: 'terrain-agent.v1',
  usage: { prompt_tokens: 0, completion_tokens: 0 },
  attempts: 2,
  duration_ms: 4,
};
const call: TerrainToolCall = {
  id: 'call_1',
  name: 'terrain_summary',
  arguments: {},
  result: { a: 1 },
  duration_ms: 3,
};
const asked: TerrainQuestionEvent = { type: 'TerrainQuestionAsked', data: request };
const answered: TerrainQuestionEvent = {
  type: 'TerrainQuestionAnswered',
  data: { question_id: ID, answer: 'flat', tool_calls: [call], provenance },
};
const failed: TerrainQuestionEvent = {
  type: 'TerrainQuestionFailed',
  data: { question_id: ID, code: 'LLM_TIMEOUT', message: 'late', tool_calls: [] },
};

test('given nothing, when asked, then TerrainQuestionAsked; a blank question is invalid', () => {
  spec([]).when({ type: 'AskTerrainQuestion', request }).then([asked]);
  spec([])
    .when({ type: 'AskTerrainQuestion', request: { ...request, question: ' \n' } })
    .thenThrows('invalid', /blank/);
});

test('given a question, when asked again, then a conflict; reports on nothing are not found', () => {
  spec([asked])
    .when({ type: 'AskTerrainQuestion', request })
    .thenThrows('conflict', /already exists/);
  spec([])
    .when({ type: 'FailTerrainQuestion', question_id: ID, code: 'LLM_TIMEOUT', message: 'late', tool_calls: [] })
    .thenThrows('not_found');
});

test('given a pending question, when answered or failed, then that event; after the end, nothing', () => {
  const answer: TerrainQuestionCommand = {
    type: 'AnswerTerrainQuestion',
    question_id: ID,
    answer: 'flat',
    tool_calls: [call],
    provenance,
  };
  const fail: TerrainQuestionCommand = {
    type: 'FailTerrainQuestion',
    question_id: ID,
    code: 'LLM_TIMEOUT',
    message: 'late',
    tool_calls: [],
  };
  spec([asked]).when(answer).then([answered]);
  spec([asked]).when(fail).then([failed]);
  spec([asked, answered]).when(fail).then([]);
  spec([asked, failed]).when(answer).then([]);
});

test('evolve: status, answer, tool calls, provenance and error', () => {
  const done = [asked, answered].reduce(terrainQuestionDecider.evolve, terrainQuestionDecider.initialState());
  assert.equal(done.status === 'answered' && [done.answer, done.tool_calls, done.provenance], [
    'flat',
    [call],
    provenance,
  ]);
  const bad = [asked, failed].reduce(terrainQuestionDecider.evolve, terrainQuestionDecider.initialState());
  assert.equal(bad.status === 'failed' && bad.error, { code: 'LLM_TIMEOUT', message: 'late' });
});

const HELSINKI = [24.949998280370345, 60.16000329289645];

test('positions: MGRS (spaced or not, any even digit count) and decimal latitude, longitude', () => {
  assert.equal(parsePosition('35VLG8622070996'), HELSINKI);
  assert.equal(parsePosition('35V LG 86220 70996'), HELSINKI);
  assert.equal(parsePosition('35vlg8622070996'), HELSINKI);
  assert.equal(parsePosition('35VLG862709'), [24.95055539258485, 60.159594249673574]);
  assert.equal(parsePosition('60.16, 24.95'), [24.95, 60.16]);
  assert.equal(parsePosition('-33.9 18.42'), [18.42, -33.9]);
  assert.is(parsePosition('35VLG86227099'.slice(0, 12)), null, 'odd digit count');
  assert.is(parsePosition('95.1, 24.95'), null, 'latitude beyond 90');
  assert.is(parsePosition('hello'), null);
});

test('question forms, exactly', () => {
  assert.equal(parseTerrainQuestion('What is the elevation at 60.16, 24.95?'), {
    kind: 'point',
    position: [24.95, 60.16],
  });
  assert.equal(parseTerrainQuestion('what is at 35VLG8622070996'), { kind: 'point', position: HELSINKI });
  assert.equal(parseTerrainQuestion('Slope at 60.16, 24.95.'), { kind: 'point', position: [24.95, 60.16] });
  assert.equal(parseTerrainQuestion('Route from 60.16, 24.95 to 60.17, 24.97'), {
    kind: 'route',
    from: [24.95, 60.16],
    to: [24.97, 60.17],
    movement: 'foot',
  });
  assert.equal(parseTerrainQuestion('tracked route from 35VLG8622070996 to 60.17 24.97'), {
    kind: 'route',
    from: HELSINKI,
    to: [24.97, 60.17],
    movement: 'tracked',
  });
  assert.equal(parseTerrainQuestion('Route for wheeled vehicles from 60.16, 24.95 to 60.17, 24.97').kind, 'route');
  assert.equal(parseTerrainQuestion('Is there line of sight from 60.16, 24.95 to 60.165, 24.96?'), {
    kind: 'line_of_sight',
    from: [24.95, 60.16],
    to: [24.96, 60.165],
  });
  assert.equal(parseTerrainQuestion('Landing zones near 60.16, 24.95 within 1.5 km'), {
    kind: 'landing_zones',
    center: [24.95, 60.16],
    radius_m: 1500,
  });
  assert.equal(parseTerrainQuestion('landing zones at 35VLG8622070996'), {
    kind: 'landing_zones',
    center: HELSINKI,
    radius_m: null,
  });
  assert.equal(parseTerrainQuestion('Give me a summary of the terrain'), { kind: 'summary' });
  assert.equal(parseTerrainQuestion('Where should the battalion attack?'), { kind: 'unparsed' });
  assert.equal(parseTerrainQuestion('Compare 60.16, 24.95 and 60.17, 24.97'), { kind: 'unparsed' }, 'two positions');
});

test('the rule: calls from the question, the answer from the results, plain words when it cannot parse', () => {
  const step = (question: string, toolChoice: 'auto' | 'none' = 'auto') =>
    answerTerrainQuestionByRules({ input: { question }, messages: [{ role: 'user', content: question }], toolChoice });
  assert.equal(step('elevation at 60.16, 24.95'), {
    calls: [{ name: 'point_query', arguments: { lon: 24.95, lat: 60.16 } }],
  });
  assert.equal(step('route from 60.16, 24.95 to 60.17, 24.97'), {
    calls: [{ name: 'plan_route', arguments: { from: [24.95, 60.16], to: [24.97, 60.17], movement: 'foot' } }],
  });
  assert.equal(step('Who will win?'), { answer: cannotParseAnswer() });
  assert.match(cannotParseAnswer(), /cannot parse this question/);
  assert.match(cannotParseAnswer(), /route from <position> to <position>/);
  assert.match((step('summary', 'none') as { answer: string }).answer, /needs two steps/);

  const point = {
    lon: 24.95,
    lat: 60.16,
    mgrs: '35VLG8622070996',
    elevation_m: 12.3,
    slope_deg: 1.25,
    land_cover: { code: 10, name: 'Tree cover' },
    mobility: { foot: 'GO', wheeled: 'SLOW-GO', tracked: null },
    terrain_job_id: 'j1',
  };
  const messages = [
    { role: 'user', content: 'elevation at 60.16, 24.95' },
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: 'c1', name: 'point_query', arguments: { lon: 24.95, lat: 60.16 } }],
    },
    { role: 'tool', tool_call_id: 'c1', content: JSON.stringify(point) },
  ];
  assert.equal(answerTerrainQuestionByRules({ input: { question: 'x' }, messages, toolChoice: 'auto' }), {
    answer:
      `${RULE_BASED_ANSWER_PREFIX}At 35VLG8622070996 (latitude 60.16, longitude 24.95): elevation 12 m, ` +
      'slope 1.3°, land cover Tree cover (10); mobility foot GO, wheeled SLOW-GO, tracked unknown (terrain job j1).',
  });
  const failedCall = [
    messages[0]!,
    messages[1]!,
    { role: 'tool', tool_call_id: 'c1', content: '{"error":"no terrain job"}' },
  ];
  assert.equal(answerTerrainQuestionByRules({ input: {}, messages: failedCall, toolChoice: 'auto' }), {
    answer: `${RULE_BASED_ANSWER_PREFIX}The point_query tool failed: no terrain job`,
  });
});

test("the rule's answers carry numbers for people, never the tools' long floats (issue 20)", () => {
  const answer = (name: string, args: unknown, result: unknown) =>
    (
      answerTerrainQuestionByRules({
        input: { question: 'x' },
        toolChoice: 'auto',
        messages: [
          { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name, arguments: args }] },
          { role: 'tool', tool_call_id: 'c1', content: JSON.stringify(result) },
        ],
      }) as { answer: string }
    ).answer;
  const mobility = { go: 0.71234567, slow_go: 0.2012345, no_go: 0.0864198, nodata: 0 };
  const summary = answer(
    'terrain_summary',
    {},
    {
      terrain_job_id: 'j1',
      summary: {
        area_km2: 64.28182246697419,
        elevation_m: { min: -50, max: -25.833621978759766, mean: -37.41234567 },
        mobility_shares: { foot: mobility },
        road_length_m: { total: 12345.678, by_class: {} },
      },
    },
  );
  assert.is(
    summary,
    `${RULE_BASED_ANSWER_PREFIX}Terrain summary of the map (terrain job j1): area 64.3 km², ` +
      'elevation -50 to -26 m (mean -37 m); mobility foot GO 71.2% / SLOW-GO 20.1% / NO-GO 8.6%; roads 12.3 km.',
  );
  const at = (lon: number, lat: number) => ({ position: [lon, lat], mgrs: null });
  const route = answer(
    'plan_route',
    {},
    {
      found: true,
      movement: 'wheeled',
      waypoints: [at(24.951234567, 60.161234567), at(24.97, 60.17)],
      length_m: 3456.789012,
      seconds: 1234.56789,
      ascent_m: 12.3456,
      descent_m: 45.6789,
      share_by_class: { road: 0.612345, go: 0.3, slow_go: 0.087654 },
    },
  );
  assert.is(
    route,
    `${RULE_BASED_ANSWER_PREFIX}Route for wheeled from 60.16123, 24.95123 to 60.17, 24.97: 3.5 km, ` +
      '21 min; ascent 12 m, descent 46 m; on road 61.2%, GO 30.0%, SLOW-GO 8.8%.',
  );
  const sight = answer(
    'line_of_sight',
    {},
    {
      observer: { ...at(24.95, 60.16), height_m: 1.7500001 },
      target: { ...at(24.96, 60.16), height_m: 2 },
      visible: true,
      ground_distance_m: 555.55555,
    },
  );
  assert.match(sight, /\(1\.8 m above ground\).*\(2 m above ground\): visible over 556 m of ground\.$/);
  for (const text of [summary, route, sight]) assert.not.match(text, /\d\.\d{6}/, 'no long floats');
});

test('what the model reads (tool definitions, prompt) is ASCII: tiny test models know no other bytes', () => {
  const prompt = terrainAgentPromptV1.messages({ question: 'q', map: { id: 'm', name: 'n' } });
  assert.ok(/^[\x20-\x7e]*$/.test(JSON.stringify([TERRAIN_TOOLS, prompt])));
});

test("tool arguments become the analyses' parameters; compact results drop what only a map draws", () => {
  assert.equal(routeParametersOf({ from: [1, 2], to: [3, 4], via: [[2, 3]] }), {
    movement: 'foot',
    waypoints: [
      [1, 2],
      [2, 3],
      [3, 4],
    ],
    avoid: [],
    neighbourhood: 8,
  });
  assert.throws(
    () => routeParametersOf({ from: [200, 2], to: [3, 4] }),
    /from \[200, 2\] is not a \[longitude, latitude\]/,
  );
  const lz = landingZonesParametersOf({ center: [24.95, 60.16] }, false);
  assert.equal(
    [lz.aircraft_size, lz.accept_upslope, lz.max_candidates, lz.max_road_distance_m, lz.building_data],
    [2, false, 5, null, false],
  );
  assert.is(lz.area.coordinates[0]!.length, 65);
  const profile = [{ ground_elevation_m: 3 }, { ground_elevation_m: null }, { ground_elevation_m: 7.5 }];
  assert.equal(compactLineOfSightResult({ visible: true, profile }), { visible: true, highest_ground_m: 7.5 });
  const zone = {
    rank: 1,
    suitable: false,
    diameter_m: 35,
    ring: [[0, 0]],
    center: { position: [1, 2], mgrs: 'M', ground_elevation_m: 4 },
    slope: { pass: false, reason: 'too steep', degrees: 9, landing_class: null },
    surface: { pass: true, reason: 'ok' },
    obstacles: { pass: true, reason: 'ok' },
    clearance: { pass: true, reason: 'ok' },
    road: null,
  };
  assert.equal(compactLandingZonesResult({ candidates: 1, source: 'FM', zones: [zone] }), {
    candidates: 1,
    zones: [
      {
        rank: 1,
        suitable: false,
        diameter_m: 35,
        center: zone.center,
        slope_degrees: 9,
        landing_class: null,
        failed_checks: [{ check: 'slope', reason: 'too steep' }],
      },
    ],
  });
});

test.run();

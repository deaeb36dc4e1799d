// Issue 13, Generation item 4 and job progress: POST /api/llm-simulations/ as a generation job on
// the work queue, on PGlite and PostgreSQL. On a small synthetic area with a finished terrain job, a
// real route, viewshed and line of sight are run first (the fixtures of test/analyses/*); the
// rule-based wargame is then exact for each method: which turn cites which analysis's figures, the
// criteria (FM 5-0 defaults, or the mission analysis's), the enemy COA (given, or the mission
// analysis's), the inputs with their versions. Also: the job's progress (final state, and one
// GenerationProgressed per step in the operation history), reproducibility (same seed and inputs,
// same record), 422s, access, and a model that fails at any step writing nothing.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';
import { loadGenerationJob } from '../../commands/generation-job-commands.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import { runGeneration } from '../../workers/generation/generation-worker.ts';
import { DRAFTING_RULES } from '../../workers/generation/drafting-rules.ts';
import { createLanguageModel } from '../../infra/language-model/create-language-model.ts';
import { createRuleBasedEngine } from '../../infra/language-model/rule-based-engine.ts';
import { LanguageModelError, type LanguageModel } from '../../infra/language-model/language-model.ts';
import { newestTerrainSummary } from '../../workers/generation/gather-grounding.ts';
import type { GroundingTerrainSummary } from '../../domain/generation/generation-grounding.ts';
import { formatQuantity } from '../../domain/shared/format-quantity.ts';
import { formatQuantityRange } from '../../domain/shared/format-quantity-range.ts';

interface Fixture {
  operationId: string;
  /** The map's terrain summary (the product the terrain job wrote) and its terrain job. */
  summary: GroundingTerrainSummary;
  route: any;
  viewshed: any;
  sight: any;
}

const fixtures = new WeakMap<TestService, Promise<Fixture>>();

async function settle(svc: TestService, id: string) {
  for (let i = 0; i < 2400; i++) {
    const r = (await http(svc.url, 'GET', `/api/analyses/${id}`, { key: svc.key })).body;
    if (['success', 'failed', 'cancelled'].includes(r.status)) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`analysis ${id} not terminal`);
}

async function requestAnalysis(svc: TestService, mapId: string, body: Record<string, unknown>) {
  const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body });
  assert.ok(r.status === 201 || r.status === 202, r.text);
  return r.body.id as string;
}

async function settled(svc: TestService, id: string) {
  const done = await settle(svc, id);
  assert.is(done.status, 'success', JSON.stringify(done).slice(0, 500));
  return done;
}

/** An operation whose map has a finished terrain job and three completed analyses (oldest first). */
function fixture(svc: TestService): Promise<Fixture> {
  if (!fixtures.has(svc)) {
    fixtures.set(
      svc,
      (async () => {
        const { operationId, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
        const terrainJob = await requestJob(svc, mapId, boundary);
        assert.is((await pollJob(svc, terrainJob)).at(-1).status, 'success');
        const summary = await newestTerrainSummary(svc.service.store, svc.service.blobStore, [terrainJob]);
        assert.ok(summary, 'the terrain job wrote its terrain summary');
        // Requested one after the other (their order is the default selection's), run side by side.
        const ids: string[] = [];
        for (const body of [
          {
            type: 'route',
            title: 'MSR IRON',
            movement: 'foot',
            waypoints: [
              [24.945, 60.16],
              [24.955, 60.16],
            ],
          },
          { type: 'viewshed', title: 'OP 1', observer: { position: [24.95, 60.16], height_m: 5 }, radius_m: 300 },
          {
            type: 'line_of_sight',
            title: 'OP 1 to bridge',
            observer: { position: [24.94, 60.16], height_m: 2 },
            target: { position: [24.96, 60.165], height_m: 0 },
          },
        ])
          ids.push(await requestAnalysis(svc, mapId, body));
        const [route, viewshed, sight] = await Promise.all(ids.map((id) => settled(svc, id)));
        return { operationId, summary: summary!, route, viewshed, sight };
      })(),
    );
  }
  return fixtures.get(svc)!;
}

// The figures as the record must cite them, from the analyses' own results, written as every number
// for people is (domain/shared/format-quantity.ts, exact strings tested in test/domain).
const m = (v: number) => formatQuantity(v, 'distance');
const pct = (v: number) => formatQuantity(v, 'share');
const routeFigure = (a: any) =>
  `Route "MSR IRON" (foot): ${m(a.result.length_m)} in ` +
  `${formatQuantity(a.result.seconds, 'duration')}; ` +
  `road ${pct(a.result.share_by_class.road)}, go ${pct(a.result.share_by_class.go)}, ` +
  `slow-go ${pct(a.result.share_by_class.slow_go)}; ascent ${formatQuantity(a.result.ascent_m, 'elevation')}`;
const viewshedFigure = (a: any) =>
  `Viewshed "OP 1" from ${a.result.observer.mgrs}: ${pct(a.result.visible_share)} visible ` +
  `within 300 m (${formatQuantity(a.result.visible_area_km2, 'area')})`;
const sightFigure = (a: any) =>
  `Line of sight "OP 1 to bridge": target ${a.result.visible ? 'visible' : 'not visible'} ` +
  `over ${m(a.result.ground_distance_m)}`;
const summaryFigure = (s: GroundingTerrainSummary) => {
  const mobility = (['foot', 'wheeled', 'tracked'] as const).map(
    (c) =>
      `${c} go ${pct(s.mobility_shares[c]!.go)} / ` +
      `slow-go ${pct(s.mobility_shares[c]!.slow_go)} / no-go ${pct(s.mobility_shares[c]!.no_go)}`,
  );
  return (
    `Terrain of map "AO map": ${formatQuantity(s.area_km2, 'area')}, ` +
    `elevation ${formatQuantityRange(s.elevation_m!.min, s.elevation_m!.max, 'elevation')}; ` +
    `mobility ${mobility.join('; ')}; roads ${m(s.road_length_m.total)}`
  );
};
/** A turn's result: the map's terrain summary first, then the turn's analyses. */
const cites = (f: Fixture, ...figures: string[]) =>
  `Terrain figures: ${[summaryFigure(f.summary), ...figures].join('; ')}.`;

async function newStatement(svc: TestService, operationId: string, key = svc.key) {
  const coa = await http(svc.url, 'POST', '/api/coa-statements/', {
    key,
    body: { operation_id: operationId, name: 'COA 1: Northern envelopment', description: 'Envelop from the north.' },
  });
  assert.is(coa.status, 200, coa.text);
  const sections = [];
  for (const body of [
    {
      title: 'Shaping: fix the enemy at the bridge',
      content: 'Team A fixes the enemy at the bridge. Then it screens.',
    },
    { title: 'DP 1: commit Team B', content: 'Commit Team B when the bridge is held.', field: 'decision_points' },
  ]) {
    const r = await http(svc.url, 'POST', '/api/coa-statements/sections/', {
      key,
      body: { coa_statement_id: coa.body.id, ...body },
    });
    assert.is(r.status, 200, r.text);
    sections.push(r.body.id as string);
  }
  const read = (await http(svc.url, 'GET', `/api/coa-statements/${coa.body.id}`, { key })).body;
  return { id: coa.body.id as string, version: read.version as number, sections };
}

const simulate = (svc: TestService, body: Record<string, unknown>, key = svc.key) =>
  http(svc.url, 'POST', '/api/llm-simulations/', { key, body });

async function simulated(svc: TestService, body: Record<string, unknown>) {
  const r = await simulate(svc, body);
  assert.is(r.status, 200, r.text);
  assert.is(r.headers.get('location'), `/api/generation-jobs/${r.body.id}`);
  const job = await pollGeneration(svc, r.body.id);
  assert.is(job.status, 'success', JSON.stringify(job.error));
  assert.match(r.body.message, new RegExp(`the record will be /api/llm-simulations/${job.record_id}$`));
  const record = await http(svc.url, 'GET', `/api/llm-simulations/${job.record_id}`, { key: svc.key });
  assert.is(record.status, 200, record.text);
  return { job, record: record.body };
}

const streamVersion = async (svc: TestService, stream: string) => (await svc.service.store.readStream(stream)).length;

const TEAM_A = 'executes "Shaping: fix the enemy at the bridge": Team A fixes the enemy at the bridge.';
const DP = 'DP 1: commit Team B: Commit Team B when the bridge is held.';
const ENEMY = 'A motorized rifle company defends the bridge. Its reserve counterattacks from the east.';
const UNSCORED = (name: string, benchmark: string | null, turns: number, figures: number) =>
  'Not scored by the rule-based ' +
  `drafter: the staff scores "${name}"${benchmark ? ` against its benchmark (${benchmark})` : ''} from turns 1–${turns} ` +
  `and the ${figures} terrain figure(s) they cite.`;

/** The events of the operation's history that belong to the job or its record, in order. */
async function jobHistory(svc: TestService, operationId: string, jobId: string, simulationId: string) {
  const events = [];
  for (let page = 1; ; page++) {
    const r = await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100&page=${page}`, {
      key: svc.key,
    });
    assert.is(r.status, 200, r.text);
    events.push(...r.body.items.filter((e: any) => e.data.job_id === jobId || e.data.simulation_id === simulationId));
    if (page >= r.body.pages) return events;
  }
}

forEachBackend('LLM simulations (wargames) as generation jobs', (test) => {
  test('belt: one belt per turn, each citing its own analysis; FM 5-0 default criteria; inputs and progress', async ({
    svc,
  }) => {
    const f = await fixture(svc);
    const coa = await newStatement(svc, f.operationId);
    const { job, record } = await simulated(svc, {
      coa_statement_id: coa.id,
      method: 'belt',
      enemy_coa: ENEMY,
      turns: 3,
      seed: 7,
      analysis_ids: [f.route.id, f.viewshed.id, f.sight.id],
    });
    assert.equal([job.kind, job.record_type, job.base_version, job.record_version], ['llm_simulation', 'belt', 0, 1]);
    assert.equal(job.simulation, {
      coa_statement_id: coa.id,
      method: 'belt',
      enemy_coa: ENEMY,
      turns: 3,
      seed: 7,
      analysis_ids: [f.route.id, f.viewshed.id, f.sight.id],
    });
    assert.equal(job.progress, { step: 4, of: 4, label: 'Assessment against 5 evaluation criteria' });
    assert.equal(
      [job.provenance.adapter, job.provenance.rule_based, job.provenance.prompt_version, job.provenance.attempts],
      ['rule_based', true, 'llm-simulation-turn.v1+llm-simulation-assessment.v1', 4],
    );
    assert.equal(
      [record.id, record.coa_statement_id, record.operation_id, record.method, record.model, record.created_by.origin],
      [job.record_id, coa.id, f.operationId, 'belt', null, 'generated'],
    );
    assert.is(record.title, 'COA 1: Northern envelopment: wargame, belt method, 3 turn(s) (rule-based draft)');
    assert.is(record.enemy_coa, ENEMY);
    const reaction =
      'The enemy acts on its COA (A motorized rifle company defends the bridge.); ' +
      'its reaction in this turn is for the red-team cell to state.';
    const counteraction = "Recon's counteraction: for the staff to state (rule-based draft).";
    assert.equal(record.turns, [
      {
        turn: 1,
        critical_event: 'Belt 1 of 3: Shaping: fix the enemy at the bridge',
        time: null,
        action: `Recon ${TEAM_A}`,
        reaction,
        counteraction,
        result: cites(f, routeFigure(f.route)),
        decision_point: null,
      },
      {
        turn: 2,
        critical_event: 'Belt 2 of 3: DP 1: commit Team B',
        time: null,
        action: 'Recon executes "DP 1: commit Team B": Commit Team B when the bridge is held.',
        reaction,
        counteraction,
        result: cites(f, viewshedFigure(f.viewshed)),
        decision_point: DP,
      },
      {
        turn: 3,
        critical_event: 'Belt 3 of 3: Shaping: fix the enemy at the bridge',
        time: null,
        action: `Recon ${TEAM_A}`,
        reaction,
        counteraction,
        result: cites(f, sightFigure(f.sight)),
        decision_point: null,
      },
    ]);
    assert.equal(
      record.assessments,
      [
        ['Simplicity', 'fewer than the other COAs'],
        ['Mass', 'at least 3:1 in the attack'],
        ['Maneuver', 'an alternate route for the main effort'],
        ['Tempo', 'within the time available'],
        ['Security', 'moderate or lower'],
      ].map(([name, benchmark]) => ({ criterion: name, score: null, rationale: UNSCORED(name!, benchmark!, 3, 4) })),
    );
    const mapId = f.route.map_id;
    assert.equal(record.inputs, [
      { kind: 'coa_statement', id: coa.id, version: coa.version },
      { kind: 'coa_section', id: coa.sections[0], version: 1 },
      { kind: 'coa_section', id: coa.sections[1], version: 1 },
      ...(await Promise.all(
        [f.route, f.viewshed, f.sight].map(async (a) => ({
          kind: 'terrain_analysis',
          id: a.id,
          version: await streamVersion(svc, `analysis-${a.id}`),
        })),
      )),
      {
        kind: 'map',
        id: mapId,
        version: (await http(svc.url, 'GET', `/api/maps/${mapId}`, { key: svc.key })).body.version,
      },
    ]);
    const lines = record.summary.split('\n');
    assert.is(lines[0], '*Rule-based wargame (no language model): review and complete.*');
    assert.ok(
      lines.includes(
        '| 2 | — | Belt 2 of 3: DP 1: commit Team B | Recon executes "DP 1: commit Team B": Commit Team B when ' +
          `the bridge is held. | ${reaction} | ${counteraction} | ${DP} |`,
      ),
      record.summary,
    );
    assert.ok(lines.includes(`- Turn 2: ${DP}`), record.summary);
    assert.ok(
      lines.includes('Criteria: FM 5-0 defaults (the mission analysis has no COA evaluation criteria).'),
      record.summary,
    );
    assert.is(record.seed, 7);
    assert.is(
      lines.at(-1),
      'Reproduce: seed 7, model rule-based-drafter/1, ' +
        `prompts llm-simulation-turn.v1+llm-simulation-assessment.v1, generation job ${job.id}.`,
    );
    // The job's provenance: the operation, then what the record lists (versions as text).
    assert.equal(job.provenance.inputs[0], {
      kind: 'operation',
      id: f.operationId,
      version: String(await streamVersion(svc, `operation-${f.operationId}`)),
    });
    assert.equal(
      job.provenance.inputs.slice(1, -1),
      record.inputs.map((i: any) => ({ ...i, version: String(i.version) })),
    );
    assert.equal(job.provenance.inputs.at(-1), {
      kind: 'terrain_summary',
      id: f.summary.terrain_job_id,
      version: f.summary.version,
    });
    // Progress in the operation's history: one event per step, between the request and the record.
    const history = await jobHistory(svc, f.operationId, job.id, record.id);
    assert.equal(
      history.map((e: any) => e.type),
      [
        'GenerationRequested',
        'GenerationProgressed',
        'GenerationProgressed',
        'GenerationProgressed',
        'GenerationProgressed',
        'LLMSimulationRecorded',
        'GenerationCompleted',
      ],
    );
    assert.equal(
      history.filter((e: any) => e.type === 'GenerationProgressed').map((e: any) => e.data),
      [
        ...[1, 2, 3].map((step) => ({ job_id: job.id, step, of: 4, label: `Turn ${step} of 3 (belt method)` })),
        { job_id: job.id, step: 4, of: 4, label: 'Assessment against 5 evaluation criteria' },
      ],
    );
  });

  test("avenue in depth: the route in every turn; the mission analysis's criteria and enemy COA; default analyses", async ({
    svc,
  }) => {
    const f = await fixture(svc);
    const record = async (type: string) =>
      (
        await http(svc.url, 'GET', `/api/mission-analysis/?operation_id=${f.operationId}&type=${type}`, {
          key: svc.key,
        })
      ).body;
    const criteria = await record('coa_evaluation_criteria');
    const enemy = await record('enemy_situation');
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/mission-analysis/${criteria.id}`, {
          key: svc.key,
          body: {
            items: [
              {
                text: 'Speed',
                definition: 'Time to OBJ IRON',
                unit_of_measure: 'min',
                benchmark: 'under 30 min',
                weight: 2,
              },
              { text: 'Exposure', definition: 'Time in view of the enemy' },
            ],
          },
        })
      ).status,
      200,
    );
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/${enemy.id}`, { key: svc.key, body: { text: ENEMY } })).status,
      200,
    );
    const coa = await newStatement(svc, f.operationId);
    const { job, record: sim } = await simulated(svc, {
      coa_statement_id: coa.id,
      method: 'avenue_in_depth',
      turns: 2,
      seed: 11,
    });
    assert.equal(
      [job.simulation.analysis_ids, job.simulation.enemy_coa, job.progress],
      [null, null, { step: 3, of: 3, label: 'Assessment against 2 evaluation criteria' }],
    );
    assert.is(sim.enemy_coa, ENEMY);
    assert.equal(
      sim.turns.map((t: any) => [t.critical_event, t.result, t.decision_point]),
      [
        [
          'Avenue, depth 1 of 2: Shaping: fix the enemy at the bridge',
          cites(f, routeFigure(f.route), sightFigure(f.sight)),
          null,
        ],
        ['Avenue, depth 2 of 2: DP 1: commit Team B', cites(f, routeFigure(f.route), viewshedFigure(f.viewshed)), DP],
      ],
    );
    assert.equal(sim.assessments, [
      { criterion: 'Speed', score: null, rationale: UNSCORED('Speed', 'under 30 min', 2, 4) },
      { criterion: 'Exposure', score: null, rationale: UNSCORED('Exposure', null, 2, 4) },
    ]);
    // Newest first: the line of sight, the viewshed, the route.
    assert.equal(sim.inputs.map((i: any) => [i.kind, i.id, i.version]).slice(3, 8), [
      ['mission_analysis', enemy.id, 1],
      ['mission_analysis', criteria.id, 1],
      ['terrain_analysis', f.sight.id, await streamVersion(svc, `analysis-${f.sight.id}`)],
      ['terrain_analysis', f.viewshed.id, await streamVersion(svc, `analysis-${f.viewshed.id}`)],
      ['terrain_analysis', f.route.id, await streamVersion(svc, `analysis-${f.route.id}`)],
    ]);
    assert.ok(sim.summary.includes("\nCriteria: the mission analysis's COA evaluation criteria.\n"), sim.summary);
    assert.ok(sim.summary.includes('\n| Speed | — | Not scored by the rule-based drafter'), sim.summary);
  });

  test('box: every figure in every turn; same seed and inputs → the same record; a default seed derived and recorded', async ({
    svc,
  }) => {
    const f = await fixture(svc);
    const coa = await newStatement(svc, f.operationId);
    const body = { coa_statement_id: coa.id, method: 'box', turns: 1, analysis_ids: [f.viewshed.id, f.route.id] };
    const first = await simulated(svc, { ...body, seed: 3 });
    assert.equal(
      first.record.turns.map((t: any) => [t.critical_event, t.result]),
      [
        [
          'Box, turn 1 of 1: Shaping: fix the enemy at the bridge',
          cites(f, viewshedFigure(f.viewshed), routeFigure(f.route)),
        ],
      ],
    );
    const again = await simulated(svc, { ...body, seed: 3 });
    const content = ({ record, job }: { record: any; job: any }) => {
      const {
        id: _id,
        created_at: _at,
        created_by: { at: _by, ...by },
        summary,
        ...rest
      } = record;
      return { ...rest, by, summary: summary.replace(job.id, '<job>') };
    };
    assert.ok(first.record.id !== again.record.id);
    assert.equal(content(again), content(first));
    // No seed: one derived from the statement and the method, the same for the same request, and recorded.
    const derived = [await simulated(svc, body), await simulated(svc, body)];
    const seeds = derived.map((d) => d.job.simulation.seed);
    assert.ok(Number.isInteger(seeds[0]) && seeds[0] >= 0 && seeds[0] === seeds[1], String(seeds));
    assert.ok(derived[0]!.record.summary.includes(`Reproduce: seed ${seeds[0]}, `), derived[0]!.record.summary);
    assert.is(derived[0]!.record.seed, seeds[0], 'the record keeps its seed');
    assert.equal(content(derived[1]!), content(derived[0]!));
    const belt = await pollGeneration(svc, (await simulate(svc, { ...body, method: 'belt' })).body.id);
    assert.ok(belt.simulation.seed !== seeds[0], 'another method, another seed');
  });

  test('422s and access through the COA statement', async ({ svc }) => {
    const f = await fixture(svc);
    const coa = await newStatement(svc, f.operationId);
    const other = await svc.newAccount();
    const foreignOp = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Other', unit: 'B Co', branch: 'armor', echelon: 'company' },
      })
    ).body.id;
    const foreignMap = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: foreignOp, name: 'x' } })
    ).body.id;
    const foreignSight = await requestAnalysis(svc, foreignMap, {
      type: 'line_of_sight',
      observer: { position: [8.5, 47.3], height_m: 2 },
      target: { position: [8.51, 47.305], height_m: 0 },
    });
    const ok = { coa_statement_id: coa.id, method: 'belt' };
    const head = await svc.service.store.headPosition();
    for (const [body, loc] of [
      [{ ...ok, method: 'diagonal' }, ['body', 'method']],
      [{ method: 'belt' }, ['body', 'coa_statement_id']],
      [{ ...ok, turns: 0 }, ['body', 'turns']],
      [{ ...ok, turns: 13 }, ['body', 'turns']],
      [{ ...ok, turns: 1.5 }, ['body', 'turns']],
      [{ ...ok, seed: -1 }, ['body', 'seed']],
      [{ ...ok, enemy_coa: '' }, ['body', 'enemy_coa']],
      [{ ...ok, extra: 1 }, ['body', 'extra']],
      [{ ...ok, analysis_ids: ['nope'] }, ['body', 'analysis_ids', 0]],
      [{ ...ok, analysis_ids: [f.route.id, f.route.id] }, ['body', 'analysis_ids']],
      [{ ...ok, analysis_ids: [f.route.id, foreignSight] }, ['body', 'analysis_ids', 1]],
      [{ ...ok, analysis_ids: ['00000000-0000-4000-8000-000000000000'] }, ['body', 'analysis_ids', 0]],
      [{ ...ok, document_ids: ['00000000-0000-4000-8000-000000000000'] }, ['body', 'document_ids', 0]],
      [{ ...ok, instructions: 'x'.repeat(4001) }, ['body', 'instructions']],
    ] as const) {
      const r = await simulate(svc, body as Record<string, unknown>);
      assert.is(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
      assert.equal(r.body.detail[0].loc, loc, r.text);
    }
    assert.is(await svc.service.store.headPosition(), head, 'a 422 requests nothing');
    assert.is((await simulate(svc, ok, other.key)).status, 403);
    assert.is((await simulate(svc, { ...ok, coa_statement_id: '00000000-0000-4000-8000-000000000000' })).status, 404);
    assert.is((await http(svc.url, 'POST', '/api/llm-simulations/', { body: ok })).status, 401);
    const job = (await simulate(svc, { ...ok, turns: 1 })).body.id;
    assert.is((await http(svc.url, 'GET', `/api/generation-jobs/${job}`, { key: other.key })).status, 403);
    assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/${coa.id}`, { key: svc.key })).status, 200);
    assert.is((await simulate(svc, ok)).status, 404);
    // The interface's names in the OpenAPI document.
    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const post = doc.paths['/api/llm-simulations/'].post;
    assert.equal(post.requestBody.content['application/json'].schema, {
      $ref: '#/components/schemas/LLMSimulationRequest',
    });
    assert.equal(post.responses['200'].content['application/json'].schema, {
      $ref: '#/components/schemas/MessageResponse',
    });
    assert.ok(post.responses['403'] && post.responses['404'] && post.responses['422']);
    const jobSchema = doc.components.schemas.GenerationJobResponse;
    assert.ok(
      jobSchema.properties.progress && jobSchema.properties.simulation,
      JSON.stringify(Object.keys(jobSchema.properties)),
    );
    assert.equal(doc.components.schemas.LLMSimulationRequest.required, ['coa_statement_id', 'method']);
  });

  // Last: stops the service's workers, so jobs stay pending and are run here with chosen models.
  test('a model failing at any step writes nothing: down at turn 1, invalid at the assessment', async ({ svc }) => {
    const f = await fixture(svc);
    await svc.service.pipeline?.close();
    const coa = await newStatement(svc, f.operationId);
    const deps = {
      maxTokens: 2048,
      store: svc.service.store,
      knex: svc.service.db.knex,
      documents: svc.service.documents,
      logger: svc.service.logger,
    };
    const down: LanguageModel = createLanguageModel({
      adapter: 'openai',
      model: 'down',
      async turn() {
        throw new LanguageModelError('LLM_UNAVAILABLE', 'connection refused');
      },
      async close() {},
    });
    const lateInvalid = createLanguageModel(
      createRuleBasedEngine({
        drafters: { ...DRAFTING_RULES.drafters, llm_simulation_assessment: () => ({ scores: [] }) },
      }),
      { timeoutMs: 5000, maxTokens: 2048, repairAttempts: 1, maxToolSteps: 1 },
    );
    for (const [model, code, progress] of [
      [down, 'LLM_UNAVAILABLE', { step: 1, of: 3, label: 'Turn 1 of 2 (box method)' }],
      [lateInvalid, 'LLM_INVALID_OUTPUT', { step: 3, of: 3, label: 'Assessment against 2 evaluation criteria' }],
    ] as const) {
      const r = await simulate(svc, { coa_statement_id: coa.id, method: 'box', turns: 2 });
      assert.is(r.status, 200, r.text);
      const pending = await loadGenerationJob(svc.service.store, r.body.id);
      assert.is(pending.status, 'pending');
      await runGeneration({ ...deps, languageModel: model }, pending as GenerationJob);
      const ended = await loadGenerationJob(svc.service.store, r.body.id);
      assert.is(ended.status === 'failed' && ended.error?.code, code);
      assert.equal(ended.status === 'failed' && ended.progress, progress);
      const record = ended.status === 'failed' ? ended.record_id : '';
      assert.is((await svc.service.store.readStream(`llm_simulation-${record}`)).length, 0);
    }
    assert.is(
      (await http(svc.url, 'GET', `/api/llm-simulations/?coa_statement_id=${coa.id}`, { key: svc.key })).body.total,
      0,
    );
  });
});

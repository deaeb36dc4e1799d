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

interface Fixture {
  operationId: string;
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

async function analyse(svc: TestService, mapId: string, body: Record<string, unknown>) {
  const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body });
  assert.ok(r.status === 201 || r.status === 202, r.text);
  const done = await settle(svc, r.body.id);
  assert.is(done.status, 'success', JSON.stringify(done).slice(0, 500));
  return done;
}

/** An operation whose map has a finished terrain job and three completed analyses (oldest first). */
function fixture(svc: TestService): Promise<Fixture> {
  if (!fixtures.has(svc)) {
    fixtures.set(svc, (async () => {
      const { operationId, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
      const t0 = Date.now();
      assert.is((await pollJob(svc, await requestJob(svc, mapId, boundary))).at(-1).status, 'success');
      console.log('terrain job', Date.now() - t0);
      const route = await analyse(svc, mapId, {
        type: 'route', title: 'MSR IRON', movement: 'foot', waypoints: [[24.945, 60.16], [24.955, 60.16]],
      });
      const viewshed = await analyse(svc, mapId, {
        type: 'viewshed', title: 'OP 1', observer: { position: [24.95, 60.16], height_m: 5 }, radius_m: 300,
      });
      const sight = await analyse(svc, mapId, {
        type: 'line_of_sight', title: 'OP 1 to bridge',
        observer: { position: [24.94, 60.16], height_m: 2 }, target: { position: [24.96, 60.165], height_m: 0 },
      });
      console.log('analyses', Date.now() - t0);
      return { operationId, route, viewshed, sight };
    })());
  }
  return fixtures.get(svc)!;
}

// The figures as the record must cite them, from the analyses' own results.
const m = (v: number) => `${Math.round(v).toLocaleString('en-US')} m`;
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const routeFigure = (a: any) => `Route "MSR IRON" (foot): ${m(a.result.length_m)} in ${(a.result.seconds / 60).toFixed(1)} min; `
  + `road ${pct(a.result.share_by_class.road)}, go ${pct(a.result.share_by_class.go)}, `
  + `slow-go ${pct(a.result.share_by_class.slow_go)}; ascent ${m(a.result.ascent_m)}`;
const viewshedFigure = (a: any) => `Viewshed "OP 1" from ${a.result.observer.mgrs}: ${pct(a.result.visible_share)} visible `
  + `within 300 m (${a.result.visible_area_km2.toFixed(2)} km²)`;
const sightFigure = (a: any) => `Line of sight "OP 1 to bridge": target ${a.result.visible ? 'visible' : 'not visible'} `
  + `over ${m(a.result.ground_distance_m)}`;
const cites = (...figures: string[]) => `Terrain figures: ${figures.join('; ')}.`;

async function newStatement(svc: TestService, operationId: string, key = svc.key) {
  const coa = await http(svc.url, 'POST', '/api/coa-statements/', {
    key, body: { operation_id: operationId, name: 'COA 1: Northern envelopment', description: 'Envelop from the north.' },
  });
  assert.is(coa.status, 200, coa.text);
  const sections = [];
  for (const body of [
    { title: 'Shaping: fix the enemy at the bridge', content: 'Team A fixes the enemy at the bridge. Then it screens.' },
    { title: 'DP 1: commit Team B', content: 'Commit Team B when the bridge is held.', field: 'decision_points' },
  ]) {
    const r = await http(svc.url, 'POST', '/api/coa-statements/sections/', { key, body: { coa_statement_id: coa.body.id, ...body } });
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
const UNSCORED = (name: string, benchmark: string, figures: number) => `Not scored by the rule-based drafter: the staff scores `
  + `"${name}"${benchmark ? ` against its benchmark (${benchmark})` : ''} from turns 1–3 and the ${figures} terrain figure(s) they cite.`;

forEachBackend('LLM simulations (wargames) as generation jobs', (test) => {
  test('belt: one belt per turn, each citing its own analysis; FM 5-0 default criteria; inputs and progress', async ({ svc }) => {
    const f = await fixture(svc);
    const coa = await newStatement(svc, f.operationId);
    const { job, record } = await simulated(svc, {
      coa_statement_id: coa.id, method: 'belt', enemy_coa: ENEMY, turns: 3, seed: 7,
      analysis_ids: [f.route.id, f.viewshed.id, f.sight.id],
    });
    assert.equal([job.kind, job.record_type, job.base_version, job.record_version], ['llm_simulation', 'belt', 0, 1]);
    assert.equal(job.simulation, {
      coa_statement_id: coa.id, method: 'belt', enemy_coa: ENEMY, turns: 3, seed: 7,
      analysis_ids: [f.route.id, f.viewshed.id, f.sight.id],
    });
    assert.equal(job.progress, { step: 4, of: 4, label: 'Assessment against 5 evaluation criteria' });
    assert.equal([job.provenance.adapter, job.provenance.rule_based, job.provenance.prompt_version, job.provenance.attempts],
      ['rule_based', true, 'llm-simulation-turn.v1+llm-simulation-assessment.v1', 4]);
    assert.equal([record.id, record.coa_statement_id, record.operation_id, record.method, record.model, record.created_by.origin],
      [job.record_id, coa.id, f.operationId, 'belt', null, 'generated']);
    assert.is(record.title, 'COA 1: Northern envelopment: wargame, belt method, 3 turn(s) (rule-based draft)');
    assert.is(record.enemy_coa, ENEMY);
    const reaction = 'The enemy acts on its COA (A motorized rifle company defends the bridge.); '
      + 'its reaction in this turn is for the red-team cell to state.';
    const counteraction = "Recon's counteraction: for the staff to state (rule-based draft).";
    assert.equal(record.turns, [
      { turn: 1, critical_event: 'Belt 1 of 3: Shaping: fix the enemy at the bridge', time: null, action: `Recon ${TEAM_A}`,
        reaction, counteraction, result: cites(routeFigure(f.route)), decision_point: null },
      { turn: 2, critical_event: 'Belt 2 of 3: DP 1: commit Team B', time: null,
        action: 'Recon executes "DP 1: commit Team B": Commit Team B when the bridge is held.',
        reaction, counteraction, result: cites(viewshedFigure(f.viewshed)), decision_point: DP },
      { turn: 3, critical_event: 'Belt 3 of 3: Shaping: fix the enemy at the bridge', time: null, action: `Recon ${TEAM_A}`,
        reaction, counteraction, result: cites(sightFigure(f.sight)), decision_point: null },
    ]);
    assert.equal(record.assessments, [
      ['Simplicity', 'fewer than the other COAs'], ['Mass', 'at least 3:1 in the attack'],
      ['Maneuver', 'an alternate route for the main effort'], ['Tempo', 'within the time available'],
      ['Security', 'moderate or lower'],
    ].map(([name, benchmark]) => ({ criterion: name, score: null, rationale: UNSCORED(name!, benchmark!, 3) })));
    const mapId = f.route.map_id;
    assert.equal(record.inputs, [
      { kind: 'coa_statement', id: coa.id, version: coa.version },
      { kind: 'coa_section', id: coa.sections[0], version: 1 }, { kind: 'coa_section', id: coa.sections[1], version: 1 },
      ...await Promise.all([f.route, f.viewshed, f.sight].map(async (a) => ({
        kind: 'terrain_analysis', id: a.id, version: await streamVersion(svc, `analysis-${a.id}`),
      }))),
      { kind: 'map', id: mapId, version: (await http(svc.url, 'GET', `/api/maps/${mapId}`, { key: svc.key })).body.version },
    ]);
    const lines = record.summary.split('\n');
    assert.is(lines[0], '*Rule-based wargame (no language model): review and complete.*');
    assert.ok(lines.includes('| 2 | — | Belt 2 of 3: DP 1: commit Team B | Recon executes "DP 1: commit Team B": Commit Team B when '
      + `the bridge is held. | ${reaction} | ${counteraction} | ${DP} |`), record.summary);
    assert.ok(lines.includes(`- Turn 2: ${DP}`), record.summary);
    assert.ok(lines.includes('Criteria: FM 5-0 defaults (the mission analysis has no COA evaluation criteria).'), record.summary);
    assert.is(lines.at(-1), 'Reproduce: seed 7, model rule-based-drafter/1, '
      + `prompts llm-simulation-turn.v1+llm-simulation-assessment.v1, generation job ${job.id}.`);
    // The job's provenance: the operation, then what the record lists (versions as text).
    assert.equal(job.provenance.inputs[0], { kind: 'operation', id: f.operationId, version: String(await streamVersion(svc, `operation-${f.operationId}`)) });
    assert.equal(job.provenance.inputs.slice(1), record.inputs.map((i: any) => ({ ...i, version: String(i.version) })));
  });
});

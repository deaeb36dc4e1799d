// The terrain agent over HTTP on both backends, with the rule-based agent (no model configured): a
// small synthetic map prepared by a terrain job, questions asked and polled, exact answers built here
// from the same values a direct call gives (GET …/terrain/point, a route analysis), every tool call
// recorded with its result; the cannot-parse answer, a failing tool recorded, paging, 422s and access.
import * as assert from 'uvu/assert';
import * as mgrs from 'mgrs';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { ask, pollQuestion } from '../support/terrain-question-http.ts';
import { cannotParseAnswer } from '../../domain/terrain-question/answer-terrain-question-by-rules.ts';
import { pino } from 'pino';
import { loadTerrainQuestion } from '../../commands/terrain-question-commands.ts';
import type { TerrainQuestion } from '../../domain/terrain-question/terrain-question-decider.ts';
import { runTerrainQuestion } from '../../workers/terrain-questions/terrain-question-worker.ts';
import { createLanguageModel } from '../../infra/language-model/create-language-model.ts';
import { LanguageModelError } from '../../infra/language-model/language-model.ts';
import { formatQuantity as fq } from '../../domain/shared/format-quantity.ts';

const PREFIX = 'Rule-based answer (no language model): ';
const toPoint = ((mgrs as unknown as { default?: typeof mgrs }).default ?? mgrs).toPoint;

/** Asks, checks the 202 answer, and polls to the end. */
async function answered(svc: TestService, mapId: string, question: string) {
  const r = await ask(svc, mapId, { question });
  assert.is(r.status, 202, r.text);
  assert.is(r.headers.get('location'), `/api/terrain-questions/${r.body.id}`);
  assert.is(r.body.status, 'pending');
  assert.equal([r.body.question, r.body.map_id, r.body.answer, r.body.tool_calls], [question, mapId, null, []]);
  return pollQuestion(svc, r.body.id);
}

function pointAnswer(p: any): string {
  const mobility = Object.entries(p.mobility)
    .map(([v, name]) => `${v} ${name ?? 'unknown'}`)
    .join(', ');
  return (
    `${PREFIX}At ${p.mgrs} (latitude ${fq(p.lat, 'coordinate')}, longitude ${fq(p.lon, 'coordinate')}): ` +
    `elevation ${fq(p.elevation_m, 'elevation')}, slope ${fq(p.slope_deg, 'slope')}, ` +
    `land cover ${p.land_cover.name} (${p.land_cover.code}); mobility ${mobility} ` +
    `(terrain job ${p.terrain_job_id}).`
  );
}

const percent = (share: number) => fq(share, 'share');
/** Issue 20: numbers in answers are written for people (format-quantity.ts), never as long floats. */
const noLongFloats = (answer: string) => assert.not.match(answer, /\d\.\d{4}/, answer);

forEachBackend('terrain agent (rule-based)', (test) => {
  let mapId = '';
  let jobId = '';

  test.before(async ({ svc }) => {
    const prepared = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
    mapId = prepared.mapId;
    jobId = await requestJob(svc, mapId, prepared.boundary);
    await expectJobSuccess(svc, jobId);
  });

  test("point questions (decimal and MGRS) answer with the point query's own values", async ({ svc }) => {
    const q = await answered(svc, mapId, 'What is the elevation at 60.16, 24.95?');
    const direct = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain/point?lon=24.95&lat=60.16`, { key: svc.key });
    assert.is(direct.status, 200, direct.text);
    assert.is(q.status, 'answered', JSON.stringify(q));
    assert.is(q.answer, pointAnswer(direct.body));
    noLongFloats(q.answer);
    assert.is(q.tool_calls.length, 1);
    const [call] = q.tool_calls;
    assert.equal([call.name, call.arguments, call.result], ['point_query', { lon: 24.95, lat: 60.16 }, direct.body]);
    assert.ok(Number.isInteger(call.duration_ms) && call.duration_ms >= 0);
    assert.type(call.id, 'string');
    assert.equal(
      { ...q.provenance, duration_ms: 0 },
      {
        adapter: 'rule_based',
        model: 'rule-based-drafter/1',
        rule_based: true,
        prompt_version: 'terrain-agent.v1',
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        attempts: 2,
        duration_ms: 0,
      },
    );
    assert.is(q.error, null);

    const reference = direct.body.mgrs as string;
    const byMgrs = await answered(svc, mapId, `what is at ${reference}`);
    const [lon, lat] = toPoint(reference);
    const point = `/api/maps/${mapId}/terrain/point?lon=${lon}&lat=${lat}`;
    const there = await http(svc.url, 'GET', point, { key: svc.key });
    assert.is(byMgrs.answer, pointAnswer(there.body));
    assert.equal(byMgrs.tool_calls[0].arguments, { lon, lat });
  });

  test("a route question answers with the route analysis's figures", async ({ svc }) => {
    const q = await answered(svc, mapId, 'Route from 60.155, 24.94 to 60.165, 24.96 on foot');
    const analysis = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: {
        type: 'route',
        movement: 'foot',
        waypoints: [
          [24.94, 60.155],
          [24.96, 60.165],
        ],
      },
    });
    assert.ok([201, 202].includes(analysis.status), analysis.text);
    let result;
    for (let i = 0; i < 3000 && !result; i++) {
      const r = await http(svc.url, 'GET', `/api/analyses/${analysis.body.id}`, { key: svc.key });
      if (r.body.status === 'success') result = r.body.result;
      else if (r.body.status === 'failed') throw new Error(r.text);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { profile: _profile, ...compact } = result;
    assert.is(q.status, 'answered', JSON.stringify(q));
    const [call] = q.tool_calls;
    const args = { from: [24.94, 60.155], to: [24.96, 60.165], movement: 'foot' };
    assert.equal([call.name, call.arguments], ['plan_route', args]);
    assert.equal(call.result, compact);
    assert.ok(compact.found, 'a route exists on the synthetic terrain');
    const [first, last] = [compact.waypoints[0], compact.waypoints.at(-1)];
    assert.is(
      q.answer,
      `${PREFIX}Route on foot from ${first.mgrs} to ${last.mgrs}: ` +
        `${fq(compact.length_m, 'distance')}, ${fq(compact.seconds, 'duration')}; ` +
        `ascent ${fq(compact.ascent_m, 'elevation')}, ` +
        `descent ${fq(compact.descent_m, 'elevation')}; on road ${percent(compact.share_by_class.road)}, ` +
        `GO ${percent(compact.share_by_class.go)}, SLOW-GO ${percent(compact.share_by_class.slow_go)}.`,
    );
    noLongFloats(q.answer);
  });

  test('summary, line of sight and landing zones run their tools', async ({ svc }) => {
    const summary = await answered(svc, mapId, 'Give me a summary of the terrain');
    assert.is(summary.tool_calls[0].name, 'terrain_summary');
    assert.is(summary.tool_calls[0].result.terrain_job_id, jobId);
    const area = summary.tool_calls[0].result.summary.area_km2;
    assert.ok(area > 0);
    const opening = `${PREFIX}Terrain summary of the map (terrain job ${jobId}): area ${fq(area, 'area')}, elevation `;
    assert.ok(summary.answer.startsWith(opening), summary.answer);
    noLongFloats(summary.answer);

    const sight = await answered(svc, mapId, 'line of sight from 60.155, 24.94 to 60.165, 24.96');
    const direct = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: {
        type: 'line_of_sight',
        observer: { position: [24.94, 60.155], height_m: 2 },
        target: { position: [24.96, 60.165], height_m: 0 },
      },
    });
    assert.is(direct.body.status, 'success', direct.text);
    const [call] = sight.tool_calls;
    assert.is(call.result.visible, direct.body.result.visible);
    assert.is(call.result.ground_distance_m, direct.body.result.ground_distance_m);
    assert.is(call.result.profile, undefined);
    const verdict = direct.body.result.visible ? ': visible over' : ': not visible over';
    assert.ok(sight.answer.includes(verdict), sight.answer);
    noLongFloats(sight.answer);

    const zones = await answered(svc, mapId, 'landing zones near 60.16, 24.95 within 400 m');
    assert.equal(zones.tool_calls[0].arguments, { center: [24.95, 60.16], radius_m: 400 });
    const lz = zones.tool_calls[0].result;
    assert.is(lz.aircraft_size, 2);
    const head = `${PREFIX}${lz.candidates} landing-zone candidate(s) for size class 2`;
    assert.ok(zones.answer.startsWith(head), zones.answer);
    noLongFloats(zones.answer);
  });

  test('what it cannot parse it says plainly; a failing tool is recorded with its error', async ({ svc }) => {
    const q = await answered(svc, mapId, 'Where should the battalion attack?');
    assert.is(q.status, 'answered');
    assert.is(q.answer, cannotParseAnswer());
    assert.equal(q.tool_calls, []);
    assert.is(q.provenance.attempts, 1);

    const outside = await answered(svc, mapId, 'elevation at 10.5, 0.5');
    assert.is(outside.status, 'answered');
    assert.is(outside.tool_calls[0].result, undefined);
    assert.match(outside.tool_calls[0].error, /No terrain job of map .* covers \(0\.5, 10\.5\)/);
    assert.is(outside.answer, `${PREFIX}The point_query tool failed: ${outside.tool_calls[0].error}`);

    const oneStep = await ask(svc, mapId, { question: 'summary', max_steps: 1 });
    const ended = await pollQuestion(svc, oneStep.body.id);
    assert.equal([ended.max_steps, ended.tool_calls], [1, []]);
    assert.match(ended.answer, /needs two steps/);
  });

  test("the map's list, newest first, paged; 422s; access", async ({ svc }) => {
    const list = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain-questions?size=2`, { key: svc.key });
    assert.is(list.status, 200, list.text);
    assert.is(list.body.size, 2);
    assert.is(list.body.items.length, 2);
    assert.ok(list.body.total >= 8);
    assert.is(list.body.pages, Math.ceil(list.body.total / 2));
    assert.is(list.body.items[0].question, 'summary');
    const failedOnly = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain-questions?status=failed`, {
      key: svc.key,
    });
    assert.equal([failedOnly.status, failedOnly.body.total], [200, 0]);

    for (const [body, loc] of [
      [{}, ['body', 'question']],
      [{ question: '' }, ['body', 'question']],
      [{ question: '  \n ' }, ['body', 'question']],
      [{ question: 'x'.repeat(2001) }, ['body', 'question']],
      [{ question: 'summary', max_steps: 0 }, ['body', 'max_steps']],
      [{ question: 'summary', max_steps: 13 }, ['body', 'max_steps']],
      [{ question: 'summary', max_steps: 1.5 }, ['body', 'max_steps']],
      [{ question: 'summary', tools: [] }, ['body', 'tools']],
      [{ question: 7 }, ['body', 'question']],
    ] as const) {
      const r = await ask(svc, mapId, body);
      assert.is(r.status, 422, `${JSON.stringify(body).slice(0, 80)}: ${r.text}`);
      assert.equal(r.body.detail[0].loc, loc, r.text);
    }
    assert.is((await ask(svc, 'not-a-uuid', { question: 'summary' })).status, 422);
    assert.is((await http(svc.url, 'GET', '/api/terrain-questions/nope', { key: svc.key })).status, 422);

    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.is((await ask(svc, unknown, { question: 'summary' })).status, 404);
    assert.is((await http(svc.url, 'GET', `/api/terrain-questions/${unknown}`, { key: svc.key })).status, 404);
    const other = await svc.newAccount('other');
    const mine = list.body.items[0].id;
    assert.is((await ask(svc, mapId, { question: 'summary' }, other.key)).status, 403);
    assert.is((await http(svc.url, 'GET', `/api/terrain-questions/${mine}`, { key: other.key })).status, 403);
    assert.is((await http(svc.url, 'GET', `/api/maps/${mapId}/terrain-questions`, { key: other.key })).status, 403);
    assert.is((await ask(svc, mapId, { question: 'summary' }, null as unknown as string)).status, 401);
    const total = (await http(svc.url, 'GET', `/api/maps/${mapId}/terrain-questions`, { key: svc.key })).body.total;
    assert.is(total, list.body.total, 'refused questions were not recorded');

    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const post = doc.paths['/api/maps/{map_id}/terrain-questions'].post;
    assert.equal(post.requestBody.content['application/json'].schema, ref('TerrainQuestionRequest'));
    assert.equal(post.responses['202'].content['application/json'].schema, ref('TerrainQuestionResponse'));
    assert.ok(post.responses['422'] && post.responses['403'] && post.responses['404']);
    const one = doc.paths['/api/terrain-questions/{question_id}'].get;
    assert.equal(one.responses['200'].content['application/json'].schema, ref('TerrainQuestionResponse'));
    const listed = doc.paths['/api/maps/{map_id}/terrain-questions'].get;
    assert.equal(listed.responses['200'].content['application/json'].schema, ref('ListTerrainQuestionResponse'));
  });

  // Last: stops the service's workers, so the question stays pending and is run here with a chosen model.
  test('a model failing after a tool call: failed, its code, the call and result kept, logged', async ({ svc }) => {
    await svc.service.pipeline?.close();
    const r = await ask(svc, mapId, { question: 'elevation at 60.16, 24.95' });
    assert.is(r.status, 202, r.text);
    let turns = 0;
    const flaky = createLanguageModel({
      adapter: 'openai',
      model: 'flaky',
      async turn() {
        if (++turns === 2) throw new LanguageModelError('LLM_TIMEOUT', 'no answer in time');
        const call = { id: 'call_a', name: 'point_query', arguments: { lon: 24.95, lat: 60.16 } };
        return { text: '', toolCalls: [call], usage: { prompt_tokens: 1, completion_tokens: 1 }, truncated: false };
      },
      async close() {},
    });
    const lines: any[] = [];
    const logger = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          lines.push(JSON.parse(line));
        },
      },
    );
    const { store, db, providers, blobStore } = svc.service;
    const question = (await loadTerrainQuestion(store, r.body.id)) as TerrainQuestion;
    await runTerrainQuestion(
      {
        store,
        knex: db.knex,
        providers,
        blobStore,
        languageModel: flaky,
        logger,
      },
      question,
    );
    const ended = await pollQuestion(svc, r.body.id);
    const direct = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain/point?lon=24.95&lat=60.16`, { key: svc.key });
    assert.equal(
      [ended.status, ended.error, ended.answer],
      ['failed', { code: 'LLM_TIMEOUT', message: 'no answer in time' }, null],
    );
    assert.equal(
      ended.tool_calls.map((c: any) => [c.id, c.name, c.arguments, c.result]),
      [['call_a', 'point_query', { lon: 24.95, lat: 60.16 }, direct.body]],
    );
    const logged = lines.filter((line) => line.msg === 'terrain agent tool call');
    assert.is(logged.length, 1);
    assert.equal(
      [logged[0].question_id, logged[0].tool, logged[0].arguments, logged[0].ok, logged[0].result],
      [r.body.id, 'point_query', { lon: 24.95, lat: 60.16 }, true, direct.body],
    );
    assert.ok(Number.isInteger(logged[0].duration_ms));
  });
});

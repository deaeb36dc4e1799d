// POST /api/llm-simulations/ with a scenario, on PGlite and PostgreSQL: the war game adjudicated on
// the map's prepared terrain (domain/wargame) instead of drafted — the record's turns equal the game
// computed here from the same terrain artifacts and seed, the same request gives the same record,
// the criteria carry the war-game measures; a map without terrain fails the job TERRAIN_NOT_READY;
// a scenario with two main efforts or a map of another operation is a 422 naming it; the COA
// comparison across two COAs equals the one computed here.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { readWargameTerrain } from '../../workers/generation/read-wargame-terrain.ts';
import { adjudicateWargame } from '../../domain/wargame/adjudicate-wargame.ts';
import { rasterTerrainSamplers } from '../../domain/wargame/raster-terrain-samplers.ts';
import { wargameArea } from '../../domain/wargame/wargame-area.ts';
import { compareCoas } from '../../domain/wargame/compare-coas.ts';
import { coaComparisonMarkdown } from '../../domain/wargame/wargame-markdown.ts';
import { evaluationCriteria } from '../../domain/llm-simulation/evaluation-criteria.ts';
import { NO_TERRAIN, toWargameScenario, type WargameScenarioData } from '../../domain/wargame/wargame-scenario-data.ts';

const AREA = [24.93, 60.15, 25.0, 60.18] as const;

const scenarioOn = (mapId: string): WargameScenarioData => ({
  map_id: mapId,
  h_hour: '2026-05-01T04:00:00Z',
  objective_nlt: '2026-05-01T04:30:00Z',
  friendly: [
    {
      id: 'a',
      name: 'A Co',
      echelon: 'company',
      role: 'main_effort',
      combat_power: 3,
      speed_class: 'wheeled',
      weapon_class: 'ifv',
      axis: [
        [24.945, 60.158],
        [24.985, 60.172],
      ],
      objective: 'OBJ SAND',
    },
    {
      id: 'c',
      name: 'C Co',
      echelon: 'company',
      role: 'reserve',
      combat_power: 2,
      speed_class: 'wheeled',
      weapon_class: 'ifv',
      axis: [
        [24.945, 60.156],
        [24.985, 60.171],
      ],
      objective: 'OBJ SAND',
    },
  ],
  enemy: [
    {
      id: 'e',
      name: 'Enemy Plt',
      combat_power: 1,
      weapon_class: 'atgm',
      posture: 'prepared_defence',
      position: [24.986, 60.1725],
      reaction: 'defend',
    },
  ],
  obstacles: [{ id: 'o', name: 'Minefield ONE', kind: 'minefield', position: [24.965, 60.165] }],
  chokepoints: [],
  combat_power_threshold: 0.8,
  decisions: { main_effort_delayed: 'commit_reserve', combat_power_low: 'commit_reserve' },
});

async function statementOf(svc: TestService, operationId: string) {
  const coa = await http(svc.url, 'POST', '/api/coa-statements/', {
    key: svc.key,
    body: { operation_id: operationId, name: 'COA 1: Northern axis', description: 'Seize OBJ SAND.' },
  });
  assert.is(coa.status, 200, coa.text);
  return coa.body.id as string;
}

forEachBackend('adjudicated war game over HTTP', (test) => {
  test('turns computed on the terrain, reproducible; TERRAIN_NOT_READY; 422s', async ({ svc }) => {
    const { operationId, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(...AREA));
    const terrainJob = await requestJob(svc, mapId, boundary);
    await expectJobSuccess(svc, terrainJob);
    const coa = await statementOf(svc, operationId);
    const scenario = scenarioOn(mapId);
    const body = { coa_statement_id: coa, method: 'belt', seed: 5, scenario };

    const run = async () => {
      const r = await http(svc.url, 'POST', '/api/llm-simulations/', { key: svc.key, body });
      assert.is(r.status, 200, r.text);
      const job = await pollGeneration(svc, r.body.id);
      assert.is(job.status, 'success', JSON.stringify(job.error));
      assert.ok(job.provenance.inputs.some((i: any) => i.kind === 'terrain_job' && i.id === terrainJob));
      return (await http(svc.url, 'GET', `/api/llm-simulations/${job.record_id}`, { key: svc.key })).body;
    };
    const record = await run();

    // The same game computed here from the terrain job's artifacts.
    const row = await svc.service.db.knex('terrain_jobs').where({ job_id: terrainJob }).first();
    const state = typeof row.state === 'string' ? JSON.parse(row.state) : row.state;
    const sources = {
      elevation: state.source_providers.elevation.fingerprint,
      land_cover: state.source_providers.land_cover.fingerprint,
      roads: state.source_providers.roads.fingerprint,
    };
    const area = wargameArea(toWargameScenario(scenario, { coa: '', method: 'belt', seed: 0, terrain: NO_TERRAIN }));
    const terrain = (await readWargameTerrain(svc.service.blobStore, sources, state.work_tiles, area))!;
    const game = adjudicateWargame(
      toWargameScenario(scenario, {
        coa: 'COA 1: Northern axis',
        method: 'belt',
        seed: 5,
        terrain: rasterTerrainSamplers(terrain),
      }),
    );
    assert.is(record.title, `COA 1: Northern axis: adjudicated war game, belt method, ${game.turns.length} turn(s)`);
    assert.is(record.model, null);
    assert.is(record.seed, 5);
    assert.equal(
      record.turns.map((t: any) => [t.turn, t.critical_event, t.action]),
      game.turns.map((t, i) => [i + 1, t.label, t.actions.join(' ') || 'No friendly action in this turn.']),
    );
    assert.ok(record.summary.startsWith(`*Adjudicated war game on terrain job ${terrainJob}: computed, not drafted.*`));
    assert.ok(record.summary.includes('### Synchronisation matrix'));
    const tempo = record.assessments.find((a: any) => a.criterion === 'Tempo');
    assert.equal({ score: tempo.score, starts: tempo.rationale.startsWith('tempo: ') }, { score: null, starts: true });
    // The breach on the axis is in the game and its record.
    assert.ok(record.turns.some((t: any) => t.action.includes('A Co halts at Minefield ONE (minefield)')));

    // Same request, same record content.
    const again = await run();
    assert.equal(again.turns, record.turns);
    assert.is(again.summary, record.summary);

    // A map of the same operation without terrain: the job fails TERRAIN_NOT_READY.
    const bare = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: operationId, name: 'bare' },
    });
    const r = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { ...body, scenario: { ...scenario, map_id: bare.body.id } },
    });
    assert.is(r.status, 200, r.text);
    const failed = await pollGeneration(svc, r.body.id);
    assert.is(failed.status, 'failed');
    assert.is(failed.error.code, 'TERRAIN_NOT_READY');

    // 422: two main efforts; a map of another operation; a latitude beyond 90°.
    const twoMain = { ...scenario, friendly: scenario.friendly.map((u) => ({ ...u, role: 'main_effort' })) };
    const refused = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { ...body, scenario: twoMain },
    });
    assert.is(refused.status, 422, refused.text);
    assert.equal(refused.body.detail[0].loc, ['body', 'scenario']);
    assert.match(refused.body.detail[0].msg, /a COA needs one main effort, got 2/);
    const other = await mapWithBoundary(svc, squareBoundary(...AREA));
    const foreign = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { ...body, scenario: { ...scenario, map_id: other.mapId } },
    });
    assert.is(foreign.status, 422, foreign.text);
    assert.equal(foreign.body.detail[0].loc, ['body', 'scenario', 'map_id']);
    const far = { ...scenario, enemy: [{ ...scenario.enemy[0]!, position: [24.9, 95] }] };
    const beyond = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { ...body, scenario: far },
    });
    assert.is(beyond.status, 422, beyond.text);

    // The comparison: a second COA on the same ground without the minefield on its axis.
    const coa2 = await http(svc.url, 'POST', '/api/coa-statements/', {
      key: svc.key,
      body: { operation_id: operationId, name: 'COA 2: Clear axis', description: 'Seize OBJ SAND.' },
    });
    const clear = { ...scenario, obstacles: [] };
    const r2 = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { coa_statement_id: coa2.body.id, method: 'belt', seed: 5, scenario: clear },
    });
    assert.is((await pollGeneration(svc, r2.body.id)).status, 'success');
    const compared = await http(svc.url, 'GET', `/api/operations/${operationId}/coa-comparison`, { key: svc.key });
    assert.is(compared.status, 200, compared.text);
    const game2 = adjudicateWargame(
      toWargameScenario(clear, {
        coa: 'COA 2: Clear axis',
        method: 'belt',
        seed: 5,
        terrain: rasterTerrainSamplers(terrain),
      }),
    );
    const expected = compareCoas([game2, game], evaluationCriteria(null));
    assert.equal(compared.body.comparison, JSON.parse(JSON.stringify(expected)));
    assert.is(compared.body.markdown, coaComparisonMarkdown(expected));
    assert.equal(
      compared.body.games.map((g: any) => [g.coa, g.terrain_job_id, g.decision_points]),
      [
        ['COA 2: Clear axis', terrainJob, game2.decision_points.length],
        ['COA 1: Northern axis', terrainJob, game.decision_points.length],
      ],
    );
    assert.equal(compared.body.left_out, []);
    // The clear axis is faster to the objective: the comparison recommends it.
    assert.ok(game2.objective_seized_minute! < game.objective_seized_minute!);
    assert.is(compared.body.comparison.recommendation.coa, 'COA 2: Clear axis');
    // The mission analysis's criteria, when the staff wrote them: by their words and weights.
    const criteria = (
      await http(svc.url, 'GET', `/api/mission-analysis/?operation_id=${operationId}&type=coa_evaluation_criteria`, {
        key: svc.key,
      })
    ).body;
    const items = [
      { text: 'Speed', definition: 'Time to OBJ SAND', unit_of_measure: 'min', benchmark: 'H+30', weight: 3 },
      { text: 'Civil considerations', definition: 'Effect on the population', weight: 1 },
    ];
    const put = await http(svc.url, 'PUT', `/api/mission-analysis/${criteria.id}`, { key: svc.key, body: { items } });
    assert.is(put.status, 200, put.text);
    const byStaff = await http(svc.url, 'GET', `/api/operations/${operationId}/coa-comparison`, { key: svc.key });
    const expectedByStaff = compareCoas([game2, game], evaluationCriteria(items));
    assert.equal(byStaff.body.comparison, JSON.parse(JSON.stringify(expectedByStaff)));
    assert.is(byStaff.body.comparison.criteria_source, 'mission_analysis');
    assert.equal(
      byStaff.body.comparison.rows.map((r: any) => [r.criterion, r.measure, r.weight]),
      [['Speed', 'tempo', 3]],
    );
    assert.equal(byStaff.body.comparison.not_computable, [
      'Civil considerations: no war-game measure fits it (scored by the staff, not here).',
    ]);
    const none = await http(svc.url, 'GET', `/api/operations/${other.operationId}/coa-comparison`, { key: svc.key });
    assert.is(none.status, 404, none.text);
    assert.match(none.body.detail, /has no adjudicated war game/);
  });
});

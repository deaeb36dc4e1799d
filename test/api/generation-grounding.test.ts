// Issue 13: drafts grounded in terrain figures and analysis results, over HTTP. A terrain job prepares
// a small area (the default synthetic sources), a route and a landing-zone survey run on it, and the
// rule-based drafts of mission analysis "terrain and weather" (OAKOC) and WARNO 1.b quote the map's
// terrain summary and the analyses' key results; the provenance lists the summary (its terrain job and
// product hash) and each analysis.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';

async function analysis(svc: TestService, mapId: string, body: unknown) {
  const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body });
  assert.ok(r.status === 201 || r.status === 202, r.text);
  for (let i = 0; i < 1200; i++) {
    const a = await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key });
    if (['success', 'failed', 'cancelled'].includes(a.body.status)) {
      assert.is(a.body.status, 'success', a.text);
      return a.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`analysis ${r.body.id} not terminal`);
}

const record = async (svc: TestService, kind: string, op: string, type: string) =>
  (await http(svc.url, 'GET', `/api/${kind}/?operation_id=${op}&type=${type}`, { key: svc.key })).body;

async function generated(svc: TestService, kind: string, op: string, type: string) {
  const target = await record(svc, kind, op, type);
  const r = await http(svc.url, 'POST', `/api/${kind}/${target.id}/generate`, { key: svc.key, body: {} });
  assert.is(r.status, 200, r.text);
  const job = await pollGeneration(svc, r.body.id);
  assert.is(job.status, 'success', JSON.stringify(job.error));
  return { job, written: await record(svc, kind, op, type) };
}

forEachBackend('generation grounded in terrain and analyses', (test) => {
  test('mission analysis OAKOC and WARNO 1.b quote the terrain summary and the analyses; provenance lists them', async ({
    svc,
  }) => {
    const { operationId: op, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.45, 24.97, 60.47));
    const jobId = await requestJob(svc, mapId, boundary);
    await expectJobSuccess(svc, jobId);
    const route = await analysis(svc, mapId, {
      type: 'route',
      movement: 'foot',
      waypoints: [
        [24.945, 60.46],
        [24.955, 60.46],
      ],
    });
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [24.945, 60.455],
          [24.955, 60.455],
          [24.955, 60.462],
          [24.945, 60.462],
          [24.945, 60.455],
        ],
      ],
    };
    const zones = await analysis(svc, mapId, { type: 'landing_zones', area, aircraft_size: 2, max_candidates: 5 });
    const { job, written } = await generated(svc, 'mission-analysis', op, 'terrain_and_weather');
    assert.equal(job.provenance.inputs.slice(2), [
      { kind: 'map', id: mapId, version: '3' },
      { kind: 'terrain_job', id: jobId, version: 'success' },
      // The product's hash: same sources and area → same summary (the synthetic sources are fixed).
      { kind: 'terrain_summary', id: jobId, version: 'summary-v3:52521261e5a69809' },
      { kind: 'analysis', id: zones.id, version: 'success' },
      { kind: 'analysis', id: route.id, version: 'success' },
    ]);
    const routeLine =
      'Route (foot) from 35VLH8698204406 to 35VLH8753004389: 546 m in 11 min (road 0.0%, GO 100.0%, SLOW-GO 0.0%)';
    const zonesLine =
      'Landing-zone survey (aircraft size 2): 5 suitable of 5 candidates ' +
      '(35VLH8753604597, 35VLH8749804598, 35VLH8746104599, 35VLH8742304600, 35VLH8738504601)';
    const mobility =
      'foot GO 100.0% / SLOW-GO 0.0% / NO-GO 0.0%; wheeled GO 91.6% / SLOW-GO 6.4% / NO-GO 2.0%; ' +
      'tracked GO 91.6% / SLOW-GO 8.4% / NO-GO 0.0%';
    const weather = 'Weather: not in the order, and the service holds no weather data (staff weather officer).';
    const noEvaluation =
      'No terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).';
    // The summary's AO sanity warnings: every layer it summarises is synthetic here.
    const warnings =
      'Terrain data warnings for AO map: ' +
      ['elevation', 'land_cover', 'roads']
        .map((d) => `${d} was prepared from synthetic data (generated, not a survey of the ground): do not plan on it`)
        .join('; ') +
      '.';
    // The map's boundary (the AO drawn for the terrain job) read from the read model, its corners in MGRS.
    const AREA_EXTENT =
      'Extent of the area (map boundary, corners in MGRS): 35VLH8619405544, 35VLH8839305476, 35VLH8832403249, ' +
      '35VLH8612403318. [1]';
    const opening = [
      RULE_BASED_MARK,
      'The area is drawn on map AO map.',
      'Terrain data is prepared for AO map: see the terrain analyses of that map.',
    ];
    // No order and no terrain evaluation: their lines first, then the summary's figures (issue 24).
    assert.equal(written.text.split('\n\n'), [
      RULE_BASED_MARK,
      noEvaluation,
      weather,
      ...opening.slice(1),
      'Terrain of AO map (terrain summary, 4.9 km²):',
      'Observation and fields of fire: elevation 117–122 m (mean 119 m); no viewshed or line of sight analysed yet.',
      `Avenues of approach: roads 7.8 km (residential 5.6 km, tertiary 2.3 km); cross-country ${mobility}; ${routeLine}.`,
      `Key terrain (summary): the high ground reaches 122 m; ${zonesLine}.`,
      'Obstacles: NO-GO foot 0.0%, wheeled 2.0%, tracked 0.0%; slopes over 30° 0.0%.',
      'Cover and concealment: tree cover 2.0%, built-up 8.9%.',
      warnings,
    ]);
    const warno = await generated(svc, 'warno', op, 'area_of_operations');
    assert.is(warno.job.provenance.prompt_version, 'warno.v2');
    assert.equal(
      warno.job.provenance.inputs.map((i: { kind: string }) => i.kind),
      ['operation', 'planning_record', 'map', 'terrain_job', 'terrain_summary', 'analysis', 'analysis'],
    );
    assert.equal(warno.written.text.split('\n\n'), [
      RULE_BASED_MARK,
      AREA_EXTENT,
      noEvaluation,
      weather,
      'Sources: [1] operation map boundary',
      ...opening.slice(1),
      'Terrain of AO map: 4.9 km²; elevation 117–122 m (mean 119 m); slope 0-5° 100.0%; ' +
        `land cover Cropland 88.3%, Built-up 8.9%, Tree cover 2.0%, Grassland 0.8%; mobility ${mobility}; ` +
        'roads 7.8 km (residential 5.6 km, tertiary 2.3 km).',
      warnings,
      `${zonesLine}.`,
      `${routeLine}.`,
    ]);
    const movement = await generated(svc, 'warno', op, 'initial_movement_instructions');
    assert.equal(movement.written.text.split('\n\n'), [
      RULE_BASED_MARK,
      "No higher headquarters' order attached (or none recognised in the operation's documents). " + noEvaluation,
      'Routes analysed:',
      `${routeLine}.`,
    ]);
  });
});

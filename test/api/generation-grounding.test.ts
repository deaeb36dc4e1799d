// Issue 13: drafts grounded in terrain figures and analysis results, over HTTP. A terrain job prepares
// a small area (the default synthetic sources), a route and a landing-zone survey run on it, and the
// rule-based drafts of mission analysis "terrain and weather" (OAKOC) and WARNO 1.b quote the map's
// terrain summary and the analyses' key results; the provenance lists the summary (its terrain job and
// product hash) and each analysis.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';
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
  test('mission analysis OAKOC and WARNO 1.b quote the terrain summary and the analyses; provenance lists them', async ({ svc }) => {
    const { operationId: op, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
    const jobId = await requestJob(svc, mapId, boundary);
    assert.is((await pollJob(svc, jobId)).at(-1).status, 'success');
    const route = await analysis(svc, mapId, { type: 'route', movement: 'foot', waypoints: [[24.945, 60.16], [24.955, 60.16]] });
    const area = { type: 'Polygon', coordinates: [[[24.945, 60.155], [24.955, 60.155], [24.955, 60.162], [24.945, 60.162], [24.945, 60.155]]] };
    const zones = await analysis(svc, mapId, { type: 'landing_zones', area, aircraft_size: 2, max_candidates: 5 });
    const { job, written } = await generated(svc, 'mission-analysis', op, 'terrain_and_weather');
    assert.equal(job.provenance.inputs.slice(2), [
      { kind: 'map', id: mapId, version: '3' },
      { kind: 'terrain_job', id: jobId, version: 'success' },
      // The product's hash: same sources and area → same summary (the synthetic sources are fixed).
      { kind: 'terrain_summary', id: jobId, version: 'summary-v2:cce3106ec3413b96' },
      { kind: 'analysis', id: zones.id, version: 'success' },
      { kind: 'analysis', id: route.id, version: 'success' },
    ]);
    const routeLine = 'Route (foot) from 35VLG8594171009 to 35VLG8649470992: 551 m in 14 min (road 0.0%, GO 100.0%, SLOW-GO 0.0%)';
    const zonesLine = 'Landing-zone survey (aircraft size 2): 5 suitable of 5 candidates '
      + '(35VLG8594770571, 35VLG8594870609, 35VLG8594670533, 35VLG8594970647, 35VLG8594470495)';
    const mobility = 'foot GO 100.0% / SLOW-GO 0.0% / NO-GO 0.0%; wheeled GO 19.4% / SLOW-GO 4.4% / NO-GO 76.2%; '
      + 'tracked GO 23.8% / SLOW-GO 76.2% / NO-GO 0.0%';
    const weather = 'Weather: the service holds no weather data: TBD (staff weather officer).';
    // The summary's AO sanity warnings: every layer it summarises is synthetic here.
    const warnings = 'Terrain data warnings for AO map: '
      + ['elevation', 'land_cover', 'roads'].map((d) => `${d} was prepared from synthetic data (generated, not a survey of the ground): do not plan on it`).join('; ') + '.';
    const opening = [RULE_BASED_MARK, 'The area is drawn on map AO map.', 'Terrain data is prepared for AO map: see the terrain analyses of that map.'];
    assert.equal(written.text.split('\n\n'), [
      ...opening,
      'Terrain of AO map (terrain summary, 4.91 km²):',
      'Observation and fields of fire: elevation 129–136 m (mean 132 m); no viewshed or line of sight analysed yet.',
      `Avenues of approach: roads 2.4 km (secondary 2.4 km); cross-country ${mobility}; ${routeLine}.`,
      `Key terrain: TBD by the staff; the high ground reaches 136 m; ${zonesLine}.`,
      'Obstacles: NO-GO foot 0.0%, wheeled 76.2%, tracked 0.0%; slopes over 30° 0.0%.',
      'Cover and concealment: tree cover 77.3%, built-up 0.0%.',
      warnings,
      weather,
    ]);
    const warno = await generated(svc, 'warno', op, 'area_of_operations');
    assert.is(warno.job.provenance.prompt_version, 'warno.v2');
    assert.equal(warno.job.provenance.inputs.map((i: { kind: string }) => i.kind),
      ['operation', 'planning_record', 'map', 'terrain_job', 'terrain_summary', 'analysis', 'analysis']);
    assert.equal(warno.written.text.split('\n\n'), [
      ...opening,
      'Terrain of AO map: 4.91 km²; elevation 129–136 m (mean 132 m); slope 0-5° 100.0%; '
        + `land cover Tree cover 77.3%, Grassland 17.7%, Shrubland 4.4%, Cropland 0.6%; mobility ${mobility}; `
        + 'roads 2.4 km (secondary 2.4 km).',
      warnings,
      `${zonesLine}.`,
      `${routeLine}.`,
      weather,
    ]);
    const movement = await generated(svc, 'warno', op, 'initial_movement_instructions');
    assert.equal(movement.written.text.split('\n\n'), [RULE_BASED_MARK, 'Movement of Recon: TBD by the staff. Routes analysed:', `${routeLine}.`]);
  });
});

// Issue 25 end to end: a terrain evaluation (friendly start → objective) on a prepared synthetic
// terrain job and an OPORD written for that ground; a rule-based COA generation then drafts COAs on
// the evaluation's avenues with the unit's real companies, screens them on computed figures, records
// the evaluation and the order in its provenance, and draws the COA sketch as map layers that OGC API
// Features serves with their svc:layer_type.
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { mgrsReference } from '../../../domain/analysis-job/mgrs-reference.ts';
import { http, startTestService } from '../../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../../support/terrain-flow.ts';
import { upload, waitForText } from '../../support/document-http.ts';
import { pollGeneration } from '../../support/generation-http.ts';

const OBJECTIVE: [number, number] = [25.25, 60.52];
const order = (grid: string) => `OPERATION ORDER 09-26 (BIRCH)

Time Zone Used Throughout the Order: ZULU

1. SITUATION.
a. Enemy Forces.
(1) Composition, disposition and strength. One rifle platoon defends OBJ BIRCH.
(2) Most likely COA. The enemy defends OBJ BIRCH from prepared positions.

2. MISSION. 2-7 IN attacks NLT 271000Z NOV 26 to seize OBJ BIRCH (${grid}) in order to secure the crossroads.

3. EXECUTION.
a. Commander's Intent.
Purpose: Secure the crossroads.
End state: OBJ BIRCH held by 2-7 IN.
c. Tasks to Subordinate Units.
(1) 2-7 IN. Seize OBJ BIRCH (${grid}) NLT 271000Z NOV 26 in order to secure the crossroads.
d. Coordinating Instructions.
(1) Timeline: LD 270400Z NOV 26; OBJ BIRCH seized NLT 271000Z NOV 26.
`;

const test = suite('COA generation on facts [pglite]');
test('COAs on the avenues, real companies, computed screening, provenance, sketch layers in OGC', async () => {
  const svc = await startTestService('pglite');
  try {
    const {
      mapId,
      boundary,
      operationId: terrainOp,
    } = await mapWithBoundary(svc, squareBoundary(25.166, 60.508, 25.264, 60.532));
    const jobId = await requestJob(svc, mapId, boundary);
    await expectJobSuccess(svc, jobId);
    // The operation of the map is a cavalry squad (terrain-flow.ts): make it the infantry battalion.
    const patched = await http(svc.url, 'PUT', `/api/operations/${terrainOp}`, {
      key: svc.key,
      body: { unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
    });
    assert.is(patched.status, 200, patched.text);
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [25.17, 60.51],
          [25.26, 60.51],
          [25.26, 60.53],
          [25.17, 60.53],
          [25.17, 60.51],
        ],
      ],
    };
    const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: {
        type: 'terrain_evaluation',
        force: 'dismounted',
        echelon: 'company',
        area,
        start: { type: 'Point', coordinates: [25.18, 60.52] },
        objective: { type: 'Point', coordinates: OBJECTIVE },
      },
    });
    assert.is(r.status, 202, r.text);
    let done;
    for (const until = Date.now() + 600_000; ;) {
      done = (await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key })).body;
      if (['success', 'failed'].includes(done.status) || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.is(done.status, 'success', JSON.stringify(done).slice(0, 1000));
    const avenues = done.result.directions.find((d: any) => d.name === 'friendly').avenues;
    assert.ok(avenues.length >= 1, 'the synthetic terrain has an avenue to the objective');

    const grid = mgrsReference(OBJECTIVE)!;
    const up = await upload(svc, { operation_id: terrainOp }, [{ name: 'opord-birch.txt', bytes: order(grid) }]);
    assert.is(up.status, 200, up.text);
    await waitForText(svc, up.body.items[0].id);
    for (const until = Date.now() + 15_000; ;) {
      const o = await http(svc.url, 'GET', `/api/operations/${terrainOp}/orders`, { key: svc.key });
      if (o.body.items.every((item: any) => item.read_at !== null)) break;
      if (Date.now() > until) assert.unreachable('order not read');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const count = Math.min(2, avenues.length + 1);
    const gen = await http(svc.url, 'POST', '/api/coa-statements/generate', {
      key: svc.key,
      body: { operation_id: terrainOp, count },
    });
    assert.is(gen.status, 200, gen.text);
    const job = await pollGeneration(svc, gen.headers.get('location')!.replace('/api/generation-jobs/', ''));
    assert.is(job.status, 'success', JSON.stringify(job).slice(0, 2000));
    assert.equal(
      job.coa_screening.map((s: any) => s.name),
      Array.from({ length: count }, (_, i) => `COA ${i + 1}: ${job.coa_screening[i].name.split(': ')[1]}`),
    );
    assert.match(job.coa_screening[0].name, / on AA 1$/);
    const kinds = job.provenance.inputs.map((i: any) => i.kind);
    assert.ok(kinds.includes('analysis') && kinds.includes('order'), kinds.join(', '));
    const first = job.coa_screening[0];
    assert.match(
      first.screening.feasible.rationale,
      /Force ratio: Main effort 2 company equivalent\(s\) against 0\.33/,
    );
    assert.match(first.screening.feasible.rationale, /6:1 meets the 3:1 minimum for a deliberate attack/);
    assert.is(first.screening.complete.verdict, 'meets', first.screening.complete.rationale);
    const statement = (await http(svc.url, 'GET', `/api/coa-statements/${first.coa_statement_id}`, { key: svc.key }))
      .body;
    assert.match(statement.description, /2-7 IN conducts a .* along AA 1/);
    assert.match(statement.description, /Main effort: A Company \(rifle\) and B Company \(rifle\) on AA 1/);
    assert.not.match(statement.description, /TF \d/);

    const collections = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections`, { key: svc.key });
    const sketch = collections.body.collections.filter((c: any) =>
      ['coa_axis', 'coa_objective', 'phase_line', 'coa_reserve'].includes(c['svc:layer_type']),
    );
    const axis = sketch.find((c: any) => c['svc:layer_type'] === 'coa_axis');
    assert.ok(axis, 'coa_axis layer listed');
    const items = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections/${axis.id}/items?limit=100`, {
      key: svc.key,
    });
    assert.is(items.status, 200, items.text);
    const main = items.body.features.find(
      (f: any) => f.properties.coa === 'COA 1' && f.properties.role === 'main_effort',
    );
    assert.ok(main, 'COA 1 main effort axis');
    assert.is(main.geometry.type, 'LineString');
    assert.equal(main.properties.units, ['A Company (rifle)', 'B Company (rifle)']);
  } finally {
    await svc.close();
  }
});
test.run();

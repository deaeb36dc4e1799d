// Issue 24 (3), the WARNO in one request: an OPORD uploaded to an operation is read; POST
// /api/operations/{id}/warno/draft answers 202 with one generation job that drafts all 28 WARNO
// paragraphs (progress 28 of 28), each from the order — the restated mission, "no fires on Künzell"
// in the coordinating instructions, the DTGs in the timeline — none saying "TBD" where the order
// holds the fact; a paragraph a person wrote makes the request 409 unless overwrite; access rules.
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { upload, waitForText } from '../support/document-http.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { WARNO_TYPES } from '../../domain/planning-record/planning-catalogues.ts';

const OPORD = readFileSync(new URL('./fixtures/opord-steel.md', import.meta.url), 'utf8');

async function operationWithOrder(svc: TestService) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key: svc.key,
    body: { name: 'Iron Anvil', unit: 'Task Force 1-66 Armor', branch: 'armor', echelon: 'battalion' },
  });
  assert.is(r.status, 200, r.text);
  const op = r.body.id as string;
  const up = await upload(svc, { operation_id: op }, [{ name: 'opord-07-26.md', bytes: OPORD }]);
  assert.is(up.status, 200, up.text);
  await waitForText(svc, up.body.items[0].id);
  for (let i = 0; ; i++) {
    const orders = await http(svc.url, 'GET', `/api/operations/${op}/orders`, { key: svc.key });
    if (orders.body.items.every((item: any) => item.read_at !== null)) break;
    if (i > 500) assert.unreachable('orders not read');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return op;
}

const paragraph = async (svc: TestService, op: string, type: string) =>
  (await http(svc.url, 'GET', `/api/warno/?operation_id=${op}&type=${type}`, { key: svc.key })).body;

forEachBackend('warno draft', (test) => {
  test('one request, one job, 28 paragraphs drafted from the order', async ({ svc }) => {
    const op = await operationWithOrder(svc);
    const r = await http(svc.url, 'POST', `/api/operations/${op}/warno/draft`, { key: svc.key, body: {} });
    assert.is(r.status, 202, r.text);
    assert.is(r.headers.get('location'), `/api/generation-jobs/${r.body.id}`);
    const job = await pollGeneration(svc, r.body.id);
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal([job.kind, job.record_id, job.record_type], ['warno_paragraphs', op, 'warno']);
    assert.equal([job.progress.step, job.progress.of], [WARNO_TYPES.length, WARNO_TYPES.length]);
    assert.match(job.progress.label, /^Drafting WARNO 5\.c Signal/);
    assert.ok(job.provenance.inputs.some((i: any) => i.kind === 'order'));
    const mission = await paragraph(svc, op, 'mission');
    assert.match(
      mission.text,
      /\n\nTask Force 1-66 Armor seizes OBJ STEEL \(32UNB 5520 4280\) NLT 270500Z NOV 26 \(2026-11-27T05:00:00Z\) in order to secure the crossings\. \[1\]\[2\]\n\n/,
    );
    assert.equal([mission.version, mission.text_updated_by.origin], [1, 'generated']);
    const coordinating = await paragraph(svc, op, 'coordinating_instructions');
    assert.match(coordinating.text, /Prohibited \(order\): No fires on Künzell\./);
    const timeline = await paragraph(svc, op, 'timeline');
    assert.ok(
      timeline.items.some((i: any) => i.at === '2026-11-27T05:00:00Z'),
      JSON.stringify(timeline.items),
    );
    assert.ok(timeline.items.every((i: any) => i.cites.length > 0));
    for (const type of WARNO_TYPES) {
      const written = await paragraph(svc, op, type);
      assert.is(written.version, 1, type);
      assert.not.match(written.text, /TBD/, `${type}: ${written.text}`);
    }
  });

  test("a person's paragraph: 409 unless overwrite; other accounts 403", async ({ svc }) => {
    const op = await operationWithOrder(svc);
    const signal = await paragraph(svc, op, 'signal');
    const put = await http(svc.url, 'PUT', `/api/warno/${signal.id}`, { key: svc.key, body: { text: 'SOI 12-26' } });
    assert.is(put.status, 200, put.text);
    const refused = await http(svc.url, 'POST', `/api/operations/${op}/warno/draft`, { key: svc.key, body: {} });
    assert.is(refused.status, 409, refused.text);
    assert.match(refused.body.detail ?? refused.text, /signal/);
    const other = (await svc.newAccount()).key;
    const forbidden = await http(svc.url, 'POST', `/api/operations/${op}/warno/draft`, { key: other, body: {} });
    assert.is(forbidden.status, 403, forbidden.text);
    const r = await http(svc.url, 'POST', `/api/operations/${op}/warno/draft`, {
      key: svc.key,
      body: { overwrite: true },
    });
    assert.is(r.status, 202, r.text);
    assert.is((await pollGeneration(svc, r.body.id)).status, 'success');
    assert.match((await paragraph(svc, op, 'signal')).text, /^\*Rule-based draft/);
  });
});

// Issue 20, "children of a deleted operation": DELETE /api/operations/{id} racing 16 PUTs of it,
// 8 POST /api/maps/, 4 layers added to one of its maps and 4 COA statements. Whatever the
// interleaving, no event of the operation follows its OperationDeleted in the log (a child is
// created before the deletion or refused with 404), and every child the API acknowledged was
// recorded before the deletion. 20 rounds on each backend.
import * as assert from 'uvu/assert';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type HttpResult } from '../support/test-service.ts';

const ROUNDS = 20;
const operation = { name: 'Race', unit: 'Unit', branch: 'armor', echelon: 'company' };
const square = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10, 50],
            [10.01, 50],
            [10.01, 50.01],
            [10, 50.01],
            [10, 50],
          ],
        ],
      },
    },
  ],
};

forEachBackend('children of a deleted operation', (test) => {
  test(`${ROUNDS} rounds: a delete racing updates and child creations leaves no child after it`, async ({ svc }) => {
    const key = svc.key;
    let refused = 0;
    let created = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const opBody = { ...operation, name: `Race ${round}` };
      const op = (await http(svc.url, 'POST', '/api/operations/', { key, body: opBody })).body;
      const mapBody = { operation_id: op.id, name: 'existing' };
      const map = (await http(svc.url, 'POST', '/api/maps/', { key, body: mapBody })).body;
      const requests: Array<{ what: string; send: () => Promise<HttpResult> }> = [];
      const send = (what: string, method: string, path: string, body?: unknown) =>
        requests.push({ what, send: () => http(svc.url, method, path, { key, body }) });
      for (let i = 0; i < 16; i++) send('update', 'PUT', `/api/operations/${op.id}`, { description: `edit ${i}` });
      for (let i = 0; i < 8; i++) send('map', 'POST', '/api/maps/', { operation_id: op.id, name: `map ${i}` });
      for (let i = 0; i < 4; i++) {
        const layer = { type: 'annotation', title: `layer ${i}`, feature_collection: square };
        send('layer', 'POST', `/api/maps/${map.id}/features`, layer);
        send('coa', 'POST', '/api/coa-statements/', { operation_id: op.id, name: `COA ${i}` });
      }
      // The delete goes out at a different place in the burst each round (first, last and between).
      const at = Math.round((round / (ROUNDS - 1)) * requests.length);
      const remove = () => http(svc.url, 'DELETE', `/api/operations/${op.id}`, { key });
      requests.splice(at, 0, { what: 'delete', send: remove });
      const answers = await Promise.all(requests.map(async (r) => ({ what: r.what, answer: await r.send() })));

      const deleted = answers.find((a) => a.what === 'delete')!.answer;
      assert.is(deleted.status, 200, `round ${round}: delete → ${deleted.status} ${deleted.text}`);
      for (const { what, answer } of answers) {
        if (what === 'delete') continue;
        // Refused because the operation (or the map with it) is gone: 404; 409 only for a PUT that kept
        // losing its retries to the burst.
        const allowed = what === 'update' ? [200, 404, 409] : what === 'layer' ? [201, 404] : [200, 404];
        assert.ok(allowed.includes(answer.status), `round ${round}: ${what} → ${answer.status} ${answer.text}`);
        if (what !== 'update') {
          if (answer.status === 404) refused++;
          else created++;
        }
      }

      const events = (await readAll(svc.service.store)).filter((e) => e.metadata.operation_id === op.id);
      const deletion = events.find((e) => e.type === 'OperationDeleted')!;
      const after = events.filter((e) => e.position > deletion.position).map((e) => `${e.type} ${e.stream_id}`);
      assert.equal(after, [], `round ${round}: events of the operation after its deletion`);
      // Every acknowledged child is recorded (before the deletion, by the check above).
      for (const { what, answer } of answers) {
        if (answer.status !== 200 && answer.status !== 201) continue;
        const id = what === 'map' || what === 'coa' ? answer.body.id : what === 'layer' ? answer.body.layer_id : null;
        if (!id) continue;
        assert.ok(
          events.some((e) => JSON.stringify(e.data).includes(id)),
          `round ${round}: ${what} ${id} recorded`,
        );
      }
    }
    console.log(`  [${svc.backend}] children acknowledged before the deletion: ${created}, refused: ${refused}`);
  });
});

async function readAll(store: { readAll(o: { after?: number; limit?: number }): Promise<RecordedEvent[]> }) {
  const all: RecordedEvent[] = [];
  for (;;) {
    const batch = await store.readAll({ after: all.at(-1)?.position ?? 0, limit: 5000 });
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

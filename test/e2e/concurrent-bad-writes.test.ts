// Defect 3 of issue 9 over HTTP: writes the database would refuse (U+0000, unpaired surrogates),
// sent in parallel with 120 valid creates, fail alone with a 422; every valid write answers 200
// and is readable. (Whichever layer refuses the bad text, validation or the event store, nothing
// of it is written and no neighbour fails.)
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';

const valid = { unit: 'Unit', branch: 'armor', echelon: 'company' };
const refused = [
  { name: 'nul \u0000 in a name' },
  { name: 'lone \ud800 high' },
  { name: 'lone \udc00 low' },
  { name: 'ok', unit: 'nul \u0000 in a unit' },
  { name: 'ok', description: 'surrogate \udbff in a description' },
  { name: 'ok', description: '\u0000' },
  { name: '\ud83d' },
];

forEachBackend('concurrent valid and refused writes', (test) => {
  test('120 valid creates and 7 refused ones in parallel: each valid one 200 and readable', async ({ svc }) => {
    const before = (await http(svc.url, 'GET', '/api/operations/?size=1', { key: svc.key })).body.total;
    const bodies = [
      ...Array.from({ length: 120 }, (_, i) => ({ body: { ...valid, name: `valid ${i}` }, bad: false })),
      ...refused.map((bad) => ({ body: { ...valid, ...bad }, bad: true })),
    ];
    // Interleave the refused writes among the valid ones, as a load test would.
    bodies.sort((a, b) => Number(a.body.name < b.body.name) - Number(a.body.name > b.body.name));
    const post = (body: unknown) => http(svc.url, 'POST', '/api/operations/', { key: svc.key, body });
    const answers = await Promise.all(bodies.map(({ body }) => post(body)));
    answers.forEach((answer, i) => {
      const expected = bodies[i]!.bad ? 422 : 200;
      assert.is(answer.status, expected, `${JSON.stringify(bodies[i]!.body)} → ${answer.status} ${answer.text}`);
    });
    for (const [i, answer] of answers.entries()) {
      if (bodies[i]!.bad) continue;
      const read = await http(svc.url, 'GET', `/api/operations/${answer.body.id}`, { key: svc.key });
      assert.is(read.status, 200);
      assert.is(read.body.name, bodies[i]!.body.name);
    }
    const after = (await http(svc.url, 'GET', '/api/operations/?size=1', { key: svc.key })).body.total;
    assert.is(after - before, 120, 'exactly the valid writes were stored');
  });
});

// Issue 10, items 1–3, 6–8: the doctrine catalogues, mission analysis and WARNO records (one per
// operation and type, stable ids, no write on GET), items with provenance, If-Match, history and
// as_of, access through the operation, and the 422s.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { MISSION_ANALYSIS_TYPES, WARNO_TYPES } from '../../domain/planning-record/planning-catalogues.ts';

async function newOperation(svc: TestService, key = svc.key) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key,
    body: { name: 'Op', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
  });
  assert.is(r.status, 200, r.text);
  return r.body.id as string;
}

const read = (svc: TestService, kind: string, operationId: string, type: string, extra = '', key = svc.key) =>
  http(svc.url, 'GET', `/api/${kind}/?operation_id=${operationId}&type=${type}${extra}`, { key });

forEachBackend('planning records', (test) => {
  test('the catalogues: mission-analysis products, the WARNO paragraph tree, COA-independent', async ({ svc }) => {
    const ma = await http(svc.url, 'GET', '/api/mission-analysis/fields', { key: svc.key });
    assert.is(ma.status, 200);
    assert.equal(ma.body, MISSION_ANALYSIS_TYPES);
    for (const t of [
      'tasks',
      'constraints',
      'facts_and_assumptions',
      'initial_risk_assessment',
      'ccir',
      'restated_mission',
      'commanders_initial_intent',
      'time_plan',
    ]) {
      assert.ok(ma.body.includes(t), t);
    }
    const warno = await http(svc.url, 'GET', '/api/warno/fields', { key: svc.key });
    assert.equal(Object.keys(warno.body), WARNO_TYPES);
    assert.equal(warno.body.situation.slice(0, 3), ['area_of_interest', 'area_of_operations', 'enemy_forces']);
    assert.equal(warno.body.execution, [
      'commanders_intent',
      'concept_of_operations',
      'tasks_to_subordinate_units',
      'coordinating_instructions',
    ]);
    assert.ok(warno.body.coordinating_instructions.includes('ccir'));
    assert.equal(warno.body.mission, []);
    for (const children of Object.values(warno.body) as string[][])
      for (const c of children) assert.ok(WARNO_TYPES.includes(c as never));
    assert.is((await http(svc.url, 'GET', '/api/warno/fields')).status, 401);
  });

  test('a record never written reads empty, with a stable id, and GET writes nothing', async ({ svc }) => {
    const op = await newOperation(svc);
    const head = await svc.service.store.headPosition();
    const a = await read(svc, 'mission-analysis', op, 'restated_mission');
    const b = await read(svc, 'mission-analysis', op, 'restated_mission');
    assert.is(a.status, 200);
    assert.is(a.body.id, b.body.id);
    assert.is(a.body.version, 0);
    assert.equal([a.body.text, a.body.items, a.body.content, a.body.created_at], [null, [], 'text', null]);
    assert.match(a.body.doctrine, /ATP 5-0\.2-1 substep 2\.12/);
    assert.is.not((await read(svc, 'mission-analysis', op, 'tasks')).body.id, a.body.id, 'one id per type');
    assert.is(await svc.service.store.headPosition(), head, 'no event appended');
  });

  test('items: provenance per item, unchanged items keep theirs, order and removals follow the list', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const id = (await read(svc, 'mission-analysis', op, 'tasks')).body.id;
    const first = await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, {
      key: svc.key,
      body: {
        text: 'Tasks from the brigade OPORD',
        items: [
          { kind: 'specified', text: 'Seize OBJ IRON', source: 'OPORD 03-26 para 3.b' },
          { kind: 'implied', text: 'Breach the obstacle belt at PL RED' },
        ],
      },
    });
    assert.is(first.status, 200, first.text);
    assert.is(first.headers.get('etag'), '"1"');
    const one = (await read(svc, 'mission-analysis', op, 'tasks')).body;
    assert.is(one.version, 1);
    assert.is(one.items.length, 2);
    const [seize, breach] = one.items;
    assert.equal([seize.kind, seize.source], ['specified', 'OPORD 03-26 para 3.b']);
    assert.equal(seize.updated_by.account_id, svc.accountId);
    assert.is(seize.updated_by.origin, 'human');
    assert.type(seize.updated_by.api_key_id, 'string');
    assert.is(one.text_updated_by.account_id, svc.accountId);

    const other = await svc.newAccount();
    await new Promise((r) => setTimeout(r, 5));
    // Same account, another key: the breach item changes, a new essential task goes first, seize stays.
    const key2 = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'S3' } })).body.key;
    const second = await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, {
      key: key2,
      body: {
        items: [
          { kind: 'essential', text: 'Seize OBJ IRON NLT 0600' },
          { item_id: seize.item_id, kind: 'specified', text: 'Seize OBJ IRON', source: 'OPORD 03-26 para 3.b' },
          { item_id: breach.item_id, kind: 'implied', text: 'Breach the obstacle belt at PL BLUE' },
        ],
      },
    });
    assert.is(second.status, 200, second.text);
    const two = (await read(svc, 'mission-analysis', op, 'tasks')).body;
    assert.is(two.version, 2);
    assert.equal(
      two.items.map((i: any) => i.text),
      ['Seize OBJ IRON NLT 0600', 'Seize OBJ IRON', 'Breach the obstacle belt at PL BLUE'],
    );
    assert.equal(two.items[1].updated_by, seize.updated_by, 'an unchanged item keeps who wrote it and when');
    assert.is.not(
      two.items[2].updated_by.api_key_id,
      breach.updated_by.api_key_id,
      'a changed item records the new writer',
    );
    assert.is(two.text, 'Tasks from the brigade OPORD', 'text untouched when not sent');

    const same = await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, {
      key: svc.key,
      body: { items: two.items.map(({ updated_by: _u, ...i }: any) => i) },
    });
    assert.is(same.body.message, 'Mission analysis unchanged');
    const removed = await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, {
      key: svc.key,
      body: { items: [two.items[2]].map(({ updated_by: _u, ...i }: any) => i) },
    });
    assert.is(removed.status, 200);
    assert.equal(
      (await read(svc, 'mission-analysis', op, 'tasks')).body.items.map((i: any) => i.item_id),
      [breach.item_id],
    );

    // Another account: 403 on the written record, 404 on its operation's unwritten ones.
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, { key: other.key, body: { text: 'x' } })).status,
      403,
    );
    const unwritten = (await read(svc, 'mission-analysis', op, 'planning_guidance')).body.id;
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/${unwritten}`, { key: other.key, body: { text: 'x' } }))
        .status,
      404,
    );
    assert.is((await read(svc, 'mission-analysis', op, 'tasks', '', other.key)).status, 403);
  });

  test('If-Match: a stale version is a 409, the current one lands; concurrent writers to different records all land', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const id = (await read(svc, 'warno', op, 'mission')).body.id;
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/warno/${id}`, {
          key: svc.key,
          body: { text: 'v1' },
          headers: { 'If-Match': '"0"' },
        })
      ).status,
      200,
    );
    const stale = await http(svc.url, 'PUT', `/api/warno/${id}`, {
      key: svc.key,
      body: { text: 'v2' },
      headers: { 'If-Match': '"0"' },
    });
    assert.is(stale.status, 409);
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/warno/${id}`, {
          key: svc.key,
          body: { text: 'v2' },
          headers: { 'If-Match': '"1"' },
        })
      ).status,
      200,
    );
    assert.is((await read(svc, 'warno', op, 'mission')).body.text, 'v2');

    const types = ['area_of_interest', 'enemy_forces', 'friendly_forces', 'logistics', 'signal', 'command'];
    const ids = await Promise.all(types.map(async (t) => (await read(svc, 'warno', op, t)).body.id));
    const results = await Promise.all(
      ids.map((rid, i) =>
        http(svc.url, 'PUT', `/api/warno/${rid}`, { key: svc.key, body: { text: `para ${types[i]}` } }),
      ),
    );
    assert.equal(
      results.map((r) => r.status),
      types.map(() => 200),
    );
    for (const t of types) assert.is((await read(svc, 'warno', op, t)).body.text, `para ${t}`);
    // Several unconditional writers on one record: every write is acknowledged, the last one stays.
    const burst = await Promise.all(
      [1, 2, 3, 4].map((n) => http(svc.url, 'PUT', `/api/warno/${id}`, { key: svc.key, body: { text: `burst ${n}` } })),
    );
    assert.equal(
      burst.map((r) => r.status),
      [200, 200, 200, 200],
    );
    assert.is((await read(svc, 'warno', op, 'mission')).body.version, 6);
  });

  test('history and as_of: the planning events sit in the operation history, and as_of gives the record as it was', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const id = (await read(svc, 'mission-analysis', op, 'ccir')).body.id;
    await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, {
      key: svc.key,
      body: { items: [{ kind: 'pir', text: 'Where will the enemy reserve commit?' }] },
    });
    const between = await svc.service.store.headPosition();
    await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, {
      key: svc.key,
      body: { items: [{ kind: 'ffir', text: 'Status of the bridging assets' }] },
    });
    const history = (await http(svc.url, 'GET', `/api/operations/${op}/history`, { key: svc.key })).body;
    assert.equal(history.items.filter((e: any) => e.type === 'MissionAnalysisUpdated').length, 2);
    const then = (await read(svc, 'mission-analysis', op, 'ccir', `&as_of=${between}`)).body;
    assert.equal(
      then.items.map((i: any) => i.text),
      ['Where will the enemy reserve commit?'],
    );
    assert.is(then.version, 1);
    const before = (await read(svc, 'mission-analysis', op, 'ccir', '&as_of=1')).body;
    assert.equal([before.version, before.items], [0, []]);
    assert.equal(
      (await read(svc, 'mission-analysis', op, 'ccir')).body.items.map((i: any) => i.kind),
      ['ffir'],
    );
  });

  test('bad input: 422 at the field, unknown types listed, deleted operations 404, nothing written', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const tasks = (await read(svc, 'mission-analysis', op, 'tasks')).body.id;
    const mission = (await read(svc, 'mission-analysis', op, 'restated_mission')).body.id;
    const head = await svc.service.store.headPosition();
    const cases: Array<[string, unknown, unknown[]]> = [
      [tasks, { items: [{ text: 'no kind' }] }, ['body', 'items', 0, 'kind']],
      [tasks, { items: [{ kind: 'pir', text: 'wrong list' }] }, ['body', 'items', 0, 'kind']],
      [tasks, { items: [{ kind: 'implied', text: 'x', weight: 3 }] }, ['body', 'items', 0, 'weight']],
      [tasks, { items: [{ kind: 'implied', text: '' }] }, ['body', 'items', 0, 'text']],
      [tasks, { items: [{ kind: 'implied', text: 'x', colour: 'red' }] }, ['body', 'items', 0]],
      [mission, { items: [{ text: 'free text has no items' }] }, ['body', 'items']],
      [mission, {}, ['body']],
      [mission, { text: 'x'.repeat(20_001) }, ['body', 'text']],
    ];
    for (const [id, body, loc] of cases) {
      const r = await http(svc.url, 'PUT', `/api/mission-analysis/${id}`, { key: svc.key, body });
      assert.is(r.status, 422, `${JSON.stringify(body).slice(0, 80)} → ${r.status} ${r.text.slice(0, 200)}`);
      assert.equal(r.body.detail[0].loc.slice(0, loc.length), loc, r.text.slice(0, 300));
    }
    const unknown = await read(svc, 'mission-analysis', op, 'battle_rhythm');
    assert.is(unknown.status, 422);
    assert.match(unknown.body.detail[0].msg, /'restated_mission'/);
    assert.is((await read(svc, 'warno', op, 'tasks')).status, 422, 'a mission-analysis type is not a WARNO type');
    assert.is((await http(svc.url, 'GET', `/api/mission-analysis/?type=tasks`, { key: svc.key })).status, 422);
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/not-a-uuid`, { key: svc.key, body: { text: 'x' } })).status,
      422,
    );
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/mission-analysis/00000000-0000-4000-8000-000000000000`, {
          key: svc.key,
          body: { text: 'x' },
        })
      ).status,
      404,
    );
    assert.is(
      (await http(svc.url, 'PUT', `/api/warno/${tasks}`, { key: svc.key, body: { text: 'x' } })).status,
      404,
      'a mission-analysis id is no WARNO id',
    );
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/mission-analysis/${mission}`, {
          key: svc.key,
          body: { text: 'x' },
          headers: { 'If-Match': 'seven' },
        })
      ).status,
      422,
    );
    assert.is(await svc.service.store.headPosition(), head, 'nothing written');

    await http(svc.url, 'PUT', `/api/mission-analysis/${mission}`, { key: svc.key, body: { text: 'written' } });
    assert.is((await http(svc.url, 'DELETE', `/api/operations/${op}`, { key: svc.key })).status, 200);
    assert.is((await read(svc, 'mission-analysis', op, 'restated_mission')).status, 404);
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/${mission}`, { key: svc.key, body: { text: 'x' } })).status,
      404,
    );
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/${tasks}`, { key: svc.key, body: { text: 'x' } })).status,
      404,
    );
  });
});

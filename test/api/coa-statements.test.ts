// Issue 10, items 1, 4–8: COA statements (CRUD, list with query and paging, FM 5-0 screening),
// sections (own streams, arrange as a permutation, system fields), attributes (one record per
// COAStatementAvailable field), wargame records (written through the command layer, read over
// HTTP), concurrency, history and as_of, access through the operation, and the 422s.
import { randomUUID } from 'node:crypto';
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { COA_STATEMENT_FIELD_TYPES } from '../../domain/planning-record/planning-catalogues.ts';
import { coaAttributeId } from '../../domain/planning-record/planning-record-events.ts';
import { recordLlmSimulation, type SimulationContentInput } from '../../commands/llm-simulation-commands.ts';
import { addCoaSection } from '../../commands/coa-statement-commands.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import type { DomainEvent } from '../../domain/shared/event-envelope.ts';
import { coaSectionStream } from '../../domain/coa-statement/coa-section-events.ts';
import { coaSectionRosterStream } from '../../domain/coa-statement/coa-section-roster-events.ts';
import { MAX_COA_SECTIONS } from '../../domain/coa-statement/coa-statement-events.ts';
import { envelope, systemContext } from '../../commands/command-context.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

async function newOperation(svc: TestService, key = svc.key) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key,
    body: { name: 'Op', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
  });
  assert.is(r.status, 200, r.text);
  return r.body.id as string;
}

async function newStatement(svc: TestService, operationId: string, body: Record<string, unknown> = {}, key = svc.key) {
  const r = await http(svc.url, 'POST', '/api/coa-statements/', {
    key,
    body: { operation_id: operationId, name: 'COA 1: Northern envelopment', ...body },
  });
  assert.is(r.status, 200, r.text);
  return r.body;
}

async function newSection(svc: TestService, statementId: string, title: string, extra: Record<string, unknown> = {}) {
  const r = await http(svc.url, 'POST', '/api/coa-statements/sections/', {
    key: svc.key,
    body: { coa_statement_id: statementId, title, ...extra },
  });
  assert.is(r.status, 200, r.text);
  assert.is(r.headers.get('location'), `/api/coa-statements/sections/${r.body.id}`);
  return r.body.id as string;
}

const sections = async (svc: TestService, statementId: string, extra = '') =>
  (
    await http(svc.url, 'GET', `/api/coa-statements/sections/?coa_statement_id=${statementId}${extra}`, {
      key: svc.key,
    })
  ).body;

const WARGAME: SimulationContentInput = {
  title: 'COA 1 vs enemy MLCOA, box method',
  method: 'box',
  enemy_coa: 'Defend along PL RED with a mechanized reserve',
  turns: [
    {
      turn: 1,
      critical_event: 'Breach at PL RED',
      time: 'H+2',
      action: 'TF 1 breaches lane 2',
      reaction: 'Enemy reserve counterattacks',
      counteraction: 'Attack helicopters destroy the reserve at EA HAMMER',
      result: 'Lane open at H+3',
      decision_point: 'DP 1: commit TF 2',
    },
    {
      turn: 2,
      critical_event: 'Seize OBJ IRON',
      time: 'H+5',
      action: 'TF 2 assaults',
      reaction: 'Enemy withdraws to OBJ LEAD',
      counteraction: 'Fires interdict the withdrawal',
      result: null,
      decision_point: null,
    },
  ],
  assessments: [{ criterion: 'Speed', score: 70, rationale: 'OBJ IRON by H+6' }],
  summary: 'Feasible; risk at the breach.',
  inputs: [],
  model: null,
};

forEachBackend('COA statements', (test) => {
  test('fields, create with a sketch map, read, list with operation_id / query / paging, update, screening', async ({
    svc,
  }) => {
    const fields = await http(svc.url, 'GET', '/api/coa-statements/fields', { key: svc.key });
    assert.equal(fields.body, COA_STATEMENT_FIELD_TYPES);
    for (const f of [
      'form_of_maneuver',
      'decisive_operation',
      'shaping_operations',
      'main_effort',
      'task_organization',
      'end_state',
      'risk',
    ])
      assert.ok(fields.body.includes(f), f);

    const op = await newOperation(svc);
    const map = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op, name: 'COA sketch' } })
    ).body;
    const coa = await newStatement(svc, op, {
      description: 'Envelop from the north; **main effort** TF 1.',
      sketch_map_id: map.id,
    });
    assert.equal(
      [coa.version, coa.sketch_map_id, coa.section_count, coa.screening_result],
      [1, map.id, 0, 'incomplete'],
    );
    assert.is(coa.created_by.account_id, svc.accountId);
    assert.equal(
      coa.attributes.map((a: any) => a.field),
      COA_STATEMENT_FIELD_TYPES,
    );
    assert.is(coa.attributes[0].id, coaAttributeId(coa.id, COA_STATEMENT_FIELD_TYPES[0]));
    assert.equal(coa.screening.feasible, {
      verdict: 'not_assessed',
      rationale: null,
      assessed_by: null,
      question: coa.screening.feasible.question,
    });

    const otherOp = await newOperation(svc);
    const foreignMap = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: otherOp, name: 'x' } })
    ).body;
    const badMap = await http(svc.url, 'POST', '/api/coa-statements/', {
      key: svc.key,
      body: { operation_id: op, name: 'x', sketch_map_id: foreignMap.id },
    });
    assert.is(badMap.status, 422);
    assert.equal(badMap.body.detail[0].loc, ['body', 'sketch_map_id']);

    await newStatement(svc, op, { name: 'COA 2: Penetration in the south' });
    await newStatement(svc, otherOp, { name: 'COA 1 of the other operation' });
    const ofOp = (await http(svc.url, 'GET', `/api/coa-statements/?operation_id=${op}`, { key: svc.key })).body;
    assert.equal(
      [ofOp.total, ofOp.items.map((i: any) => i.name)],
      [2, ['COA 2: Penetration in the south', 'COA 1: Northern envelopment']],
    );
    const all = (await http(svc.url, 'GET', '/api/coa-statements/?size=2&page=2', { key: svc.key })).body;
    assert.equal([all.total, all.pages, all.items.length], [3, 2, 1]);
    const found = (await http(svc.url, 'GET', '/api/coa-statements/?query=ENVELOP', { key: svc.key })).body;
    assert.equal(
      found.items.map((i: any) => i.id),
      [coa.id],
    );
    assert.is(
      (await http(svc.url, 'GET', '/api/coa-statements/?query=100%25', { key: svc.key })).body.total,
      0,
      'LIKE wildcards are literal',
    );

    const update = await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
      key: svc.key,
      body: {
        name: 'COA 1: Northern envelopment (revised)',
        screening: {
          feasible: { verdict: 'meets', rationale: 'Within the time available' },
          complete: { verdict: 'meets' },
        },
      },
    });
    assert.is(update.status, 200, update.text);
    assert.is(update.headers.get('etag'), '"2"');
    let read = (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body;
    assert.equal(
      [read.name, read.description, read.version],
      ['COA 1: Northern envelopment (revised)', coa.description, 2],
    );
    assert.equal(
      [read.screening.feasible.verdict, read.screening.feasible.rationale, read.screening.complete.verdict],
      ['meets', 'Within the time available', 'meets'],
    );
    assert.is(read.screening.feasible.assessed_by.account_id, svc.accountId);
    assert.is(read.screening_result, 'incomplete');
    await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
      key: svc.key,
      body: {
        screening: Object.fromEntries(
          ['acceptable', 'suitable', 'distinguishable'].map((c) => [c, { verdict: 'meets' }]),
        ),
      },
    });
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body.screening_result,
      'passes',
    );
    await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
      key: svc.key,
      body: { screening: { distinguishable: { verdict: 'does_not_meet', rationale: 'Same main effort as COA 2' } } },
    });
    read = (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body;
    assert.equal([read.screening_result, read.screening.feasible.rationale], ['fails', 'Within the time available']);
    const same = await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
      key: svc.key,
      body: { name: read.name },
    });
    assert.is(same.body.message, 'COA statement unchanged');
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
          key: svc.key,
          body: { description: null },
          headers: { 'If-Match': '"2"' },
        })
      ).status,
      409,
    );
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
          key: svc.key,
          body: { description: null },
          headers: { 'If-Match': `"${read.version}"` },
        })
      ).status,
      200,
    );
  });

  test('sections: own records, arranged as a permutation, system fields on request, If-Match, removal', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op);
    const a = await newSection(svc, coa.id, 'Decisive operation', {
      content: 'TF 1 seizes OBJ IRON',
      field: 'decisive_operation',
    });
    const b = await newSection(svc, coa.id, 'Shaping operation 1');
    const c = await newSection(svc, coa.id, 'Sustaining operations', { field: 'sustaining_operations' });
    let list = await sections(svc, coa.id);
    assert.equal(
      list.items.map((s: any) => [s.id, s.position, s.kind]),
      [
        [a, 1, 'section'],
        [b, 2, 'section'],
        [c, 3, 'section'],
      ],
    );
    assert.equal(
      [list.items[0].content, list.items[0].field, list.items[0].version],
      ['TF 1 seizes OBJ IRON', 'decisive_operation', 1],
    );
    assert.is(list.items[0].created_by.account_id, svc.accountId);

    const bad = async (ids: string[]) =>
      http(svc.url, 'PUT', '/api/coa-statements/sections/', {
        key: svc.key,
        body: { coa_statement_id: coa.id, section_ids: ids },
      });
    const missing = await bad([c, a]);
    assert.is(missing.status, 422);
    assert.equal(missing.body.detail[0].loc, ['body', 'section_ids']);
    assert.match(missing.body.detail[0].msg, new RegExp(`missing: ${b}`));
    const stranger = '00000000-0000-4000-8000-000000000001';
    const extra = await bad([c, a, b, stranger]);
    assert.match(extra.body.detail[0].msg, new RegExp(`not sections of this statement: ${stranger}`));
    assert.match((await bad([c, a, b, a])).body.detail[0].msg, new RegExp(`repeated: ${a}`));
    const arranged = await bad([c, a, b]);
    assert.is(arranged.status, 200, arranged.text);
    const d = await newSection(svc, coa.id, 'Reserve');
    list = await sections(svc, coa.id);
    assert.equal(
      list.items.map((s: any) => s.id),
      [c, a, b, d],
      'arranged order, then later sections',
    );
    assert.is((await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body.section_count, 4);

    // Update with If-Match; stale → 409; removal → gone from the list and 404 afterwards.
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/coa-statements/sections/${b}`, {
          key: svc.key,
          body: { content: 'Fix the enemy at OBJ LEAD' },
          headers: { 'If-Match': '"1"' },
        })
      ).status,
      200,
    );
    const stale = await http(svc.url, 'PUT', `/api/coa-statements/sections/${b}`, {
      key: svc.key,
      body: { content: 'other' },
      headers: { 'If-Match': '"1"' },
    });
    assert.is(stale.status, 409);
    assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/sections/${a}`, { key: svc.key })).status, 200);
    assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/sections/${a}`, { key: svc.key })).status, 404);
    assert.is(
      (await http(svc.url, 'PUT', `/api/coa-statements/sections/${a}`, { key: svc.key, body: { title: 'x' } })).status,
      404,
    );
    list = await sections(svc, coa.id);
    assert.equal(
      list.items.map((s: any) => [s.id, s.position]),
      [
        [c, 1],
        [b, 2],
        [d, 3],
      ],
    );
    assert.is(list.items[1].content, 'Fix the enemy at OBJ LEAD');
    assert.is((await bad([c, b, d, a])).status, 422, 'a removed section is no longer part of the permutation');

    // System fields: the attributes first, then the sections; paging over both.
    await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${coaAttributeId(coa.id, 'end_state')}`, {
      key: svc.key,
      body: { text: 'OBJ IRON secured' },
    });
    const withSystem = await sections(svc, coa.id, '&is_get_all_system_fields=true&size=100');
    assert.is(withSystem.total, COA_STATEMENT_FIELD_TYPES.length + 3);
    assert.equal(
      withSystem.items.slice(0, COA_STATEMENT_FIELD_TYPES.length).map((s: any) => s.field),
      COA_STATEMENT_FIELD_TYPES,
    );
    const endState = withSystem.items.find((s: any) => s.field === 'end_state');
    assert.equal(
      [endState.kind, endState.content, endState.version, endState.position],
      ['system', 'OBJ IRON secured', 1, null],
    );
    const lastPage = await sections(
      svc,
      coa.id,
      `&is_get_all_system_fields=true&size=${COA_STATEMENT_FIELD_TYPES.length}&page=2`,
    );
    assert.equal(
      lastPage.items.map((s: any) => s.id),
      [c, b, d],
    );
  });

  test('attributes: empty until written, by id or field name, items where the catalogue takes them, If-Match', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op);
    const id = coaAttributeId(coa.id, 'main_effort');
    const empty = await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/${id}`, { key: svc.key });
    assert.equal(
      [empty.status, empty.body.version, empty.body.text, empty.body.field, empty.body.content],
      [200, 0, null, 'main_effort', 'text'],
    );
    assert.is((await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/main_effort`, { key: svc.key })).body.id, id);
    const put = await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${id}`, {
      key: svc.key,
      body: { text: 'TF 1 (main effort), TF 2 supporting' },
      headers: { 'If-Match': '"0"' },
    });
    assert.is(put.status, 200, put.text);
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${id}`, {
          key: svc.key,
          body: { text: 'x' },
          headers: { 'If-Match': '"0"' },
        })
      ).status,
      409,
    );
    const written = (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/${id}`, { key: svc.key })).body;
    assert.equal(
      [written.version, written.text, written.text_updated_by.account_id],
      [1, 'TF 1 (main effort), TF 2 supporting', svc.accountId],
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body.attributes.find(
        (a: any) => a.field === 'main_effort',
      ).version,
      1,
    );

    const taskOrg = coaAttributeId(coa.id, 'task_organization');
    const items = await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${taskOrg}`, {
      key: svc.key,
      body: { items: [{ text: 'Seize OBJ IRON', unit: 'TF 1' }] },
    });
    assert.is(items.status, 200, items.text);
    assert.equal(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/task_organization`, { key: svc.key })).body.items.map(
        (i: any) => i.unit,
      ),
      ['TF 1'],
    );
    const noItems = await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${id}`, {
      key: svc.key,
      body: { items: [{ text: 'x' }] },
    });
    assert.equal([noItems.status, noItems.body.detail?.[0]?.loc], [422, ['body', 'items']]);
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/battle_rhythm`, { key: svc.key })).status,
      404,
    );
    const otherCoa = await newStatement(svc, op);
    assert.is(
      (await http(svc.url, 'PUT', `/api/coa-statements/${otherCoa.id}/${id}`, { key: svc.key, body: { text: 'x' } }))
        .status,
      404,
      "another statement's attribute id",
    );
  });

  test('an attribute by field name: PUT takes what GET takes (issue 20), and OpenAPI says so for both', async ({
    svc,
  }) => {
    const coa = await newStatement(svc, await newOperation(svc));
    const put = await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/end_state`, {
      key: svc.key,
      body: { text: 'OBJ IRON secured' },
      headers: { 'If-Match': '"0"' },
    });
    assert.is(put.status, 200, put.text);
    const read = await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/${coaAttributeId(coa.id, 'end_state')}`, {
      key: svc.key,
    });
    assert.equal([read.body.field, read.body.text, read.body.version], ['end_state', 'OBJ IRON secured', 1]);
    const byUpperId = await http(
      svc.url,
      'PUT',
      `/api/coa-statements/${coa.id}/${coaAttributeId(coa.id, 'end_state').toUpperCase()}`,
      { key: svc.key, body: { text: 'again' } },
    );
    assert.is(byUpperId.status, 200, byUpperId.text);
    for (const method of ['GET', 'PUT']) {
      const r = await http(svc.url, method, `/api/coa-statements/${coa.id}/no_such_field`, {
        key: svc.key,
        ...(method === 'PUT' ? { body: { text: 'x' } } : {}),
      });
      assert.is(r.status, 404, `${method} of an unknown attribute: ${r.text}`);
    }
    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const path = doc.paths['/api/coa-statements/{coa_statement_id}/{attribute_id}'];
    const attributeParam = (op: any) => op.parameters.find((p: any) => p.name === 'attribute_id');
    assert.equal(attributeParam(path.put), attributeParam(path.get));
    assert.is(attributeParam(path.put).schema.format, undefined, 'not restricted to uuids');
    assert.match(attributeParam(path.put).schema.description ?? attributeParam(path.put).description, /field name/);
  });

  test('concurrent editors: different sections and attributes all land; the same section with a stale If-Match is a 409', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await newSection(svc, coa.id, `Section ${i}`));
    const writes = [
      ...ids.map((sid, i) =>
        http(svc.url, 'PUT', `/api/coa-statements/sections/${sid}`, {
          key: svc.key,
          body: { content: `written ${i}` },
        }),
      ),
      ...['fires', 'protection', 'reserve', 'risk'].map((f) =>
        http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${coaAttributeId(coa.id, f)}`, {
          key: svc.key,
          body: { text: `${f} text` },
        }),
      ),
      http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, { key: svc.key, body: { description: 'concurrent' } }),
      http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
        key: svc.key,
        body: { screening: { feasible: { verdict: 'meets' } } },
      }),
    ];
    const results = await Promise.all(writes);
    assert.equal(
      results.map((r) => r.status),
      writes.map(() => 200),
      results.map((r) => r.text).join('\n'),
    );
    const list = await sections(svc, coa.id);
    assert.equal(
      list.items.map((s: any) => s.content),
      ids.map((_s, i) => `written ${i}`),
    );
    const read = (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body;
    assert.equal(
      [read.description, read.screening.feasible.verdict],
      ['concurrent', 'meets'],
      'different fields of one statement both land',
    );
    for (const f of ['fires', 'protection', 'reserve', 'risk'])
      assert.is(
        (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/${f}`, { key: svc.key })).body.text,
        `${f} text`,
      );

    const sameField = await Promise.all(
      ['one', 'two', 'three'].map((t) =>
        http(svc.url, 'PUT', `/api/coa-statements/sections/${ids[0]}`, {
          key: svc.key,
          body: { content: t },
          headers: { 'If-Match': '"2"' },
        }),
      ),
    );
    assert.equal(sameField.map((r) => r.status).sort(), [200, 409, 409]);
  });

  test('the section limit holds under concurrent adds: 199 sections, 10 parallel adds, exactly one lands', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op);
    // Given 199 sections, as addCoaSection records them (appended at once: 199 adds in turn take a minute).
    const ctx = systemContext({ account_id: svc.accountId, api_key_id: null });
    const by = { account_id: svc.accountId, api_key_id: null, origin: 'human' as const, at: new Date().toISOString() };
    const given = Array.from({ length: MAX_COA_SECTIONS - 1 }, () => randomUUID());
    const record = (stream: string, events: DomainEvent[], operationId: string | null) =>
      svc.service.store.append(
        stream,
        events.map((e) => envelope(e, ctx, operationId, eventSchemas)),
        'no_stream',
      );
    await record(
      coaSectionRosterStream(coa.id),
      given.map((section_id) => ({
        type: 'COAStatementSectionAttached',
        data: { coa_statement_id: coa.id, section_id },
      })),
      null,
    );
    const added = await Promise.all(
      given.map((section_id, i) =>
        record(
          coaSectionStream(section_id),
          [
            {
              type: 'COAStatementSectionAdded',
              data: {
                section_id,
                coa_statement_id: coa.id,
                operation_id: op,
                account_id: svc.accountId,
                title: `Section ${i}`,
                content: null,
                field: null,
                by,
              },
            },
          ],
          op,
        ),
      ),
    );
    await svc.service.runner!.waitFor(Math.max(...added.map((a) => a.position)), 30_000);
    assert.is((await sections(svc, coa.id, '&size=1')).total, MAX_COA_SECTIONS - 1);
    // A section write refused after the roster took it (text the store cannot hold) gives the place back.
    try {
      await addCoaSection(svc.service.store, ctx, { coa_statement_id: coa.id, title: 'a\u0000b' });
      assert.unreachable('a NUL is not stored');
    } catch (error) {
      assert.instance(error, DomainError);
      assert.is((error as DomainError).kind, 'invalid');
    }
    const adds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http(svc.url, 'POST', '/api/coa-statements/sections/', {
          key: svc.key,
          body: { coa_statement_id: coa.id, title: `Racing ${i}` },
        }),
      ),
    );
    assert.equal(adds.map((r) => r.status).sort(), [200, ...Array(9).fill(422)], adds.map((r) => r.text).join('\n'));
    for (const refused of adds.filter((r) => r.status === 422)) {
      assert.equal(refused.body.detail, [
        {
          loc: ['body', 'coa_statement_id'],
          msg: `A COA statement holds at most ${MAX_COA_SECTIONS} sections`,
          type: 'value_error',
        },
      ]);
    }
    const listed = await sections(svc, coa.id, '&size=1');
    assert.is(listed.total, MAX_COA_SECTIONS);
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: svc.key })).body.section_count,
      MAX_COA_SECTIONS,
    );
    // A removed section gives its place back, to one of the next racing adds.
    const landed = adds.find((r) => r.status === 200)!.body.id as string;
    assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/sections/${landed}`, { key: svc.key })).status, 200);
    const again = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        http(svc.url, 'POST', '/api/coa-statements/sections/', {
          key: svc.key,
          body: { coa_statement_id: coa.id, title: `Again ${i}` },
        }),
      ),
    );
    assert.equal(again.map((r) => r.status).sort(), [200, 422, 422, 422], again.map((r) => r.text).join('\n'));
    assert.is((await sections(svc, coa.id, '&size=1')).total, MAX_COA_SECTIONS);
  });

  test('history, as_of, rebuild-relevant events carry the operation; access: 403 other account, 404 after deletion', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op, { description: 'first' });
    const s1 = await newSection(svc, coa.id, 'Decisive operation');
    await http(
      svc.url,
      'PUT',
      `/api/coa-statements/${coa.id}/end_state`.replace('end_state', coaAttributeId(coa.id, 'end_state')),
      { key: svc.key, body: { text: 'v1' } },
    );
    const between = await svc.service.store.headPosition();
    await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, { key: svc.key, body: { description: 'second' } });
    await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${coaAttributeId(coa.id, 'end_state')}`, {
      key: svc.key,
      body: { text: 'v2' },
    });
    const s2 = await newSection(svc, coa.id, 'Shaping operation');
    await http(svc.url, 'PUT', `/api/coa-statements/sections/${s1}`, {
      key: svc.key,
      body: { title: 'Decisive operation (revised)' },
    });

    const history = (await http(svc.url, 'GET', `/api/operations/${op}/history?size=100`, { key: svc.key })).body;
    const types = history.items.map((e: any) => e.type);
    for (const t of [
      'COAStatementCreated',
      'COAStatementSectionAdded',
      'COAStatementAttributeUpdated',
      'COAStatementUpdated',
      'COAStatementSectionUpdated',
    ])
      assert.ok(types.includes(t), t);
    const then = (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}?as_of=${between}`, { key: svc.key })).body;
    assert.equal([then.description, then.version, then.section_count], ['first', 1, 1]);
    assert.is(then.attributes.find((a: any) => a.field === 'end_state').version, 1);
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}/end_state?as_of=${between}`, { key: svc.key })).body
        .text,
      'v1',
    );
    const sectionsThen = await sections(svc, coa.id, `&as_of=${between}`);
    assert.equal(
      sectionsThen.items.map((s: any) => [s.id, s.title]),
      [[s1, 'Decisive operation']],
    );
    assert.equal(
      (await sections(svc, coa.id)).items.map((s: any) => s.id),
      [s1, s2],
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}?as_of=1`, { key: svc.key })).status,
      404,
      'not yet created',
    );

    const other = await svc.newAccount();
    assert.is((await http(svc.url, 'GET', `/api/coa-statements/${coa.id}`, { key: other.key })).status, 403);
    assert.is(
      (await http(svc.url, 'PUT', `/api/coa-statements/sections/${s1}`, { key: other.key, body: { title: 'x' } }))
        .status,
      403,
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/sections/?coa_statement_id=${coa.id}`, { key: other.key }))
        .status,
      403,
    );
    assert.is((await http(svc.url, 'GET', `/api/coa-statements/?operation_id=${op}`, { key: other.key })).status, 403);
    assert.is((await http(svc.url, 'GET', '/api/coa-statements/', { key: other.key })).body.total, 0);
    assert.is(
      (
        await http(svc.url, 'POST', '/api/coa-statements/sections/', {
          key: other.key,
          body: { coa_statement_id: coa.id, title: 'x' },
        })
      ).status,
      403,
    );

    const sim = await recordLlmSimulation(
      svc.service.store,
      systemContext({ account_id: svc.accountId, api_key_id: null }),
      { coa_statement_id: coa.id, content: WARGAME },
    );
    await svc.service.runner!.waitFor(sim.position!, 10_000);
    const deleted = await http(svc.url, 'DELETE', `/api/coa-statements/${coa.id}`, { key: svc.key });
    assert.equal([deleted.status, deleted.body.id, deleted.body.section_count], [200, coa.id, 2]);
    for (const path of [
      `/api/coa-statements/${coa.id}`,
      `/api/coa-statements/${coa.id}/end_state`,
      `/api/coa-statements/sections/?coa_statement_id=${coa.id}`,
      `/api/llm-simulations/${sim.simulation_id}`,
      `/api/llm-simulations/?coa_statement_id=${coa.id}`,
    ]) {
      assert.is((await http(svc.url, 'GET', path, { key: svc.key })).status, 404, path);
    }
    assert.is(
      (await http(svc.url, 'PUT', `/api/coa-statements/sections/${s1}`, { key: svc.key, body: { title: 'x' } })).status,
      404,
    );
    assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/${coa.id}`, { key: svc.key })).status, 404);
    assert.is((await http(svc.url, 'GET', `/api/coa-statements/?operation_id=${op}`, { key: svc.key })).body.total, 0);

    const coa2 = await newStatement(svc, op);
    assert.is((await http(svc.url, 'DELETE', `/api/operations/${op}`, { key: svc.key })).status, 200);
    assert.is((await http(svc.url, 'GET', `/api/coa-statements/${coa2.id}`, { key: svc.key })).status, 404);
    assert.is(
      (await http(svc.url, 'POST', '/api/coa-statements/', { key: svc.key, body: { operation_id: op, name: 'x' } }))
        .status,
      404,
    );
  });

  test('wargame records: written by the command layer, listed, read, deleted; the rules of a record', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op);
    const ctx = systemContext({ account_id: svc.accountId, api_key_id: null });
    const first = await recordLlmSimulation(svc.service.store, ctx, { coa_statement_id: coa.id, content: WARGAME });
    const second = await recordLlmSimulation(svc.service.store, ctx, {
      coa_statement_id: coa.id,
      content: {
        ...WARGAME,
        method: 'belt',
        title: 'Belt method',
        inputs: [{ kind: 'coa_statement', id: coa.id, version: 1 }],
        model: 'llama-3.1-8b-instruct',
      },
    });
    await svc.service.runner!.waitFor(second.position!, 10_000);
    const list = (await http(svc.url, 'GET', `/api/llm-simulations/?coa_statement_id=${coa.id}`, { key: svc.key }))
      .body;
    assert.equal([list.total, list.items.map((s: any) => s.method)], [2, ['belt', 'box']]);
    const one = (await http(svc.url, 'GET', `/api/llm-simulations/${first.simulation_id}`, { key: svc.key })).body;
    assert.equal(one.turns, WARGAME.turns);
    assert.equal([one.assessments, one.created_by.origin, one.operation_id], [WARGAME.assessments, 'generated', op]);
    assert.is(list.items[0].model, 'llama-3.1-8b-instruct');

    const other = await svc.newAccount();
    assert.is(
      (await http(svc.url, 'GET', `/api/llm-simulations/${first.simulation_id}`, { key: other.key })).status,
      403,
    );
    assert.is(
      (await http(svc.url, 'DELETE', `/api/llm-simulations/${first.simulation_id}`, { key: other.key })).status,
      403,
    );
    assert.is(
      (await http(svc.url, 'DELETE', `/api/llm-simulations/${first.simulation_id}`, { key: svc.key })).status,
      200,
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/llm-simulations/${first.simulation_id}`, { key: svc.key })).status,
      404,
    );
    assert.is(
      (await http(svc.url, 'DELETE', `/api/llm-simulations/${first.simulation_id}`, { key: svc.key })).status,
      404,
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/llm-simulations/?coa_statement_id=${coa.id}`, { key: svc.key })).body.total,
      1,
    );
    assert.ok(
      (await http(svc.url, 'GET', `/api/operations/${op}/history`, { key: svc.key })).body.items.some(
        (e: any) => e.type === 'LLMSimulationDeleted',
      ),
    );

    const misnumbered = { ...WARGAME, turns: [WARGAME.turns[1]!] };
    try {
      await recordLlmSimulation(svc.service.store, ctx, { coa_statement_id: coa.id, content: misnumbered });
      assert.unreachable('turn 2 first');
    } catch (error) {
      assert.instance(error, DomainError);
      assert.equal((error as DomainError).loc, ['body', 'turns', 0, 'turn']);
    }
    try {
      await recordLlmSimulation(svc.service.store, systemContext({ account_id: other.accountId, api_key_id: null }), {
        coa_statement_id: coa.id,
        content: WARGAME,
      });
      assert.unreachable('another account');
    } catch (error) {
      assert.is((error as DomainError).kind, 'forbidden');
    }
  });

  test('bad input: 422 at the field, nothing written', async ({ svc }) => {
    const op = await newOperation(svc);
    const coa = await newStatement(svc, op);
    const s = await newSection(svc, coa.id, 'A section');
    const head = await svc.service.store.headPosition();
    const cases: Array<[string, string, unknown, unknown[]]> = [
      ['POST', '/api/coa-statements/', { operation_id: op }, ['body', 'name']],
      ['POST', '/api/coa-statements/', { operation_id: op, name: '   ' }, ['body', 'name']],
      ['POST', '/api/coa-statements/', { operation_id: op, name: 'x', colour: 'red' }, ['body']],
      ['POST', '/api/coa-statements/', { operation_id: 'nope', name: 'x' }, ['body', 'operation_id']],
      ['PUT', `/api/coa-statements/${coa.id}`, {}, ['body']],
      [
        'PUT',
        `/api/coa-statements/${coa.id}`,
        { screening: { feasible: { verdict: 'probably' } } },
        ['body', 'screening', 'feasible', 'verdict'],
      ],
      ['PUT', `/api/coa-statements/${coa.id}`, { screening: { brave: { verdict: 'meets' } } }, ['body', 'screening']],
      ['PUT', `/api/coa-statements/${coa.id}`, { description: 'x'.repeat(20_001) }, ['body', 'description']],
      [
        'POST',
        '/api/coa-statements/sections/',
        { coa_statement_id: coa.id, title: 'x', field: 'battle_rhythm' },
        ['body', 'field'],
      ],
      ['PUT', `/api/coa-statements/sections/${s}`, { title: '' }, ['body', 'title']],
      [
        'PUT',
        '/api/coa-statements/sections/',
        { coa_statement_id: coa.id, section_ids: ['nope'] },
        ['body', 'section_ids', 0],
      ],
      ['PUT', '/api/coa-statements/sections/', { coa_statement_id: coa.id, section_ids: [] }, ['body', 'section_ids']],
      ['PUT', `/api/coa-statements/${coa.id}/${'x'.repeat(101)}`, { text: 'x' }, ['path', 'attribute_id']],
    ];
    for (const [method, path, body, loc] of cases) {
      const r = await http(svc.url, method, path, { key: svc.key, body });
      assert.is(
        r.status,
        422,
        `${method} ${path} ${JSON.stringify(body).slice(0, 80)} → ${r.status} ${r.text.slice(0, 200)}`,
      );
      assert.equal(r.body.detail[0].loc.slice(0, loc.length), loc, r.text.slice(0, 300));
    }
    const field = await http(svc.url, 'POST', '/api/coa-statements/sections/', {
      key: svc.key,
      body: { coa_statement_id: coa.id, title: 'x', field: 'battle_rhythm' },
    });
    assert.match(field.body.detail[0].msg, /'end_state'/, 'allowed values listed');
    for (const q of ['page=0', 'size=101', 'page=1.5', 'operation_id=nope']) {
      assert.is((await http(svc.url, 'GET', `/api/coa-statements/?${q}`, { key: svc.key })).status, 422, q);
    }
    assert.is(
      (await http(svc.url, 'GET', '/api/coa-statements/sections/', { key: svc.key })).status,
      422,
      'coa_statement_id required',
    );
    assert.is(
      (await http(svc.url, 'GET', '/api/llm-simulations/', { key: svc.key })).status,
      422,
      'coa_statement_id required',
    );
    assert.is(
      (
        await http(
          svc.url,
          'GET',
          `/api/coa-statements/sections/?coa_statement_id=${coa.id}&is_get_all_system_fields=maybe`,
          { key: svc.key },
        )
      ).status,
      422,
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/coa-statements/${coa.id}?as_of=yesterday`, { key: svc.key })).status,
      422,
    );
    assert.is(
      (await http(svc.url, 'GET', '/api/coa-statements/00000000-0000-4000-8000-000000000000', { key: svc.key })).status,
      404,
    );
    assert.is((await http(svc.url, 'GET', '/api/coa-statements/fields')).status, 401);
    assert.is(await svc.service.store.headPosition(), head, 'nothing written');
  });
});

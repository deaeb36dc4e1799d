// Issue 24 (1), orders read from documents over HTTP: an OPORD uploaded as Markdown is read once its
// text is extracted (OrdersRead on the document's stream, the document_orders read model), GET
// /api/operations/{id}/orders answers its record with sources; a document that is no order is read
// and holds none; POST .../orders/read reads again (nothing recorded when nothing changed, the unit's
// tasks follow the operation's unit); other accounts get 403, unknown operations 404.
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { upload, waitForText } from '../support/document-http.ts';
import { makePdf } from '../support/document-fixtures.ts';
import { extractDocumentText } from '../../workers/documents/extract-document-text.ts';

const OPORD = readFileSync(new URL('./fixtures/opord-steel.md', import.meta.url), 'utf8');
const TWO_PAGES = readFileSync(new URL('../domain/orders/fixtures/opord-two-pages-annex.txt', import.meta.url), 'utf8');
const NOTE = 'Weather: light rain, visibility 4 km. Bridges on the B27 are intact.\n';

async function newOperation(svc: TestService, unit: string) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key: svc.key,
    body: { name: 'Iron Anvil', unit, branch: 'armor', echelon: 'battalion' },
  });
  assert.is(r.status, 200, r.text);
  return r.body.id as string;
}

/** GET orders until every listed document has been read (the worker reads right after the text). */
async function readOrders(svc: TestService, op: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await http(svc.url, 'GET', `/api/operations/${op}/orders`, { key: svc.key });
    assert.is(r.status, 200, r.text);
    if (r.body.items.every((item: any) => item.read_at !== null)) return r.body;
    if (Date.now() > until) assert.unreachable(`orders not read: ${r.text.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const slice = (source: { start: number; end: number }) => OPORD.slice(source.start, source.end);

forEachBackend('orders', (test) => {
  test("an uploaded OPORD is read on extraction: mission, DTGs in UTC, the unit's tasks, constraints, each with its source", async ({
    svc,
  }) => {
    const op = await newOperation(svc, 'Task Force 1-66 Armor');
    const up = await upload(svc, { operation_id: op }, [
      { name: 'opord-07-26.md', bytes: OPORD },
      { name: 'weather.txt', bytes: NOTE },
    ]);
    assert.is(up.status, 200, up.text);
    const [orderDoc, noteDoc] = up.body.items.map((d: any) => d.id as string);
    await waitForText(svc, orderDoc!);
    await waitForText(svc, noteDoc!);
    const body = await readOrders(svc, op);
    const byId = new Map(body.items.map((item: any) => [item.document_id, item]));
    assert.is(byId.size, 2);
    const note: any = byId.get(noteDoc);
    assert.equal(
      [note.file_name, note.text_status, note.orders],
      ['weather.txt', 'extracted', []],
      'read, and no order in it',
    );
    const item: any = byId.get(orderDoc);
    assert.equal([item.file_name, item.orders.length, item.record_version], ['opord-07-26.md', 1, 1]);
    const order = item.orders[0];
    assert.equal(
      [order.document_id, order.recognised_as_order, order.unit.name],
      [orderDoc, true, 'Task Force 1-66 Armor'],
    );
    assert.equal(
      [order.heading.order_type, order.heading.number.text, order.heading.date_time_group.iso],
      ['OPORD', '07-26', '2026-11-25T18:00:00Z'],
    );
    const { mission } = order;
    assert.equal(
      [
        mission.who.text,
        mission.task.id,
        mission.when.text,
        mission.when.dtg.iso,
        mission.where.text,
        mission.purpose.text,
      ],
      [
        '1st BCT',
        'seize',
        'NLT 270500Z NOV 26',
        '2026-11-27T05:00:00Z',
        'OBJ STEEL',
        'secure the crossings over the Fulda river',
      ],
    );
    // Sources are spans of the extracted text (a Markdown file: the file itself, page 1).
    assert.equal(
      [mission.task.verb.source.page, mission.task.verb.source.document_id, slice(mission.task.verb.source)],
      [1, orderDoc, 'seize'],
    );
    assert.is(slice(mission.when.source), 'NLT 270500Z NOV 26');
    const unitTasks = order.tasks_to_unit;
    assert.equal([unitTasks.unit.text, unitTasks.found_in], ['Task Force 1-66 Armor', 'tasks_to_subordinate_units']);
    assert.equal(
      unitTasks.tasks.map((t: any) => [t.text, t.task?.id, t.times.map((time: any) => time.dtg?.iso), t.purpose?.text]),
      [
        [
          'Seize OBJ STEEL NLT 270500Z NOV 26 in order to secure the crossings',
          'seize',
          ['2026-11-27T05:00:00Z'],
          'secure the crossings',
        ],
      ],
    );
    assert.equal(
      order.constraints.map((c: any) => [c.kind, c.category, c.text, c.times.map((time: any) => time.dtg?.iso)]),
      [
        ['prohibition', 'fire_control', 'No fires on Künzell', []],
        ['requirement', 'movement', 'Units report crossing PL RED', []],
        ['prohibition', 'movement', 'Do not cross PL BLUE before 270300Z NOV 26', ['2026-11-27T03:00:00Z']],
      ],
    );
    assert.is(slice(order.constraints[0].source), 'No fires on Künzell');
    const objective = order.features.find((f: any) => f.name === 'OBJ STEEL');
    assert.equal([objective.kind, objective.positions[0].reference], ['objective', '32UNB 5520 4280']);
    // Recorded as events on the documents' streams.
    const types = async (id: string) => (await svc.service.store.readStream(`document-${id}`)).map((e) => e.type);
    assert.equal(await types(orderDoc!), ['DocumentUploaded', 'DocumentTextExtracted', 'OrdersRead']);
    assert.equal(await types(noteDoc!), ['DocumentUploaded', 'DocumentTextExtracted', 'OrdersRead']);

    // Reading again with nothing changed records nothing; after the unit changes, its tasks follow.
    const again = await http(svc.url, 'POST', `/api/operations/${op}/orders/read`, { key: svc.key });
    assert.is(again.status, 200, again.text);
    assert.equal(again.body, { ...body, map_layers: [] });
    assert.equal(await types(orderDoc!), ['DocumentUploaded', 'DocumentTextExtracted', 'OrdersRead']);
    const put = await http(svc.url, 'PUT', `/api/operations/${op}`, { key: svc.key, body: { unit: 'TF 2-7 IN' } });
    assert.is(put.status, 200, put.text);
    const reread = await http(svc.url, 'POST', `/api/operations/${op}/orders/read`, { key: svc.key });
    assert.is(reread.status, 200, reread.text);
    const rereadOrder = reread.body.items.find((i: any) => i.document_id === orderDoc).orders[0];
    assert.equal([rereadOrder.unit.name, rereadOrder.tasks_to_unit.unit.text], ['TF 2-7 IN', 'TF 2-7 IN']);
    assert.match(rereadOrder.tasks_to_unit.tasks[0].text, /^Support by fire from SBF 1/);
    assert.equal(await types(orderDoc!), ['DocumentUploaded', 'DocumentTextExtracted', 'OrdersRead', 'OrdersRead']);
    assert.equal(
      await types(noteDoc!),
      ['DocumentUploaded', 'DocumentTextExtracted', 'OrdersRead'],
      'still no order: nothing new',
    );

    // A deleted document's orders are gone from the list.
    assert.is((await http(svc.url, 'DELETE', `/api/documents/${orderDoc}`, { key: svc.key })).status, 200);
    const after = await http(svc.url, 'GET', `/api/operations/${op}/orders`, { key: svc.key });
    assert.equal(
      after.body.items.map((i: any) => i.document_id),
      [noteDoc],
    );
  });

  test('an OPORD uploaded as a two-page PDF: every element gives its page and its span in that page', async ({
    svc,
  }) => {
    const op = await newOperation(svc, 'TF 1-66 AR');
    // The two-page order of the reader's tests, its lines wrapped to fit the page.
    const wrap = (line: string) => line.replace(/(.{1,80})(?: +|$)/g, '$1\n').trimEnd();
    const pages = TWO_PAGES.split('\f').map((page) => page.split('\n').map(wrap).join('\n'));
    const pdf = makePdf(pages);
    const up = await upload(svc, { operation_id: op }, [{ name: 'opord-05-26.pdf', bytes: pdf }]);
    assert.is(up.status, 200, up.text);
    const documentId = up.body.items[0].id as string;
    assert.is((await waitForText(svc, documentId)).page_count, 2);
    const order = (await readOrders(svc, op)).items[0].orders[0];
    // The stored text is the extraction's: its pages between form feeds.
    const pageTexts = (await extractDocumentText(pdf, 'application/pdf')).text.split('\f');
    const quote = (source: any) =>
      [source, ...source.continues].map((p: any) => pageTexts[p.page - 1]!.slice(p.start, p.end)).join(' ');
    const where = (element: any) => [element.source.page, quote(element.source)];
    assert.equal(where(order.heading.title), [1, 'OPORD 05-26 (BLUE RIVER)']);
    assert.equal(where(order.mission.statement), [
      1,
      'TF 1-66 AR attacks at 280600A to seize OBJ IRON in order to protect\nthe northern flank of 2 BCT',
    ]);
    assert.equal(where(order.command_and_signal.text), [2, 'TF main CP at CP 4']);
    assert.equal(where(order.annexes[0].heading), [2, 'ANNEX C (OPERATIONS OVERLAY) TO OPORD 05-26 (BLUE RIVER)']);
    const companyA = order.execution.tasks_to_subordinate_units[0];
    assert.equal(
      [companyA.unit.text, companyA.tasks[1].source.page, companyA.tasks[1].source.continues.map((p: any) => p.page)],
      ['A Co', 1, [2]],
      'the task that runs over the page break: begun on page 1, continued on page 2',
    );
    assert.is(
      companyA.tasks[1].text,
      'Clear the woods north of OBJ IRON IOT deny the enemy observation of ROUTE BIRCH',
    );
    const objective = order.features.find((f: any) => f.name === 'OBJ IRON');
    assert.equal(
      objective.positions.map((p: any) => [p.reference, p.source.page, quote(p.source)]),
      [['32UNB6000005000', 2, '32UNB6000005000']],
    );
    assert.equal(
      order.constraints.map((c: any) => [c.text, c.source.page]),
      [['No movement on the B 27 before 280500A', 2]],
    );

    // Map features only with the user's consent, on a map of the operation.
    const readWith = (query: string) =>
      http(svc.url, 'POST', `/api/operations/${op}/orders/read?${query}`, { key: svc.key });
    const noMap = await readWith('map_features=true');
    assert.equal([noMap.status, noMap.body.detail?.[0]?.loc], [422, ['query', 'map_features']], noMap.text);
    const map = await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op, name: 'Fulda' } });
    assert.is(map.status, 200, map.text);
    const mapId = map.body.id as string;
    const mapEvents = async () => (await svc.service.store.readStream(`map-${mapId}`)).map((e) => e.type);
    const plain = await readWith('map_features=false');
    assert.equal([plain.status, plain.body.map_layers, await mapEvents()], [200, [], ['MapCreated']], 'no consent');
    const drawn = await readWith('map_features=true');
    assert.is(drawn.status, 200, drawn.text);
    assert.equal(
      drawn.body.map_layers.map((l: any) => [l.document_id, l.map_id, l.feature_count, l.added]),
      [[documentId, mapId, 4, true]],
    );
    const layerId = drawn.body.map_layers[0].layer_id;
    const [, added] = await svc.service.store.readStream(`map-${mapId}`);
    assert.equal(
      [added!.type, (added!.data as any).layer_id, (added!.data as any).layer_type, (added!.data as any).title],
      ['MapLayerAdded', layerId, 'annotation', 'Control measures of OPORD 05-26 (opord-05-26.pdf)'],
    );
    // In the order of their first mention: the task's SBF 1, paragraph 5's CP 4, the annex's PL GOLD.
    const positions = (name: string) =>
      order.features.find((f: any) => f.name === name).positions.map((p: any) => p.lon_lat);
    assert.equal(
      (added!.data as any).feature_collection.features.map((f: any) => [
        f.properties.name,
        f.properties.kind,
        f.properties.references,
        f.geometry,
      ]),
      [
        ['OBJ IRON', 'objective', ['32UNB6000005000'], { type: 'Point', coordinates: positions('OBJ IRON')[0] }],
        [
          'SBF 1',
          'support_by_fire_position',
          ['503400N0094600E'],
          { type: 'Point', coordinates: positions('SBF 1')[0] },
        ],
        ['CP 4', 'checkpoint', ['50°33\'37"N 9°45\'19"E'], { type: 'Point', coordinates: positions('CP 4')[0] }],
        [
          'PL GOLD',
          'phase_line',
          ['32UNB5800000000', '32UNB5800008000'],
          { type: 'LineString', coordinates: positions('PL GOLD') },
        ],
      ],
    );
    const layer = (await http(svc.url, 'GET', `/api/maps/${mapId}`, { key: svc.key })).body.layers[0];
    assert.equal([layer.id, layer.feature_count], [layerId, 4]);
    // Reading again adds no copy; another operation's map is refused.
    const again = await readWith(`map_features=true&map_id=${mapId}`);
    assert.equal(
      again.body.map_layers.map((l: any) => [l.layer_id, l.added]),
      [[layerId, false]],
    );
    assert.equal(await mapEvents(), ['MapCreated', 'MapLayerAdded']);
    const otherOp = await newOperation(svc, 'TF 2-7 IN');
    const otherMap = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: otherOp, name: 'Elsewhere' },
    });
    const wrong = await readWith(`map_features=true&map_id=${otherMap.body.id}`);
    assert.equal([wrong.status, wrong.body.detail?.[0]?.loc], [422, ['query', 'map_id']], wrong.text);
  });

  test('another account gets 403, an unknown or deleted operation 404, an invalid id 422', async ({ svc }) => {
    const op = await newOperation(svc, 'TF 1-66 AR');
    const other = await svc.newAccount();
    for (const [method, path] of [
      ['GET', `/api/operations/${op}/orders`],
      ['POST', `/api/operations/${op}/orders/read`],
    ] as const) {
      const r = await http(svc.url, method, path, { key: other.key });
      assert.is(r.status, 403, `${method} ${path}: ${r.text}`);
      assert.type(r.body.detail, 'string');
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    assert.is((await http(svc.url, 'GET', `/api/operations/${missing}/orders`, { key: svc.key })).status, 404);
    assert.is((await http(svc.url, 'POST', `/api/operations/${missing}/orders/read`, { key: svc.key })).status, 404);
    assert.is((await http(svc.url, 'GET', '/api/operations/not-a-uuid/orders', { key: svc.key })).status, 422);
    assert.is((await http(svc.url, 'GET', `/api/operations/${op}/orders`, { key: null })).status, 401);
    assert.is((await http(svc.url, 'GET', `/api/operations/${op}/orders`, { key: svc.key })).status, 200);
    assert.is((await http(svc.url, 'DELETE', `/api/operations/${op}`, { key: svc.key })).status, 200);
    assert.is(
      (await http(svc.url, 'GET', `/api/operations/${op}/orders`, { key: svc.key })).status,
      404,
      'a deleted operation',
    );
  });
});

// Maps and layers over HTTP: the map resource, the 403/404 rule, boundary versions, named areas and
// annotations, GeoJSON 422s with exact locs, limits, history and replay.
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { TEST_DATABASE_URL } from '../support/backends.ts';
import { replayOperation } from '../../commands/replay-operation.ts';
import { findMapBoundary } from '../../projections/queries/map-queries.ts';

const operationBody = { name: 'Op', unit: 'Unit', branch: 'armor', echelon: 'company' };
const clockwiseSquare = (x: number, y: number, d = 1) => [
  [x, y],
  [x, y + d],
  [x + d, y + d],
  [x + d, y],
  [x, y],
];
const polygon = (ring: number[][], properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates: [ring] },
});
const fc = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

async function newOperation(svc: TestService, key = svc.key) {
  const r = await http(svc.url, 'POST', '/api/operations/', { key, body: operationBody });
  assert.is(r.status, 200);
  return r.body.id as string;
}

async function newMap(svc: TestService, key = svc.key, name = 'Main map') {
  const operationId = await newOperation(svc, key);
  const r = await http(svc.url, 'POST', '/api/maps/', { key, body: { operation_id: operationId, name } });
  assert.is(r.status, 200, r.text);
  return { operationId, map: r.body };
}

forEachBackend('maps', (test, backend) => {
  test('a new operation has no maps; a created map is documented and listed', async ({ svc }) => {
    const operationId = await newOperation(svc);
    const empty = await http(svc.url, 'GET', `/api/maps/?operation_id=${operationId}`, { key: svc.key });
    assert.is(empty.status, 200);
    assert.equal(empty.body, []);
    const created = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: operationId, name: 'Area map' },
    });
    assert.is(created.status, 200);
    const map = created.body;
    assert.equal(Object.keys(map).sort(), [
      'created_at',
      'id',
      'layers',
      'links',
      'name',
      'operation_id',
      'updated_at',
      'version',
    ]);
    assert.match(map.id, /^[0-9a-f-]{36}$/);
    assert.is(map.operation_id, operationId);
    assert.is(map.name, 'Area map');
    assert.is(map.version, 0);
    assert.equal(map.layers, []);
    assert.is(map.created_at, map.updated_at);
    assert.is(created.headers.get('location'), `/api/maps/${map.id}`);
    assert.equal(
      map.links.map((l: any) => [l.rel, l.href]),
      [
        ['self', `${svc.url}/api/maps/${map.id}`],
        ['data', `${svc.url}/api/maps/${map.id}/ogc/features/collections`],
      ],
    );
    const second = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: operationId, name: 'Second' } })
    ).body;
    const list = await http(svc.url, 'GET', `/api/maps/?operation_id=${operationId}`, { key: svc.key });
    assert.equal(
      list.body.map((m: any) => m.id),
      [map.id, second.id],
      'oldest first',
    );
    assert.equal(list.body[0], map);
    assert.equal((await http(svc.url, 'GET', `/api/maps/${map.id}`, { key: svc.key })).body, map);
  });

  test('403 for another account, 404 for a missing or deleted operation or map', async ({ svc }) => {
    const { operationId, map } = await newMap(svc);
    const other = await svc.newAccount();
    const missing = randomUUID();
    const boundary = { type: 'boundary', title: 'AO', feature_collection: fc(polygon(clockwiseSquare(10, 50))) };
    const expect = async (key: string, method: string, path: string, body: unknown, status: number, detail: string) => {
      const r = await http(svc.url, method, path, { key, body });
      assert.is(r.status, status, `${method} ${path}: ${r.text}`);
      assert.equal(r.body, { detail });
    };
    await expect(
      other.key,
      'GET',
      `/api/maps/?operation_id=${operationId}`,
      undefined,
      403,
      'Operation belongs to another account',
    );
    await expect(
      other.key,
      'POST',
      '/api/maps/',
      { operation_id: operationId, name: 'x' },
      403,
      'Operation belongs to another account',
    );
    await expect(other.key, 'GET', `/api/maps/${map.id}`, undefined, 403, 'Map belongs to another account');
    await expect(other.key, 'POST', `/api/maps/${map.id}/features`, boundary, 403, 'Map belongs to another account');
    await expect(
      svc.key,
      'GET',
      `/api/maps/?operation_id=${missing}`,
      undefined,
      404,
      `Operation ${missing} not found`,
    );
    await expect(
      svc.key,
      'POST',
      '/api/maps/',
      { operation_id: missing, name: 'x' },
      404,
      `Operation ${missing} not found`,
    );
    await expect(svc.key, 'GET', `/api/maps/${missing}`, undefined, 404, `Map ${missing} not found`);
    await expect(svc.key, 'POST', `/api/maps/${missing}/features`, boundary, 404, `Map ${missing} not found`);

    assert.is((await http(svc.url, 'DELETE', `/api/operations/${operationId}`, { key: svc.key })).status, 200);
    await expect(
      svc.key,
      'GET',
      `/api/maps/?operation_id=${operationId}`,
      undefined,
      404,
      `Operation ${operationId} not found`,
    );
    await expect(
      svc.key,
      'POST',
      '/api/maps/',
      { operation_id: operationId, name: 'x' },
      404,
      `Operation ${operationId} not found`,
    );
    await expect(svc.key, 'GET', `/api/maps/${map.id}`, undefined, 404, `Map ${map.id} not found`);
    await expect(svc.key, 'POST', `/api/maps/${map.id}/features`, boundary, 404, `Map ${map.id} not found`);
    await expect(
      svc.key,
      'GET',
      `/api/maps/${map.id}/ogc/features/collections`,
      undefined,
      404,
      `Map ${map.id} not found`,
    );
  });

  test('boundary: 201, Location, normalised collection with ids and OGC links', async ({ svc }) => {
    const { map } = await newMap(svc);
    const hole = [
      [10.2, 50.2],
      [10.4, 50.2],
      [10.4, 50.4],
      [10.2, 50.4],
      [10.2, 50.2],
    ]; // counter-clockwise hole
    const sent = fc({
      type: 'Feature',
      id: 'mine',
      properties: null,
      bbox: [0, 0, 1, 1],
      geometry: { type: 'Polygon', coordinates: [clockwiseSquare(10, 50), hole] },
    });
    const r = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: { type: 'boundary', title: 'Area of operations', feature_collection: sent },
    });
    assert.is(r.status, 201, r.text);
    const layer = r.body;
    const collection = `${svc.url}/api/maps/${map.id}/ogc/features/collections/layer--${layer.layer_id}`;
    assert.is(r.headers.get('location'), collection);
    assert.is(layer.id, layer.layer_id);
    assert.is(layer.map_id, map.id);
    assert.is(layer.collection_id, `layer--${layer.layer_id}`);
    assert.is(layer.type, 'boundary');
    assert.is(layer.title, 'Area of operations');
    assert.is(layer.version, 1);
    assert.is(layer.replaced, false);
    assert.is(layer.feature_count, 1);
    assert.equal(layer.bbox, [10, 50, 11, 51]);
    const feature = layer.feature_collection.features[0];
    assert.equal(Object.keys(layer.feature_collection), ['type', 'features']);
    assert.match(feature.id, /^[0-9a-f-]{36}$/);
    assert.equal(feature.properties, {});
    assert.equal(
      feature.geometry.coordinates,
      [
        [
          [10, 50],
          [11, 50],
          [11, 51],
          [10, 51],
          [10, 50],
        ],
        [
          [10.2, 50.2],
          [10.2, 50.4],
          [10.4, 50.4],
          [10.4, 50.2],
          [10.2, 50.2],
        ],
      ],
      'exterior counter-clockwise, hole clockwise',
    );
    assert.not.ok('bbox' in feature);
    assert.equal(layer.links, [
      { href: collection, rel: 'collection', type: 'application/json', title: 'OGC API Features collection' },
      { href: `${collection}/items`, rel: 'items', type: 'application/geo+json', title: 'Features' },
    ]);
    const read = (await http(svc.url, 'GET', `/api/maps/${map.id}`, { key: svc.key })).body;
    assert.is(read.version, 1);
    assert.equal(read.layers, [
      {
        id: layer.layer_id,
        collection_id: layer.collection_id,
        type: 'boundary',
        title: 'Area of operations',
        version: 1,
        feature_count: 1,
        bbox: [10, 50, 11, 51],
        created_at: layer.created_at,
        updated_at: layer.updated_at,
        links: layer.links,
      },
    ]);
  });

  test('a second boundary is version 2 of the same layer; items, history and replay show it', async ({ svc }) => {
    const { operationId, map } = await newMap(svc);
    const post = (body: unknown) => http(svc.url, 'POST', `/api/maps/${map.id}/features`, { key: svc.key, body });
    const first = (
      await post({ type: 'boundary', title: 'AO v1', feature_collection: fc(polygon(clockwiseSquare(10, 50))) })
    ).body;
    const area = (
      await post({
        type: 'named_area',
        title: 'Objective',
        feature_collection: fc(polygon(clockwiseSquare(12, 52), { name: 'OBJ A' })),
      })
    ).body;
    const second = await post({
      type: 'boundary',
      title: 'AO v2',
      feature_collection: fc(polygon(clockwiseSquare(20, 40, 2)), polygon(clockwiseSquare(30, 40))),
    });
    assert.is(second.status, 201);
    assert.is(second.body.layer_id, first.layer_id, 'same boundary layer');
    assert.is(second.body.version, 2);
    assert.is(second.body.replaced, true);
    assert.is(second.body.title, 'AO v2');
    assert.is(second.body.feature_count, 2);
    assert.is(second.body.created_at, first.created_at);
    assert.ok(second.body.updated_at > first.updated_at);

    const read = (await http(svc.url, 'GET', `/api/maps/${map.id}`, { key: svc.key })).body;
    assert.equal(
      read.layers.map((l: any) => [l.id, l.type, l.version, l.title]),
      [
        [first.layer_id, 'boundary', 2, 'AO v2'],
        [area.layer_id, 'named_area', 1, 'Objective'],
      ],
    );
    assert.is(read.version, 3);
    const items = await http(
      svc.url,
      'GET',
      `/api/maps/${map.id}/ogc/features/collections/layer--${first.layer_id}/items`,
      { key: svc.key },
    );
    assert.equal(
      items.body.features,
      second.body.feature_collection.features,
      'the boundary items are the current boundary',
    );
    const stored = await findMapBoundary(svc.service.db.knex, map.id);
    assert.equal(stored!.feature_collection, second.body.feature_collection);

    const history = (await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: svc.key }))
      .body;
    assert.equal(
      history.items.map((e: any) => e.type),
      ['OperationCreated', 'MapCreated', 'MapLayerAdded', 'MapLayerAdded', 'MapLayerReplaced'],
    );
    const v1 = history.items[2];
    assert.is(v1.stream_id, `map-${map.id}`);
    assert.equal(v1.data.feature_collection, first.feature_collection, 'version 1 stays in history');
    assert.is(history.items[4].data.version, 2);

    const replayed = [];
    for await (const step of replayOperation(svc.service.store, operationId)) replayed.push(step);
    assert.equal(
      replayed.map((s) => s.type),
      ['OperationCreated', 'MapCreated', 'MapLayerAdded', 'MapLayerAdded', 'MapLayerReplaced'],
    );
    assert.equal((replayed[4]!.data as any).feature_collection, second.body.feature_collection);

    if (backend === 'postgres') {
      // `npm run replay` itself, on the same schema.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'entrypoints/replay.ts', operationId],
        {
          env: {
            ...process.env,
            EVENT_STORE: 'postgres',
            DATABASE_URL: TEST_DATABASE_URL,
            DATABASE_SCHEMA: svc.service.db.schema,
            LOG_LEVEL: 'warn',
          },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const lines = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(
        lines.map((l) => l.type),
        ['OperationCreated', 'MapCreated', 'MapLayerAdded', 'MapLayerAdded', 'MapLayerReplaced'],
      );
      assert.is(lines[4].data.layer_id, first.layer_id);
    }
  });

  test('concurrent boundaries become consecutive versions of one layer; none is lost', async ({ svc }) => {
    const { operationId, map } = await newMap(svc);
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
          key: svc.key,
          body: { type: 'boundary', title: `AO ${i}`, feature_collection: fc(polygon(clockwiseSquare(i, 0))) },
        }),
      ),
    );
    assert.equal(
      results.map((r) => r.status),
      [201, 201, 201, 201],
    );
    assert.is(new Set(results.map((r) => r.body.layer_id)).size, 1);
    assert.equal(results.map((r) => r.body.version).sort(), [1, 2, 3, 4]);
    const read = (await http(svc.url, 'GET', `/api/maps/${map.id}`, { key: svc.key })).body;
    assert.is(read.layers.length, 1);
    assert.is(read.layers[0].version, 4);
    const last = results.find((r) => r.body.version === 4)!;
    assert.is(read.layers[0].title, last.body.title);
    const history = (await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: svc.key }))
      .body;
    assert.equal(
      history.items.map((e: any) => e.type),
      ['OperationCreated', 'MapCreated', 'MapLayerAdded', 'MapLayerReplaced', 'MapLayerReplaced', 'MapLayerReplaced'],
    );
  });

  test('named areas and annotations are new layers each time; annotation takes points and lines', async ({ svc }) => {
    const { map } = await newMap(svc);
    const post = (body: unknown) => http(svc.url, 'POST', `/api/maps/${map.id}/features`, { key: svc.key, body });
    const a = await post({
      type: 'named_area',
      title: 'NAI 1',
      feature_collection: fc(polygon(clockwiseSquare(1, 1))),
    });
    const b = await post({
      type: 'named_area',
      title: 'NAI 2',
      feature_collection: fc(polygon(clockwiseSquare(2, 2))),
    });
    const c = await post({
      type: 'annotation',
      title: 'Notes',
      feature_collection: fc(
        { type: 'Feature', properties: { label: 'CP 1' }, geometry: { type: 'Point', coordinates: [1.5, 1.5] } },
        {
          type: 'Feature',
          properties: { label: 'Route' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [1, 1],
              [2, 2],
              [3, 1],
            ],
          },
        },
        polygon(clockwiseSquare(5, 5), { label: 'Zone' }),
      ),
    });
    assert.equal([a.status, b.status, c.status], [201, 201, 201]);
    assert.is(new Set([a.body.layer_id, b.body.layer_id, c.body.layer_id]).size, 3);
    assert.equal([a.body.replaced, b.body.replaced, c.body.replaced], [false, false, false]);
    assert.equal(
      c.body.feature_collection.features.map((f: any) => f.geometry.type),
      ['Point', 'LineString', 'Polygon'],
    );
    assert.equal(c.body.feature_collection.features[1].geometry.coordinates, [
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    assert.equal(c.body.bbox, [1, 1, 6, 6]);
    const read = (await http(svc.url, 'GET', `/api/maps/${map.id}`, { key: svc.key })).body;
    assert.equal(
      read.layers.map((l: any) => l.title),
      ['NAI 1', 'NAI 2', 'Notes'],
    );
  });

  test('invalid GeoJSON answers 422 at the exact loc; nothing is stored', async ({ svc }) => {
    const { operationId, map } = await newMap(svc);
    const good = clockwiseSquare(10, 50);
    const cases: Array<[unknown, unknown[], string, RegExp?]> = [
      [
        {
          type: 'boundary',
          title: 'AO',
          feature_collection: fc(
            polygon([
              [10, 50],
              [11, 50],
              [11, 51],
              [50.5, 120.5],
              [10, 50],
            ]),
          ),
        },
        ['body', 'feature_collection', 'features', 0, 'geometry', 'coordinates', 0, 3],
        'value_error',
        /looks like \[latitude, longitude\]/,
      ],
      [
        {
          type: 'boundary',
          title: 'AO',
          feature_collection: fc(
            polygon(good),
            polygon([
              [10, 50],
              [11, 50],
              [11, 51],
              [10, 51],
            ]),
          ),
        },
        ['body', 'feature_collection', 'features', 1, 'geometry', 'coordinates', 0, 3],
        'value_error',
        /not closed/,
      ],
      [
        {
          type: 'boundary',
          title: 'AO',
          feature_collection: fc(
            polygon([
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ]),
          ),
        },
        ['body', 'feature_collection', 'features', 0, 'geometry', 'coordinates', 0],
        'value_error',
        /self-intersects/,
      ],
      [
        {
          type: 'boundary',
          title: 'AO',
          feature_collection: fc(
            polygon([
              [0, 0],
              [1, 1],
              [0, 0],
            ]),
          ),
        },
        ['body', 'feature_collection', 'features', 0, 'geometry', 'coordinates', 0],
        'too_short',
      ],
      [
        {
          type: 'named_area',
          title: 'A',
          feature_collection: fc({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }),
        },
        ['body', 'feature_collection', 'features', 0, 'geometry', 'type'],
        'enum',
        /Point is not allowed/,
      ],
      [
        {
          type: 'annotation',
          title: 'A',
          feature_collection: fc({
            type: 'Feature',
            properties: {},
            geometry: { type: 'Point', coordinates: [1, 'x'] },
          }),
        },
        ['body', 'feature_collection', 'features', 0, 'geometry', 'coordinates', 1],
        'float_type',
      ],
      [
        {
          type: 'annotation',
          title: 'A',
          feature_collection: fc({
            type: 'Feature',
            properties: {},
            geometry: { type: 'Point', coordinates: [181, 0] },
          }),
        },
        ['body', 'feature_collection', 'features', 0, 'geometry', 'coordinates'],
        'value_error',
        /Longitude 181/,
      ],
      [
        {
          type: 'annotation',
          title: 'A',
          feature_collection: fc({
            type: 'Feature',
            properties: { datetime: 'soon' },
            geometry: { type: 'Point', coordinates: [1, 2] },
          }),
        },
        ['body', 'feature_collection', 'features', 0, 'properties', 'datetime'],
        'datetime_parsing',
      ],
      [
        {
          type: 'boundary',
          title: 'AO',
          feature_collection: fc({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [good] } }),
        },
        ['body', 'feature_collection', 'features', 0, 'properties'],
        'missing',
      ],
      [
        { type: 'boundary', title: 'AO', feature_collection: fc({ type: 'Feature', properties: {}, geometry: null }) },
        ['body', 'feature_collection', 'features', 0, 'geometry'],
        'dict_type',
      ],
      [
        { type: 'boundary', title: 'AO', feature_collection: fc({ type: 'Feature', properties: {} }) },
        ['body', 'feature_collection', 'features', 0, 'geometry'],
        'missing',
      ],
      [
        {
          type: 'boundary',
          title: 'AO',
          feature_collection: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [good] } },
        },
        ['body', 'feature_collection', 'type'],
        'literal_error',
      ],
      [
        { type: 'boundary', title: 'AO', feature_collection: fc() },
        ['body', 'feature_collection', 'features'],
        'too_short',
      ],
      [{ type: 'boundary', title: 'AO', feature_collection: [] }, ['body', 'feature_collection'], 'dict_type'],
      [{ type: 'boundry', title: 'AO', feature_collection: fc(polygon(good)) }, ['body', 'type'], 'enum'],
      [{ type: 'boundary', feature_collection: fc(polygon(good)) }, ['body', 'title'], 'missing'],
      [
        { type: 'boundary', title: ' ', feature_collection: fc(polygon(good)) },
        ['body', 'title'],
        'string_pattern_mismatch',
      ],
      [
        { type: 'boundary', title: 'AO', featureCollection: fc(polygon(good)) },
        ['body', 'feature_collection'],
        'missing',
      ],
    ];
    for (const [body, loc, type, msg] of cases) {
      const r = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, { key: svc.key, body });
      const label = JSON.stringify(body).slice(0, 160);
      assert.is(r.status, 422, `${label} → ${r.status} ${r.text.slice(0, 300)}`);
      const issue = r.body.detail.find((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc));
      assert.ok(issue, `${label}: ${JSON.stringify(loc)} in ${JSON.stringify(r.body.detail)}`);
      assert.is(issue.type, type, `${label}: ${JSON.stringify(r.body.detail)}`);
      if (msg) assert.match(issue.msg, msg);
    }
    const several = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: {
        type: 'boundary',
        title: 'AO',
        feature_collection: fc(
          polygon([
            [200, 0],
            [1, 0],
            [1, 1],
            [200, 0],
          ]),
          polygon([
            [0, 0],
            [1, 0],
            [1, 95],
            [0, 0],
          ]),
        ),
      },
    });
    assert.equal(
      several.body.detail.map((d: any) => d.loc.slice(3)),
      [
        [0, 'geometry', 'coordinates', 0, 0],
        [0, 'geometry', 'coordinates', 0, 3],
        [1, 'geometry', 'coordinates', 0, 2],
      ],
    );
    const read = (await http(svc.url, 'GET', `/api/maps/${map.id}`, { key: svc.key })).body;
    assert.equal(read.layers, []);
    assert.is(read.version, 0);
    const history = (await http(svc.url, 'GET', `/api/operations/${operationId}/history`, { key: svc.key })).body;
    assert.is(history.total, 2, 'only OperationCreated and MapCreated');
    const badMap = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: 'nope', name: 42 },
    });
    assert.equal(
      badMap.body.detail.map((d: any) => d.loc),
      [
        ['body', 'operation_id'],
        ['body', 'name'],
      ],
    );
    const noQuery = await http(svc.url, 'GET', '/api/maps/', { key: svc.key });
    assert.equal(noQuery.body.detail[0].loc, ['query', 'operation_id']);
  });

  test('limits: 250,000 positions per request (422), 16 MB body (413)', async ({ svc }) => {
    const { map } = await newMap(svc);
    const line = (n: number) => Array.from({ length: n }, (_, i) => [(i % 3600) / 20 - 90, Math.floor(i / 3600) / 100]);
    const tooMany = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: {
        type: 'annotation',
        title: 'Long',
        feature_collection: fc({
          type: 'Feature',
          properties: {},
          geometry: { type: 'LineString', coordinates: line(250_001) },
        }),
      },
    });
    assert.is(tooMany.status, 422);
    assert.equal(tooMany.body.detail, [
      {
        loc: ['body', 'feature_collection'],
        msg:
          'The feature collection has 250001 positions; at most 250000 are accepted per request (split it into several ' +
          'layers or simplify the geometry)',
        type: 'too_long',
      },
    ]);
    const huge = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: {
        type: 'annotation',
        title: 'Big',
        feature_collection: fc({
          type: 'Feature',
          properties: { blob: 'x'.repeat(17 * 1024 * 1024) },
          geometry: { type: 'Point', coordinates: [1, 2] },
        }),
      },
    });
    assert.is(huge.status, 413);
    assert.type(huge.body.detail, 'string');
    // 250,000 positions at most per request, and each LineString at most MAX_LINE_POSITIONS (20,000).
    const positions = line(250_000);
    const lines = Array.from({ length: Math.ceil(250_000 / 20_000) }, (_, i) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: positions.slice(i * 20_000, (i + 1) * 20_000) },
    }));
    const atLimit = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: { type: 'annotation', title: 'Long', feature_collection: fc(...lines) },
    });
    assert.is(atLimit.status, 201, atLimit.text.slice(0, 300));
    const stored = atLimit.body.feature_collection.features.map((f: any) => f.geometry.coordinates.length);
    assert.equal([stored.length, stored.reduce((a: number, b: number) => a + b, 0)], [13, 250_000]);
  });
});

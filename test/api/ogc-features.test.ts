// OGC API Features Part 1 Core over a map: landing page, conformance, collections, items with
// bbox (true intersection), datetime, paging and links, single features, errors and auth.
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';

const square = (x: number, y: number, d = 1) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const polygon = (ring: number[][], properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates: [ring] },
});
const point = (x: number, y: number, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [x, y] },
});
const fc = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

interface Fixture {
  mapId: string;
  root: string;
  layers: Record<'boundary' | 'zones' | 'events' | 'grid', any>;
}

const fixtures = new Map<TestService, Promise<Fixture>>();

async function setUp(svc: TestService): Promise<Fixture> {
  const op = (
    await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
    })
  ).body;
  const map = (
    await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'OGC map' } })
  ).body;
  const post = async (type: string, title: string, collection: unknown) => {
    const r = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: { type, title, feature_collection: collection },
    });
    assert.is(r.status, 201, r.text);
    return r.body;
  };
  const boundary = await post('boundary', 'Area of operations', fc(polygon(square(10, 50))));
  const zones = await post(
    'named_area',
    'Zones',
    fc(
      polygon(
        [
          [0, 0],
          [10, 0],
          [10, 4],
          [4, 4],
          [4, 10],
          [0, 10],
          [0, 0],
        ],
        { name: 'L' },
      ),
      polygon(square(6, 6), { name: 'inside' }),
      polygon(square(8.5, 8.5), { name: 'straddling' }),
      polygon(square(20, 20), { name: 'far' }),
      polygon(square(179, 0, 0.5), { name: 'east of the antimeridian' }),
      polygon(square(-179.5, 0, 0.5), { name: 'west of the antimeridian' }),
    ),
  );
  const events = await post(
    'annotation',
    'Events',
    fc(
      point(1, 1, { name: 'e0', datetime: '2024-01-01T00:00:00Z' }),
      point(2, 2, { name: 'e1', datetime: '2024-06-01T12:00:00Z' }),
      point(3, 3, { name: 'e2', datetime: '2024-12-31T23:59:59.5Z' }),
      point(4, 4, { name: 'e3' }),
    ),
  );
  const grid = await post(
    'annotation',
    'Grid',
    fc(...Array.from({ length: 250 }, (_, i) => point((i % 25) * 0.1, Math.floor(i / 25) * 0.1, { i }))),
  );
  return {
    mapId: map.id,
    root: `${svc.url}/api/maps/${map.id}/ogc/features`,
    layers: { boundary, zones, events, grid },
  };
}

function fixture(svc: TestService): Promise<Fixture> {
  if (!fixtures.has(svc)) fixtures.set(svc, setUp(svc));
  return fixtures.get(svc)!;
}

const itemsPath = (layer: any, query = '') => `/collections/layer--${layer.layer_id}/items${query}`;
const names = (body: any) => body.features.map((f: any) => f.properties.name);

forEachBackend('ogc features', (test) => {
  test('landing page and conformance', async ({ svc }) => {
    const { root } = await fixture(svc);
    const landing = await http(root, 'GET', '', { key: svc.key });
    assert.is(landing.status, 200);
    assert.match(landing.headers.get('content-type')!, /^application\/json/);
    assert.equal(
      landing.body.links.map((l: any) => [l.rel, l.href, l.type]),
      [
        ['self', root, 'application/json'],
        ['service-desc', `${svc.url}/api/openapi.json`, 'application/vnd.oai.openapi+json;version=3.1'],
        ['conformance', `${root}/conformance`, 'application/json'],
        ['data', `${root}/collections`, 'application/json'],
      ],
    );
    const conformance = await http(root, 'GET', '/conformance?f=json', { key: svc.key });
    assert.equal(conformance.body, {
      conformsTo: [
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
        'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
      ],
    });
    const openapi = await http(svc.url, 'GET', '/api/openapi.json');
    assert.ok(
      openapi.body.paths[`/api/maps/{map_id}/ogc/features/collections/{collectionId}/items`].get,
      'the items route is described',
    );
    const proxied = await http(root, 'GET', '', {
      key: svc.key,
      headers: { 'x-forwarded-host': 'maps.example.org', 'x-forwarded-proto': 'https' },
    });
    // Forwarding headers count only behind a configured proxy (TRUST_PROXY; test/api/browser-login.test.ts).
    assert.is(proxied.body.links[0].href, root, 'without TRUST_PROXY, X-Forwarded-* change no link');
  });

  test('collections: one per layer, in the interface shape with extent and crs', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const r = await http(root, 'GET', '/collections', { key: svc.key });
    assert.is(r.status, 200);
    assert.equal(r.body.links, [
      { href: `${root}/collections`, rel: 'self', type: 'application/json', title: 'This document' },
    ]);
    const collections = r.body.collections;
    assert.equal(
      collections.map((c: any) => [c.id, c.title, c['svc:layer_type']]),
      [
        [`layer--${layers.boundary.layer_id}`, 'Area of operations', 'boundary'],
        [`layer--${layers.zones.layer_id}`, 'Zones', 'named_area'],
        [`layer--${layers.events.layer_id}`, 'Events', 'annotation'],
        [`layer--${layers.grid.layer_id}`, 'Grid', 'annotation'],
      ],
    );
    const events = collections[2];
    const href = `${root}/collections/layer--${layers.events.layer_id}`;
    assert.equal(events, {
      id: `layer--${layers.events.layer_id}`,
      title: 'Events',
      'svc:map_layer_id': layers.events.layer_id,
      'svc:layer_type': 'annotation',
      'svc:layer_version': 1,
      itemType: 'feature',
      crs: ['http://www.opengis.net/def/crs/OGC/1.3/CRS84'],
      extent: {
        spatial: { bbox: [[1, 1, 4, 4]], crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' },
        temporal: {
          interval: [['2024-01-01T00:00:00.000Z', layers.events.updated_at]],
          trs: 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian',
        },
      },
      links: [
        { href, rel: 'self', type: 'application/json', title: 'This collection' },
        { href: `${href}/items`, rel: 'items', type: 'application/geo+json', title: 'Features of this layer' },
      ],
    });
    assert.equal(collections[1].extent.spatial.bbox, [[-179.5, 0, 179.5, 21]]);
    const one = await http(root, 'GET', `/collections/layer--${layers.events.layer_id}`, { key: svc.key });
    assert.equal(one.body, events);
  });

  test('items: GeoJSON, default limit 100, next/prev links, every feature once in order', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const first = await http(root, 'GET', itemsPath(layers.grid), { key: svc.key });
    assert.is(first.status, 200);
    assert.is(first.headers.get('content-type'), 'application/geo+json');
    assert.is(first.body.type, 'FeatureCollection');
    assert.is(first.body.numberMatched, 250);
    assert.is(first.body.numberReturned, 100);
    assert.is(first.body.features.length, 100);
    assert.ok(Math.abs(Date.parse(first.body.timeStamp) - Date.now()) < 60_000);
    const base = `${root}${itemsPath(layers.grid)}`;
    assert.equal(first.body.links, [
      { href: `${base}?limit=100&offset=0`, rel: 'self', type: 'application/geo+json', title: 'This page' },
      { href: `${base}?limit=100&offset=100`, rel: 'next', type: 'application/geo+json', title: 'Next page' },
      {
        href: `${root}/collections/layer--${layers.grid.layer_id}`,
        rel: 'collection',
        type: 'application/json',
        title: 'The collection',
      },
    ]);
    const seen: string[] = [];
    let url: string | undefined = `${base}?limit=100&offset=0`;
    let pages = 0;
    let last: any;
    while (url) {
      last = (await http(url, 'GET', '', { key: svc.key })).body;
      seen.push(...last.features.map((f: any) => f.id));
      url = last.links.find((l: any) => l.rel === 'next')?.href;
      pages++;
    }
    assert.is(pages, 3);
    assert.equal(
      seen,
      layers.grid.feature_collection.features.map((f: any) => f.id),
      'every feature once, in posted order',
    );
    assert.equal(last.links.find((l: any) => l.rel === 'prev').href, `${base}?limit=100&offset=100`);
    assert.equal(last.features[0], layers.grid.feature_collection.features[200], 'served as stored');
  });

  test('items: limit above 1000 is served as 1000; offset past the end is empty', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const big = await http(root, 'GET', itemsPath(layers.grid, '?limit=5000'), { key: svc.key });
    assert.is(big.status, 200);
    assert.is(big.body.numberReturned, 250);
    assert.match(big.body.links[0].href, /\?limit=1000&offset=0$/);
    const past = await http(root, 'GET', itemsPath(layers.grid, '?offset=300&limit=50'), { key: svc.key });
    assert.equal([past.body.numberMatched, past.body.numberReturned, past.body.features], [250, 0, []]);
    assert.match(past.body.links.find((l: any) => l.rel === 'prev').href, /limit=50&offset=250$/);
    assert.not.ok(past.body.links.some((l: any) => l.rel === 'next'));
  });

  test('items: bbox keeps true intersections only (not mere box overlap); boundary and antimeridian', async ({
    svc,
  }) => {
    const { root, layers } = await fixture(svc);
    const inBox = await http(root, 'GET', itemsPath(layers.zones, '?bbox=5,5,9,9'), { key: svc.key });
    assert.equal(names(inBox.body), ['inside', 'straddling'], 'the L-shaped polygon overlaps only by its box');
    assert.is(inBox.body.numberMatched, 2);
    const touching = await http(root, 'GET', itemsPath(layers.zones, '?bbox=4,4,5,5'), { key: svc.key });
    assert.equal(names(touching.body), ['L'], 'touching the inner corner counts');
    const sixNumbers = await http(root, 'GET', itemsPath(layers.zones, '?bbox=5,5,-100,9,9,100'), { key: svc.key });
    assert.equal(names(sixNumbers.body), ['inside', 'straddling']);
    const across = await http(root, 'GET', itemsPath(layers.zones, '?bbox=178,-1,-178,2'), { key: svc.key });
    assert.equal(names(across.body), ['east of the antimeridian', 'west of the antimeridian']);
    const pointBox = await http(root, 'GET', itemsPath(layers.grid, '?bbox=0.2,0.2,0.2,0.2'), { key: svc.key });
    assert.equal(
      pointBox.body.features.map((f: any) => f.properties.i),
      [52],
      'a point on the box edge matches',
    );
    const nothing = await http(root, 'GET', itemsPath(layers.zones, '?bbox=-50,-50,-40,-40'), { key: svc.key });
    assert.equal([nothing.body.numberMatched, nothing.body.numberReturned], [0, 0]);
  });

  test('items: bbox, datetime and limit together; next links keep every filter', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const query = '?bbox=0,0,0.45,0.45&datetime=../2100-01-01T00:00:00Z&limit=10&unknown=ignored';
    const first = await http(root, 'GET', itemsPath(layers.grid, query), { key: svc.key });
    assert.is(first.status, 200);
    assert.is(first.body.numberMatched, 25);
    const next = first.body.links.find((l: any) => l.rel === 'next').href;
    assert.is(
      next,
      `${root}${itemsPath(layers.grid)}?bbox=0,0,0.45,0.45&datetime=../2100-01-01T00:00:00Z&limit=10&offset=10`,
    );
    const ids: number[] = first.body.features.map((f: any) => f.properties.i);
    let url: string | undefined = next;
    while (url) {
      const page: any = (await http(url, 'GET', '', { key: svc.key })).body;
      ids.push(...page.features.map((f: any) => f.properties.i));
      url = page.links.find((l: any) => l.rel === 'next')?.href;
    }
    const expected = Array.from({ length: 250 }, (_, i) => i).filter(
      (i) => (i % 25) * 0.1 <= 0.45 && Math.floor(i / 25) * 0.1 <= 0.45,
    );
    assert.equal(ids, expected);
    const none = await http(
      root,
      'GET',
      itemsPath(layers.grid, '?bbox=0,0,0.45,0.45&datetime=../2000-01-01T00:00:00Z'),
      { key: svc.key },
    );
    assert.is(none.body.numberMatched, 0);
  });

  test('items: datetime instants, closed and open intervals, dates, the version time', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const query = async (datetime: string) => {
      const r = await http(root, 'GET', itemsPath(layers.events, `?datetime=${encodeURIComponent(datetime)}`), {
        key: svc.key,
      });
      assert.is(r.status, 200, `${datetime}: ${r.text}`);
      assert.is(r.body.numberMatched, r.body.features.length);
      return names(r.body);
    };
    assert.equal(await query('2024-06-01T12:00:00Z'), ['e1']);
    assert.equal(await query('2024-06-01T14:00:00+02:00'), ['e1'], 'the same instant in another offset');
    assert.equal(
      await query('2024-01-01T00:00:00Z/2024-06-01T12:00:00Z'),
      ['e0', 'e1'],
      'closed interval, bounds included',
    );
    assert.equal(await query('../2024-06-01T11:59:59Z'), ['e0']);
    assert.equal(await query('/2024-01-01T00:00:00Z'), ['e0']);
    assert.equal(await query('2024-06-01T12:00:00Z/..'), ['e1', 'e2', 'e3'], 'e3 has the version time (now)');
    assert.equal(await query('2024-12-31'), ['e2'], 'a date is that whole UTC day');
    assert.equal(await query('2024-01-02/2024-12-31'), ['e1', 'e2']);
    assert.equal(
      await query(layers.events.updated_at),
      ['e3'],
      'a feature without a datetime property has its layer version time',
    );
    assert.equal(await query('../..'), ['e0', 'e1', 'e2', 'e3']);
  });

  test('bad parameter values answer 422 at [query, name]; f=json is honoured', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit'],
      ['?limit=-5', 'limit'],
      ['?limit=abc', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?offset=-1', 'offset'],
      ['?bbox=1,2,3', 'bbox'],
      ['?bbox=a,b,c,d', 'bbox'],
      ['?bbox=0,0,1,95', 'bbox'],
      ['?bbox=0,5,1,4', 'bbox'],
      ['?bbox=0,0,200,1', 'bbox'],
      ['?bbox=', 'bbox'],
      ['?datetime=yesterday', 'datetime'],
      ['?datetime=2024-13-01T00:00:00Z', 'datetime'],
      ['?datetime=2024-06-02T00:00:00Z/2024-06-01T00:00:00Z', 'datetime'],
      ['?datetime=a/b/c', 'datetime'],
      ['?datetime=2024-06-01T00:00:00', 'datetime'],
      ['?f=html', 'f'],
      ['?bbox-crs=http://www.opengis.net/def/crs/EPSG/0/4326&bbox=50,10,51,11', 'bbox-crs'],
      ['?crs=EPSG:3857', 'crs'],
    ];
    for (const [query, name] of cases) {
      const r = await http(root, 'GET', itemsPath(layers.grid, query), { key: svc.key });
      assert.is(r.status, 422, `${query}: ${r.text}`);
      assert.equal(r.body.detail[0].loc, ['query', name], `${query}: ${r.text}`);
      assert.type(r.body.detail[0].msg, 'string');
    }
    const crs84 = await http(
      root,
      'GET',
      itemsPath(layers.zones, '?bbox=5,5,9,9&bbox-crs=http://www.opengis.net/def/crs/OGC/1.3/CRS84'),
      { key: svc.key },
    );
    assert.equal(names(crs84.body), ['inside', 'straddling'], 'CRS84 named explicitly');
    const bboxMsg = (await http(root, 'GET', itemsPath(layers.grid, '?bbox=1,2,3'), { key: svc.key })).body.detail[0]
      .msg;
    assert.match(bboxMsg, /4 numbers/);
    for (const path of ['?f=json', '']) {
      assert.is((await http(root, 'GET', `/collections${path}`, { key: svc.key })).status, 200);
    }
    const json = await http(root, 'GET', itemsPath(layers.grid, '?f=json&limit=1'), { key: svc.key });
    assert.is(json.headers.get('content-type'), 'application/geo+json');
    assert.match(json.body.links[0].href, /limit=1&f=json&offset=0$/);
    assert.is((await http(root, 'GET', '/collections?f=xml', { key: svc.key })).status, 422);
  });

  test('single feature; unknown collection or feature is 404', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const stored = layers.events.feature_collection.features[1];
    const r = await http(root, 'GET', `${itemsPath(layers.events)}/${stored.id}`, { key: svc.key });
    assert.is(r.status, 200);
    assert.is(r.headers.get('content-type'), 'application/geo+json');
    const { links, ...feature } = r.body;
    assert.equal(feature, stored);
    assert.equal(
      links.map((l: any) => [l.rel, l.href]),
      [
        ['self', `${root}${itemsPath(layers.events)}/${stored.id}`],
        ['collection', `${root}/collections/layer--${layers.events.layer_id}`],
      ],
    );
    const missing = [
      `/collections/layer--${randomUUID()}`,
      `/collections/layer--${randomUUID()}/items`,
      '/collections/roads/items',
      '/collections/layer--nope',
      `${itemsPath(layers.events)}/${randomUUID()}`,
      `${itemsPath(layers.events)}/not-a-uuid`,
      `${itemsPath(layers.grid)}/${stored.id}`,
    ];
    for (const path of missing) {
      const m = await http(root, 'GET', path, { key: svc.key });
      assert.is(m.status, 404, `${path}: ${m.text}`);
      assert.type(m.body.detail, 'string');
    }
  });

  test('the boundary layer items are exactly the stored boundary_shape', async ({ svc }) => {
    const { root, layers } = await fixture(svc);
    const items = await http(root, 'GET', itemsPath(layers.boundary), { key: svc.key });
    assert.equal(items.body.features, layers.boundary.feature_collection.features);
    assert.equal({ type: 'FeatureCollection', features: items.body.features }, layers.boundary.feature_collection);
  });

  test('bearer auth on every OGC route: 401 without a key, 403 for another account, 404 / 422 for the map id', async ({
    svc,
  }) => {
    const { root, mapId, layers } = await fixture(svc);
    const other = await svc.newAccount();
    const featureId = layers.grid.feature_collection.features[0].id;
    const paths = [
      '',
      '/conformance',
      '/collections',
      `/collections/layer--${layers.grid.layer_id}`,
      itemsPath(layers.grid),
      `${itemsPath(layers.grid)}/${featureId}`,
    ];
    for (const path of paths) {
      const anonymous = await http(root, 'GET', path);
      assert.is(anonymous.status, 401, path);
      assert.is(anonymous.headers.get('www-authenticate'), 'Bearer');
      const foreign = await http(root, 'GET', path, { key: other.key });
      assert.is(foreign.status, 403, path);
      assert.equal(foreign.body, { detail: 'Map belongs to another account' });
      const missingMap = randomUUID();
      const gone = await http(root.replace(mapId, missingMap), 'GET', path, { key: svc.key });
      assert.is(gone.status, 404, path);
      assert.equal(gone.body, { detail: `Map ${missingMap} not found` });
      const malformed = await http(root.replace(mapId, 'not-a-uuid'), 'GET', path, { key: svc.key });
      assert.is(malformed.status, 422, path);
      assert.equal(malformed.body.detail[0].loc, ['path', 'map_id']);
    }
  });
});

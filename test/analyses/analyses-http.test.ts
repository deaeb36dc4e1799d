// Issue 12 plumbing over HTTP on PGlite and PostgreSQL: line of sight and viewshed requested on a
// map, run by the embedded workers on the synthetic elevation (prepared on demand), results as map
// layers through OGC API Features, list / read / cancel, access, and exact 422 locs.
import * as assert from 'uvu/assert';
import { PNG } from 'pngjs';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';

async function newMap(svc: TestService, key = svc.key) {
  const op = await http(svc.url, 'POST', '/api/operations/', {
    key,
    body: { name: 'Analyses', unit: 'Recon', branch: 'cavalry', echelon: 'company' },
  });
  assert.is(op.status, 200, op.text);
  const map = await http(svc.url, 'POST', '/api/maps/', {
    key,
    body: { operation_id: op.body.id, name: 'Analysis map' },
  });
  assert.is(map.status, 200, map.text);
  return map.body.id as string;
}

async function poll(svc: TestService, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await http(svc.url, 'GET', `/api/analyses/${id}`, { key: svc.key });
    assert.is(r.status, 200, r.text);
    if (['success', 'failed', 'cancelled'].includes(r.body.status)) return r.body;
    if (Date.now() > deadline) throw new Error(`analysis ${id} not terminal: ${r.text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const OBSERVER = [8.5, 47.3];
const lineOfSight = (target: number[], extra: Record<string, unknown> = {}) => ({
  type: 'line_of_sight',
  observer: { position: OBSERVER, height_m: 2 },
  target: { position: target, height_m: 0 },
  ...extra,
});

forEachBackend('analyses over HTTP', (test) => {
  test('line of sight answers at once with its result, MGRS references and a line_of_sight layer', async ({ svc }) => {
    const mapId = await newMap(svc);
    const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: lineOfSight([8.51, 47.305]),
    });
    assert.is(r.status, 201, r.text);
    assert.is(r.headers.get('location'), `/api/analyses/${r.body.id}`);
    const a = r.body;
    assert.is(a.status, 'success', r.text);
    assert.is(a.type, 'line_of_sight');
    assert.is(a.title, 'Line of sight');
    assert.is(a.elevation_source, 'on_demand');
    assert.is(a.parameters.refraction_k, 4 / 3);
    assert.is(typeof a.result.visible, 'boolean');
    assert.is(a.result.observer.requested_mgrs, '32TMT6220038624');
    assert.match(a.result.observer.mgrs, /^32TMT\d{10}$/);
    assert.match(a.result.target.mgrs, /^32TMT\d{10}$/);
    // 0.01° east and 0.005° north at 47.3° N: about 935 m (cell centres move it by under a cell).
    assert.ok(Math.abs(a.result.ground_distance_m - 935) < 40, String(a.result.ground_distance_m));
    assert.ok(
      Math.abs(a.result.cell_size_m - 38.2185 * Math.cos((47.3 * Math.PI) / 180)) < 0.2,
      String(a.result.cell_size_m),
    );
    assert.is(a.result.profile[0].distance_m, 0);
    assert.is(a.result.profile.at(-1).distance_m, a.result.ground_distance_m);
    // The result layer through OGC API Features.
    const collections = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections`, { key: svc.key });
    const layer = collections.body.collections.find((c: any) => c.id === `layer--${a.layer_id}`);
    assert.ok(layer, collections.text);
    assert.is(layer['svc:layer_type'], 'line_of_sight');
    const items = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections/layer--${a.layer_id}/items`, {
      key: svc.key,
    });
    assert.is(items.status, 200, items.text);
    const roles = items.body.features.map((f: any) => f.properties.role).sort();
    assert.equal(roles, ['observer', 'sight_line', 'target']);
    const line = items.body.features.find((f: any) => f.properties.role === 'sight_line');
    assert.is(line.properties.visible, a.result.visible);
    assert.equal(line.geometry.coordinates, [a.result.observer.position, a.result.target.position]);
  });

  test('the same line of sight seen from a tower is visible whatever the ground; heights matter', async ({ svc }) => {
    const mapId = await newMap(svc);
    const low = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: lineOfSight([8.56, 47.33], { observer: { position: OBSERVER, height_m: 0 } }),
    });
    const high = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: lineOfSight([8.56, 47.33], {
        observer: { position: OBSERVER, height_m: 500 },
        target: { position: [8.56, 47.33], height_m: 500 },
      }),
    });
    assert.is(low.status, 201, low.text);
    assert.is(high.status, 201, high.text);
    assert.is(high.body.result.visible, true, JSON.stringify(high.body.result.profile.slice(0, 5)));
    assert.is(low.body.result.ground_distance_m, high.body.result.ground_distance_m);
  });

  test('viewshed is queued, polled to success, counts its cells and adds a viewshed layer', async ({ svc }) => {
    const mapId = await newMap(svc);
    const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: { type: 'viewshed', title: 'OP north', observer: { position: OBSERVER, height_m: 10 }, radius_m: 1000 },
    });
    assert.is(r.status, 202, r.text);
    const done = await poll(svc, r.body.id);
    assert.is(done.status, 'success', JSON.stringify(done));
    const res = done.result;
    // Cells within 1 km: about π·1000² / cell² (cells of 25.9 m at 47.3° N): ~4,680.
    const expected = (Math.PI * 1e6) / res.cell_size_m ** 2;
    assert.ok(Math.abs(res.cells_in_radius - expected) / expected < 0.02, `${res.cells_in_radius} vs ${expected}`);
    assert.ok(res.visible_cells >= 1 && res.visible_cells <= res.cells_in_radius);
    assert.is(res.visible_share, Number((res.visible_cells / res.cells_in_radius).toFixed(6)));
    assert.is(res.target_height_m, 0);
    assert.is(done.progress.stage, 'elevation');
    assert.is(done.progress.completed, done.footprint.work_tiles);
    const items = await http(
      svc.url,
      'GET',
      `/api/maps/${mapId}/ogc/features/collections/layer--${done.layer_id}/items`,
      { key: svc.key },
    );
    assert.is(items.status, 200, items.text);
    assert.equal(items.body.features.map((f: any) => f.geometry.type).sort(), ['Point', 'Polygon']);
    // The raster as a map-owned tile collection: every visible cell is in the data tiles.
    const collections = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/tiles/collections`, { key: svc.key });
    assert.equal(
      collections.body.collections.map((c: any) => c.id),
      [`layer--${done.layer_id}`],
    );
    const tilesetUrl =
      collections.body.collections[0].links.find((l: any) => l.rel.endsWith('tilesets-coverage')).href +
      '/WebMercatorQuad';
    const tileset = await http(svc.url, 'GET', new URL(tilesetUrl).pathname, { key: svc.key });
    assert.is(tileset.status, 200, tileset.text);
    const limits = tileset.body.tileMatrixSetLimits.find((l: any) => l.tileMatrix === '12');
    assert.equal(
      tileset.body.tileMatrixSetLimits.map((l: any) => l.tileMatrix),
      ['8', '9', '10', '11', '12'],
    );
    let visible = 0,
      inside = 0;
    const base = `/api/maps/${mapId}/ogc/tiles/collections/layer--${done.layer_id}`;
    for (let y = limits.minTileRow; y <= limits.maxTileRow; y++) {
      for (let x = limits.minTileCol; x <= limits.maxTileCol; x++) {
        const tile = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/12/${y}/${x}.png`, {
          headers: { authorization: `Bearer ${svc.key}` },
        });
        assert.is(tile.status, 200);
        assert.is(tile.headers.get('content-type'), 'image/png');
        const png = PNG.sync.read(Buffer.from(await tile.arrayBuffer()));
        for (let i = 0; i < png.data.length; i += 4) {
          if (png.data[i + 3] === 0) continue;
          assert.is(png.data[i + 3], 255);
          inside++;
          if (png.data[i] === 1) visible++;
        }
        const again = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/12/${y}/${x}.png`, {
          headers: { authorization: `Bearer ${svc.key}`, 'if-none-match': tile.headers.get('etag')! },
        });
        assert.is(again.status, 304);
      }
    }
    assert.equal([visible, inside], [res.visible_cells, res.cells_in_radius]);
    const map = await fetch(
      `${svc.url}${base}/map/tiles/WebMercatorQuad/12/${limits.minTileRow}/${limits.minTileCol}.png`,
      { headers: { authorization: `Bearer ${svc.key}` } },
    );
    assert.is(map.status, 200);
    const outside = await fetch(
      `${svc.url}${base}/tiles/WebMercatorQuad/12/${limits.minTileRow}/${limits.maxTileCol + 5}.png`,
      { headers: { authorization: `Bearer ${svc.key}` } },
    );
    assert.equal([outside.status, outside.headers.get('x-tile-status')], [204, 'empty']);
    // Zoom 8: the pyramid's top holds the whole footprint; a pixel is visible when any cell it covers is.
    const top = tileset.body.tileMatrixSetLimits[0];
    assert.equal([top.minTileRow, top.minTileCol], [top.maxTileRow, top.maxTileCol]);
    const z8 = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/8/${top.minTileRow}/${top.minTileCol}.png`, {
      headers: { authorization: `Bearer ${svc.key}` },
    });
    assert.is(z8.status, 200);
    const z8png = PNG.sync.read(Buffer.from(await z8.arrayBuffer()));
    let z8visible = 0;
    for (let i = 0; i < z8png.data.length; i += 4) if (z8png.data[i + 3] === 255 && z8png.data[i] === 1) z8visible++;
    assert.ok(z8visible >= 1 && z8visible <= visible, `${z8visible}`);
    const zoom7 = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/7/0/0.png`, {
      headers: { authorization: `Bearer ${svc.key}` },
    });
    assert.is(zoom7.status, 404);
    const zoom11 = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/11/0/0.png`, {
      headers: { authorization: `Bearer ${svc.key}` },
    });
    assert.equal([zoom11.status, zoom11.headers.get('x-tile-status')], [204, 'empty']);
    const zoom13 = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/13/0/0.png`, {
      headers: { authorization: `Bearer ${svc.key}` },
    });
    assert.is(zoom13.status, 404);
    const unknown = await http(
      svc.url,
      'GET',
      `/api/maps/${mapId}/ogc/tiles/collections/layer--9b2f7a4e-1111-4c1d-8a55-000000000000`,
      { key: svc.key },
    );
    assert.is(unknown.status, 404);
    const other = (await svc.newAccount()).key;
    assert.is(
      (
        await http(svc.url, 'GET', `${base}/tiles/WebMercatorQuad/12/${limits.minTileRow}/${limits.minTileCol}.png`, {
          key: other,
        })
      ).status,
      403,
    );
    const list = await http(svc.url, 'GET', `/api/maps/${mapId}/analyses/?type=viewshed`, { key: svc.key });
    assert.is(list.status, 200, list.text);
    assert.is(list.body.total, 1);
    assert.is(list.body.items[0].title, 'OP north');
  });

  test('entities: typed emitter and receiver properties with exact locs; RF coverage from an emitter entity, with tiles', async ({
    svc,
  }) => {
    const mapId = await newMap(svc);
    const entity = (
      properties: Record<string, unknown>,
      geometry: unknown = { type: 'Point', coordinates: OBSERVER },
    ) => ({ type: 'Feature', properties, geometry });
    const emitter = {
      kind: 'emitter',
      name: 'RTX 1',
      antenna_height_m: 10,
      frequency_mhz: 300,
      transmit_power_dbm: 37,
      antenna_gain_dbi: 2,
    };
    const receiver = { kind: 'receiver', name: 'Handheld', antenna_height_m: 1.5, sensitivity_dbm: -95 };
    const postEntities = (features: unknown[]) =>
      http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
        key: svc.key,
        body: { type: 'entity', title: 'Radios', feature_collection: { type: 'FeatureCollection', features } },
      });
    const bad: Array<[unknown[], Array<Array<string | number>>]> = [
      [
        [entity({ ...emitter, frequency_mhz: 5 })],
        [['body', 'feature_collection', 'features', 0, 'properties', 'frequency_mhz']],
      ],
      [
        [entity(receiver), entity({ ...receiver, sensitivity_dbm: undefined, antenna_height_m: 0 })],
        [
          ['body', 'feature_collection', 'features', 1, 'properties', 'antenna_height_m'],
          ['body', 'feature_collection', 'features', 1, 'properties', 'sensitivity_dbm'],
        ],
      ],
      [[entity({ ...emitter, kind: 'jammer' })], [['body', 'feature_collection', 'features', 0, 'properties', 'kind']]],
      [
        [entity({ ...emitter, transmit_power_dbm: 'strong' })],
        [['body', 'feature_collection', 'features', 0, 'properties', 'transmit_power_dbm']],
      ],
      [
        [entity(emitter, { type: 'LineString', coordinates: [OBSERVER, [8.51, 47.3]] })],
        [['body', 'feature_collection', 'features', 0, 'geometry', 'type']],
      ],
    ];
    for (const [features, locs] of bad) {
      const r = await postEntities(features);
      assert.is(r.status, 422, r.text);
      assert.equal(r.body.detail.map((d: any) => d.loc).sort(), locs.sort(), r.text);
    }
    const layer = await postEntities([entity(emitter), entity(receiver, { type: 'Point', coordinates: [8.51, 47.3] })]);
    assert.is(layer.status, 201, layer.text);
    const [emitterId, receiverId] = layer.body.feature_collection.features.map((f: any) => f.id);
    const post = (body: Record<string, unknown>) =>
      http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body: { type: 'rf_coverage', ...body } });
    const refused: Array<[Record<string, unknown>, Array<string | number>]> = [
      [{ emitter_id: receiverId, radius_m: 1000 }, ['body', 'emitter_id']],
      [{ emitter_id: '9b2f7a4e-1111-4c1d-8a55-000000000000', radius_m: 1000 }, ['body', 'emitter_id']],
      [{ emitter_id: emitterId, receiver_id: emitterId, radius_m: 1000 }, ['body', 'receiver_id']],
      [{ emitter_id: emitterId, receiver_id: receiverId, receiver: {}, radius_m: 1000 }, ['body', 'receiver']],
      [
        { emitter_id: emitterId, receiver: { antenna_height_m: 0 }, radius_m: 1000 },
        ['body', 'receiver', 'antenna_height_m'],
      ],
      [{ emitter_id: emitterId, radius_m: 25_000 }, ['body', 'radius_m']],
      [{ emitter_id: 'radio-1', radius_m: 1000 }, ['body', 'emitter_id']],
    ];
    for (const [body, loc] of refused) {
      const r = await post(body);
      assert.is(r.status, 422, `${JSON.stringify(body)} → ${r.text}`);
      assert.equal(
        r.body.detail.map((d: any) => d.loc),
        [loc],
        r.text,
      );
    }
    const r = await post({ emitter_id: emitterId, receiver_id: receiverId, radius_m: 2000 });
    assert.is(r.status, 202, r.text);
    const done = await poll(svc, r.body.id);
    assert.is(done.status, 'success', JSON.stringify(done));
    const res = done.result;
    assert.is(res.emitter.entity_id, emitterId);
    assert.is(res.emitter.name, 'RTX 1');
    assert.is(res.emitter.requested_mgrs, '32TMT6220038624');
    assert.equal(res.receiver, {
      entity_id: receiverId,
      antenna_height_m: 1.5,
      antenna_gain_dbi: 0,
      sensitivity_dbm: -95,
    });
    const stats = res.statistics;
    assert.ok(stats.cells_computed > 10_000, JSON.stringify(stats));
    assert.ok(stats.cells_covered <= stats.cells_computed && stats.max_received_dbm >= stats.min_received_dbm);
    assert.match(res.model, /^ITM \(Longley–Rice 1\.2\.2\)/);
    // The data tiles hold every computed cell; their packed powers stay within the statistics.
    const base = `/api/maps/${mapId}/ogc/tiles/collections/layer--${done.layer_id}`;
    const tileset = (await http(svc.url, 'GET', `${base}/tiles/WebMercatorQuad`, { key: svc.key })).body;
    assert.match(tileset['svc:encoding'], /received dBm = -1000 \+ \(R x 65536 \+ G x 256 \+ B\) x 0.001/);
    const limits = tileset.tileMatrixSetLimits.find((l: any) => l.tileMatrix === '12');
    let computed = 0,
      covered = 0;
    for (let y = limits.minTileRow; y <= limits.maxTileRow; y++) {
      for (let x = limits.minTileCol; x <= limits.maxTileCol; x++) {
        const tile = await fetch(`${svc.url}${base}/tiles/WebMercatorQuad/12/${y}/${x}.png`, {
          headers: { authorization: `Bearer ${svc.key}` },
        });
        assert.is(tile.status, 200);
        const png = PNG.sync.read(Buffer.from(await tile.arrayBuffer()));
        for (let i = 0; i < png.data.length; i += 4) {
          if (png.data[i + 3] === 0) continue;
          computed++;
          const dbm = -1000 + (png.data[i]! * 65536 + png.data[i + 1]! * 256 + png.data[i + 2]!) * 0.001;
          assert.ok(dbm >= stats.min_received_dbm - 0.002 && dbm <= stats.max_received_dbm + 0.002, String(dbm));
          if (dbm >= -95 - 0.0005) covered++;
        }
      }
    }
    assert.is(computed, stats.cells_computed);
    assert.ok(Math.abs(covered - stats.cells_covered) <= 2, `${covered} vs ${stats.cells_covered}`);
    const items = await http(
      svc.url,
      'GET',
      `/api/maps/${mapId}/ogc/features/collections/layer--${done.layer_id}/items`,
      { key: svc.key },
    );
    assert.equal(items.body.features.map((f: any) => f.properties.role).sort(), ['emitter', 'radius']);
  });

  test('bad inputs: exact 422 locs for each tool, areas too large, unknown tools', async ({ svc }) => {
    const mapId = await newMap(svc);
    const post = (body: unknown) => http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body });
    const cases: Array<[unknown, Array<Array<string | number>>]> = [
      [
        lineOfSight([8.51, 47.3], { observer: { position: [8.5, 91], height_m: 2 } }),
        [['body', 'observer', 'position', 1]],
      ],
      [
        lineOfSight([8.51, 47.3], { observer: { position: OBSERVER, height_m: 5000 } }),
        [['body', 'observer', 'height_m']],
      ],
      [
        lineOfSight([8.51, 47.3], { observer: { position: OBSERVER, height_m: -1 } }),
        [['body', 'observer', 'height_m']],
      ],
      [lineOfSight([8.51, 47.3], { refraction_k: 0 }), [['body', 'refraction_k']]],
      [lineOfSight([8.51, 47.3], { radius_m: 100 }), [['body', 'radius_m']]],
      [{ type: 'line_of_sight', observer: { position: OBSERVER } }, [['body', 'target']]],
      [lineOfSight([9.5, 47.3]), [['body', 'target', 'position']]],
      [{ type: 'viewshed', observer: { position: OBSERVER, height_m: 2 } }, [['body', 'radius_m']]],
      [{ type: 'viewshed', observer: { position: OBSERVER, height_m: 2 }, radius_m: 20_000 }, [['body', 'radius_m']]],
      [{ type: 'viewshed', observer: { position: [8.5, 84], height_m: 2 }, radius_m: 15_000 }, [['body', 'radius_m']]],
      [{ type: 'teleport' }, [['body', 'type']]],
      [{}, [['body', 'type']]],
    ];
    for (const [body, locs] of cases) {
      const r = await post(body);
      assert.is(r.status, 422, `${JSON.stringify(body)} → ${r.status} ${r.text}`);
      assert.equal(
        r.body.detail.map((d: any) => d.loc),
        locs,
        `${JSON.stringify(body)} → ${r.text}`,
      );
    }
    const list = await http(svc.url, 'GET', `/api/maps/${mapId}/analyses/`, { key: svc.key });
    assert.is(list.body.total, 0);
  });

  test('access through the map: another account 403, unknown ids 404; cancel a finished one 409', async ({ svc }) => {
    const mapId = await newMap(svc);
    const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: lineOfSight([8.505, 47.3]),
    });
    assert.is(r.status, 201, r.text);
    const other = (await svc.newAccount()).key;
    assert.is((await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: other })).status, 403);
    assert.is(
      (await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: other, body: lineOfSight([8.505, 47.3]) }))
        .status,
      403,
    );
    assert.is((await http(svc.url, 'GET', `/api/maps/${mapId}/analyses/`, { key: other })).status, 403);
    assert.is((await http(svc.url, 'POST', `/api/analyses/${r.body.id}/cancel`, { key: other })).status, 403);
    assert.is(
      (await http(svc.url, 'GET', '/api/analyses/9b2f7a4e-1111-4c1d-8a55-000000000000', { key: svc.key })).status,
      404,
    );
    assert.is(
      (
        await http(svc.url, 'POST', '/api/maps/9b2f7a4e-1111-4c1d-8a55-000000000000/analyses/', {
          key: svc.key,
          body: lineOfSight([8.505, 47.3]),
        })
      ).status,
      404,
    );
    const cancel = await http(svc.url, 'POST', `/api/analyses/${r.body.id}/cancel`, { key: svc.key });
    assert.is(cancel.status, 409, cancel.text);
    // Analysis layer types cannot be posted by clients.
    const forged = await http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
      key: svc.key,
      body: {
        type: 'line_of_sight',
        title: 'x',
        feature_collection: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [8.5, 47.3] } }],
        },
      },
    });
    assert.is(forged.status, 422, forged.text);
    assert.equal(forged.body.detail[0].loc, ['body', 'type']);
  });

  test('a cancelled viewshed stops and leaves no result layer or tiles; the worker takes the next analysis', async ({
    svc,
  }) => {
    const mapId = await newMap(svc);
    // 15 km: 64 work tiles of elevation to read, so the cancel lands while the worker reads them.
    const big = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: { type: 'viewshed', observer: { position: OBSERVER, height_m: 2 }, radius_m: 15_000 },
    });
    assert.is(big.status, 202, big.text);
    const cancel = await http(svc.url, 'POST', `/api/analyses/${big.body.id}/cancel`, { key: svc.key });
    assert.equal([cancel.status, cancel.body.status, cancel.body.error?.code], [200, 'cancelled', 'CANCELLED']);
    // A line of sight after it finishes: the worker stopped the cancelled one.
    const next = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: lineOfSight([8.51, 47.305]),
    });
    assert.equal([next.status, next.body.status], [201, 'success'], next.text);
    const after = (await http(svc.url, 'GET', `/api/analyses/${big.body.id}`, { key: svc.key })).body;
    assert.equal([after.status, after.layer_id, after.result], ['cancelled', null, null]);
    const map = await http(svc.url, 'GET', `/api/maps/${mapId}`, { key: svc.key });
    assert.equal(
      map.body.layers.map((l: any) => l.type),
      ['line_of_sight'],
    );
    const tiles = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/tiles/collections`, { key: svc.key });
    assert.is(tiles.status, 200, tiles.text);
    assert.is(tiles.body.collections.length, 0, tiles.text);
  });
});

// The bbox query goes through the GiST index on map_features.bounds (PostgreSQL's native box type),
// on PostgreSQL and on PGlite alike: EXPLAIN over a layer of a few thousand features.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import {
  insideCountStatement,
  pageStatement,
  straddlerStatement,
  queryLayerItems,
  type Statement,
} from '../../projections/queries/ogc-features-queries.ts';
import type { Bbox } from '../../domain/map/geojson/geometry-bounds.ts';

const FEATURES = 3000;

forEachBackend('ogc features bbox index', (test) => {
  test('EXPLAIN of every bbox statement uses the GiST index; results match a brute-force filter', async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
      })
    ).body;
    const map = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'Index map' } })
    ).body;
    const cell = (i: number): Bbox => [
      (i % 60) * 0.5,
      Math.floor(i / 60) * 0.5,
      (i % 60) * 0.5 + 0.4,
      Math.floor(i / 60) * 0.5 + 0.4,
    ];
    const features = Array.from({ length: FEATURES }, (_, i) => {
      const [x0, y0, x1, y1] = cell(i);
      return {
        type: 'Feature',
        properties: { i },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [x0, y0],
              [x1, y0],
              [x1, y1],
              [x0, y1],
              [x0, y0],
            ],
          ],
        },
      };
    });
    const layer = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, {
      key: svc.key,
      body: { type: 'named_area', title: 'Cells', feature_collection: { type: 'FeatureCollection', features } },
    });
    assert.is(layer.status, 201);
    const layerId = layer.body.layer_id;
    const knex = svc.service.db.knex;
    await knex.raw('analyze map_features');

    const bbox: Bbox = [3.1, 2.2, 5.3, 4.1];
    const statements: Record<string, Statement> = {
      straddlers: straddlerStatement(layerId, [bbox], null),
      inside: insideCountStatement(layerId, [bbox], null),
      page: pageStatement(layerId, [bbox], null, [1, 2, 3], 100, 0),
    };
    await knex.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      for (const [name, statement] of Object.entries(statements)) {
        const plan = (await trx.raw(`explain ${statement.sql}`, statement.bindings as any[])).rows
          .map((r: any) => r['QUERY PLAN'])
          .join('\n');
        assert.match(plan, /map_features_bounds_gist/, `${name} on ${svc.backend}:\n${plan}`);
        assert.not.match(plan, /Seq Scan on map_features/, `${name}:\n${plan}`);
      }
    });

    const page = await queryLayerItems(
      knex,
      { layer_id: layerId, feature_count: FEATURES },
      { bboxes: [bbox], time: null },
      1000,
      0,
    );
    const expected = Array.from({ length: FEATURES }, (_, i) => i).filter((i) => {
      const c = cell(i);
      return c[0] <= bbox[2] && c[2] >= bbox[0] && c[1] <= bbox[3] && c[3] >= bbox[1];
    });
    assert.is(page.numberMatched, expected.length);
    assert.equal(
      page.features.map((f) => JSON.parse(f).properties.i),
      expected,
    );
  });
});

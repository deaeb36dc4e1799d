// Rebuilding the read models from the log gives exactly the live maps, layers and features tables
// (boundary versions, named areas, annotations with their own datetimes included).
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { rebuildReadModels } from '../../projections/rebuild-read-models.ts';
import { readCheckpoint } from '../../projections/checkpoint-store.ts';

const square = (x: number, y: number, d = 0.5) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const fc = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

async function dump(knex: Knex) {
  const normal = (rows: any[]) =>
    rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    );
  return {
    maps: normal(await knex('maps').orderBy('map_id')),
    map_layers: normal(await knex('map_layers').orderBy('layer_id')),
    map_features: normal(
      await knex('map_features').select('*', knex.raw('bounds::text as bounds')).orderBy(['layer_id', 'ordinal']),
    ),
  };
}

forEachBackend('maps rebuild', (test) => {
  test('rebuilt read models equal the live ones', async ({ svc }) => {
    const post = async (path: string, body: unknown) => {
      const r = await http(svc.url, 'POST', path, { key: svc.key, body });
      assert.ok(r.status === 200 || r.status === 201, r.text);
      return r.body;
    };
    for (let m = 0; m < 2; m++) {
      const op = await post('/api/operations/', { name: `Op ${m}`, unit: 'U', branch: 'armor', echelon: 'company' });
      const map = await post('/api/maps/', { operation_id: op.id, name: `Map ${m}` });
      const layers = `/api/maps/${map.id}/features`;
      await post(layers, {
        type: 'boundary',
        title: 'AO',
        feature_collection: fc({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [square(m, 0, 5)] },
        }),
      });
      await post(layers, {
        type: 'named_area',
        title: 'Zones',
        feature_collection: fc(
          ...Array.from({ length: 40 }, (_, i) => ({
            type: 'Feature',
            properties: { n: i },
            geometry: { type: 'Polygon', coordinates: [square(i, m)] },
          })),
        ),
      });
      await post(layers, {
        type: 'annotation',
        title: 'Events',
        feature_collection: fc(
          {
            type: 'Feature',
            properties: { datetime: '2024-03-01T10:00:00.123456Z' },
            geometry: { type: 'Point', coordinates: [1, 2] },
          },
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'LineString',
              coordinates: [
                [0, 0],
                [3, 3],
              ],
            },
          },
        ),
      });
      await post(layers, {
        type: 'boundary',
        title: 'AO v2',
        feature_collection: fc({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [square(m, 1, 4)] },
        }),
      });
    }
    const knex = svc.service.db.knex;
    const live = await dump(knex);
    assert.is(live.maps.length, 2);
    assert.is(live.map_layers.length, 6);
    assert.is(live.map_features.length, 2 * (1 + 40 + 2));
    assert.ok(live.map_layers.filter((l: any) => l.layer_type === 'boundary').every((l: any) => l.version === 2));
    const checkpoint = await readCheckpoint(knex);

    await svc.service.runner!.stop();
    const position = await rebuildReadModels(svc.service.store, knex, svc.service.db.schema);
    assert.is(position, checkpoint);
    const rebuilt = await dump(knex);
    assert.equal(rebuilt, live);
  });
});

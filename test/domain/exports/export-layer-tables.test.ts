// Layers laid out as export tables: names from the map and layer titles (unique, SQL-safe), column
// types from the values, reserved column names kept free, mixed geometry types as GEOMETRY.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  columnTypeOf,
  columnValue,
  exportLayerTables,
  slug,
  type ExportLayerInput,
} from '../../../domain/exports/export-layer-tables.ts';

const point = (x: number, y: number, properties: Record<string, unknown> = {}, id = `f-${x}-${y}`) => ({
  type: 'Feature' as const,
  id,
  properties,
  geometry: { type: 'Point' as const, coordinates: [x, y] },
});

const layer = (title: string, features: ExportLayerInput['features'], map_name = 'Main map'): ExportLayerInput => ({
  map_id: 'm1',
  map_name,
  layer_id: `l-${title}`,
  layer_type: 'annotation',
  title,
  version: 1,
  features,
});

test('slug: lower-case ASCII words joined by underscores, never empty, never starting with a digit', () => {
  assert.is(slug('OBJ Iron — Phase 2'), 'obj_iron_phase_2');
  assert.is(slug('Hämeenlinna'), 'hameenlinna');
  assert.is(slug('***'), 'layer');
  assert.is(slug('2nd Bde'), 'l_2nd_bde');
});

test('column types: booleans, safe integers, finite reals, else text; nulls do not decide', () => {
  assert.is(columnTypeOf([true, null, false]), 'BOOLEAN');
  assert.is(columnTypeOf([1, 2, undefined]), 'INTEGER');
  assert.is(columnTypeOf([1, 2.5]), 'REAL');
  assert.is(columnTypeOf([1, 'x']), 'TEXT');
  assert.is(columnTypeOf([null]), 'TEXT');
  assert.is(columnValue(true, 'BOOLEAN'), 1);
  assert.is(columnValue({ a: 1 }, 'TEXT'), '{"a":1}');
  assert.is(columnValue(undefined, 'REAL'), null);
});

test('tables: equal names get a suffix, empty layers are left out, reserved columns renamed', () => {
  const tables = exportLayerTables([
    layer('Notes', [point(1, 2, { fid: 7, name: 'a', Geom: 'x' }), point(3, -1, { name: 'b', n: 2.5 })]),
    layer('Empty', []),
    layer('notes', [point(0, 0)]),
  ]);
  assert.equal(
    tables.map((t) => t.table_name),
    ['main_map__notes', 'main_map__notes_2'],
  );
  assert.equal(tables[0]!.columns, [
    { name: 'prop_fid', key: 'fid', type: 'INTEGER' },
    { name: 'name', key: 'name', type: 'TEXT' },
    { name: 'prop_Geom', key: 'Geom', type: 'TEXT' },
    { name: 'n', key: 'n', type: 'REAL' },
  ]);
  assert.equal(tables[0]!.bbox, [1, -1, 3, 2]);
  assert.is(tables[0]!.geometry_type, 'POINT');
});

test('a layer mixing geometry types is a GEOMETRY table', () => {
  const [table] = exportLayerTables([
    layer('Route', [
      point(0, 0),
      {
        type: 'Feature',
        id: 'line',
        properties: {},
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      },
    ]),
  ]);
  assert.is(table!.geometry_type, 'GEOMETRY');
});

test.run();

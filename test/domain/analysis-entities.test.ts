// Entities on maps (typed emitter / receiver properties), the RF request's entity resolution, and
// the raster tile encodings on exact numbers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateEntityProperties } from '../../domain/map/entity-properties.ts';
import { resolveRfParameters } from '../../domain/analysis-job/resolve-rf-parameters.ts';
import {
  footprintTilesAt,
  packReceivedDbm,
  rfTileRgba,
  viewshedTileRgba,
  rasterResultTileKey,
} from '../../domain/analysis-job/raster-result-tiles.ts';
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import type { MapEvent } from '../../domain/map/map-events.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { analysisFootprint } from '../../domain/analysis-job/analysis-footprint.ts';
import { resolveAvoidAreas } from '../../domain/analysis-job/resolve-avoid-areas.ts';

const emitter = { kind: 'emitter', name: 'RTX', antenna_height_m: 10, frequency_mhz: 300, transmit_power_dbm: 37 };
const receiver = { kind: 'receiver', name: 'Handheld', antenna_height_m: 1.5, sensitivity_dbm: -95 };

test('entity properties: kinds, required fields and the ITM ranges, each with its loc', () => {
  assert.equal(validateEntityProperties(emitter, ['p']), []);
  assert.equal(validateEntityProperties(receiver, ['p']), []);
  assert.equal(
    validateEntityProperties({ ...emitter, frequency_mhz: 20_001 }, ['p']).map((i) => [i.loc, i.type]),
    [[['p', 'frequency_mhz'], 'less_than_equal']],
  );
  assert.equal(
    validateEntityProperties({ ...emitter, antenna_height_m: 0.4 }, ['p']).map((i) => [i.loc, i.type]),
    [[['p', 'antenna_height_m'], 'greater_than_equal']],
  );
  assert.equal(
    validateEntityProperties({ ...receiver, sensitivity_dbm: undefined }, ['p']).map((i) => i.loc),
    [['p', 'sensitivity_dbm']],
  );
  assert.equal(
    validateEntityProperties({ name: 'x' }, ['p']).map((i) => [i.loc, i.type]),
    [[['p', 'kind'], 'missing']],
  );
  assert.equal(
    validateEntityProperties({ ...emitter, name: ' ' }, ['p']).map((i) => i.loc),
    [['p', 'name']],
  );
  assert.equal(
    validateEntityProperties({ ...emitter, antenna_gain_dbi: Number.NaN }, ['p']).map((i) => i.type),
    ['float_type'],
  );
});

const layerEvent = (
  features: Array<{ id: string; properties: Record<string, unknown>; coordinates: number[] }>,
): MapEvent => ({
  type: 'MapLayerAdded',
  data: {
    map_id: 'm',
    layer_id: 'l1',
    layer_type: 'entity',
    title: 'Radios',
    version: 1,
    feature_collection: {
      type: 'FeatureCollection',
      features: features.map((f) => ({
        type: 'Feature',
        id: f.id,
        properties: f.properties,
        geometry: { type: 'Point', coordinates: f.coordinates },
      })),
    },
  },
});

test('RF resolution: the emitter and receiver entities as they are on the map; wrong kinds and ids name their field', () => {
  const events = [
    layerEvent([
      { id: 'e1', properties: emitter, coordinates: [8.5, 47.3] },
      { id: 'r1', properties: receiver, coordinates: [8.6, 47.3] },
    ]),
  ];
  assert.equal(resolveRfParameters({ emitter_id: 'e1', receiver_id: 'r1', radius_m: 1000 }, events, 'm'), {
    emitter: {
      entity_id: 'e1',
      name: 'RTX',
      position: [8.5, 47.3],
      antenna_height_m: 10,
      frequency_mhz: 300,
      transmit_power_dbm: 37,
      antenna_gain_dbi: 0,
    },
    receiver: { entity_id: 'r1', antenna_height_m: 1.5, antenna_gain_dbi: 0, sensitivity_dbm: -95 },
    radius_m: 1000,
  });
  assert.equal(resolveRfParameters({ emitter_id: 'e1', radius_m: 1000 }, events, 'm').receiver, {
    entity_id: null,
    antenna_height_m: 1.5,
    antenna_gain_dbi: 0,
    sensitivity_dbm: -100,
  });
  const locOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return (e as DomainError).loc;
    }
    return null;
  };
  assert.equal(
    locOf(() => resolveRfParameters({ emitter_id: 'r1', radius_m: 1 }, events, 'm')),
    ['body', 'emitter_id'],
  );
  assert.equal(
    locOf(() => resolveRfParameters({ emitter_id: 'x', radius_m: 1 }, events, 'm')),
    ['body', 'emitter_id'],
  );
  assert.equal(
    locOf(() => resolveRfParameters({ emitter_id: 'e1', receiver_id: 'e1', radius_m: 1 }, events, 'm')),
    ['body', 'receiver_id'],
  );
});

test('tile encodings: packed dBm, viewshed values, display ramps; tile keys', () => {
  assert.equal(packReceivedDbm(-1000), [0, 0, 0]);
  // −87.654 dBm → (−87.654 + 1000) / 0.001 = 912,346 = 0x0DEBDA.
  assert.equal(packReceivedDbm(-87.654), [0x0d, 0xeb, 0xda]);
  assert.is(rasterResultTileKey('L', 'display', { z: 12, x: 1, y: 2 }), 'analyses/L/display/12/1/2.png');
  const grid = footprintGrid([{ z: 12, x: 10, y: 20 }]);
  const cells = new Uint8Array(grid.width * grid.height).fill(255);
  cells[0] = 1;
  cells[1] = 0;
  const value = viewshedTileRgba(cells, grid, { z: 12, x: 10, y: 20 }, 'value');
  assert.equal([...value.subarray(0, 12)], [1, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 0]);
  const display = viewshedTileRgba(cells, grid, { z: 12, x: 10, y: 20 }, 'display');
  assert.equal([...display.subarray(0, 8)], [46, 160, 67, 150, 200, 40, 40, 110]);
  const dbm = new Float32Array(grid.width * grid.height).fill(Number.NaN);
  dbm[0] = -95;
  dbm[1] = -75;
  dbm[2] = -120;
  assert.equal(
    [...rfTileRgba(dbm, -95, grid, { z: 12, x: 10, y: 20 }, 'display').subarray(0, 16)],
    [255, 255, 0, 170, 255, 128, 0, 170, 120, 60, 180, 80, 0, 0, 0, 0],
  );
  assert.throws(() => rfTileRgba(dbm, -95, grid, { z: 12, x: 11, y: 20 }, 'value'), RangeError);
});

test('lower zooms aggregate: a pixel is visible if any covered cell is, else hidden if one is; RF keeps the strongest', () => {
  const grid = footprintGrid([{ z: 12, x: 10, y: 20 }]);
  assert.equal(footprintTilesAt(grid, 11), [{ z: 11, x: 5, y: 10 }]);
  assert.equal(footprintTilesAt(grid, 8), [{ z: 8, x: 0, y: 1 }]); // 10 / 16 and 20 / 16, floored
  const cells = new Uint8Array(grid.width * grid.height).fill(255);
  cells[0] = 0;
  cells[1] = 1;
  cells[2] = 0;
  const z11 = viewshedTileRgba(cells, grid, { z: 11, x: 5, y: 10 }, 'value');
  // Tile 12/10/20 is the north-west quarter of 11/5/10: pixel (0,0) covers cells (0..1, 0..1).
  assert.equal([...z11.subarray(0, 12)], [1, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 0]);
  assert.is(z11[128 * 4 + 3], 0);
  const dbm = new Float32Array(grid.width * grid.height).fill(Number.NaN);
  dbm[0] = -90;
  dbm[grid.width + 1] = -80;
  assert.equal(
    [...rfTileRgba(dbm, -95, grid, { z: 11, x: 5, y: 10 }, 'value').subarray(0, 4)],
    [...packReceivedDbm(-80), 255],
  );
  assert.throws(() => viewshedTileRgba(cells, grid, { z: 11, x: 6, y: 10 }, 'value'), RangeError);
});

test('routes: the footprint is the waypoints widened by 2 km; areas to avoid are named_area layers only', () => {
  const params = {
    movement: 'foot' as const,
    waypoints: [
      [24.945, 60.16],
      [24.955, 60.16],
    ] as Array<[number, number]>,
    avoid: [],
    neighbourhood: 8 as const,
  };
  // ±2 km at 60.16° N is ±0.0180° of latitude and ±0.0360° of longitude: tiles x 2331–2332, y 1185–1186.
  assert.equal(
    analysisFootprint('route', params).map((t) => [t.x, t.y]),
    [
      [2331, 1185],
      [2332, 1185],
      [2331, 1186],
      [2332, 1186],
    ],
  );
  const ring = [
    [24.9, 60.1],
    [25, 60.1],
    [25, 60.2],
    [24.9, 60.1],
  ];
  const events: MapEvent[] = [
    {
      type: 'MapLayerAdded',
      data: {
        map_id: 'm',
        layer_id: 'a',
        layer_type: 'named_area',
        title: 'A',
        version: 1,
        feature_collection: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', id: 'f', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
        },
      },
    },
    layerEvent([{ id: 'e1', properties: emitter, coordinates: [8.5, 47.3] }]),
  ];
  assert.equal(resolveAvoidAreas(['a'], events, 'm'), [{ layer_id: 'a', polygons: [[ring]] }]);
  assert.throws(
    () => resolveAvoidAreas(['a', 'l1'], events, 'm'),
    (e: unknown) => JSON.stringify((e as DomainError).loc) === '["body","avoid_layer_ids",1]',
  );
  assert.throws(
    () => resolveAvoidAreas(['zz'], events, 'm'),
    (e: unknown) => JSON.stringify((e as DomainError).loc) === '["body","avoid_layer_ids",0]',
  );
});

test.run();

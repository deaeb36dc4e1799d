// The map aggregate: given events, when a command, then events (or the error).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { admitLayer, mapDecider, type MapCommand } from '../../../domain/map/map-decider.ts';
import { operationDecider, type OperationState } from '../../../domain/operation/operation-decider.ts';
import type { OperationEvent } from '../../../domain/operation/operation-events.ts';
import type { MapEvent } from '../../../domain/map/map-events.ts';
import type { LayerFeatureCollection } from '../../../domain/map/layer-feature-collection.ts';
import { fold } from '../../../domain/shared/decider.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';

const mapId = randomUUID();
const operationId = randomUUID();
const accountId = randomUUID();
const fc = (x: number): LayerFeatureCollection => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: randomUUID(),
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [x, 0],
            [x + 1, 0],
            [x + 1, 1],
            [x, 0],
          ],
        ],
      },
    },
  ],
});
const created: MapEvent = {
  type: 'MapCreated',
  data: { map_id: mapId, operation_id: operationId, account_id: accountId, name: 'Main' },
};
const add = (layer_type: 'boundary' | 'named_area' | 'annotation', x: number, layer_id = randomUUID()): MapCommand => ({
  type: 'AddMapLayer',
  map_id: mapId,
  account_id: accountId,
  layer_id,
  layer_type,
  title: `${layer_type} ${x}`,
  feature_collection: fc(x),
});

function given(events: MapEvent[], command: MapCommand) {
  return mapDecider.decide(command, fold(mapDecider, events));
}

function throwsDomain(fn: () => unknown, kind: string) {
  try {
    fn();
  } catch (error) {
    assert.instance(error, DomainError);
    assert.is((error as DomainError).kind, kind);
    return;
  }
  assert.unreachable(`expected a ${kind} DomainError`);
}

test('create a map; creating it again is a conflict', () => {
  const events = given([], {
    type: 'CreateMap',
    map_id: mapId,
    operation_id: operationId,
    account_id: accountId,
    name: 'Main',
  });
  assert.equal(events, [created]);
  throwsDomain(
    () =>
      given([created], {
        type: 'CreateMap',
        map_id: mapId,
        operation_id: operationId,
        account_id: accountId,
        name: 'Again',
      }),
    'conflict',
  );
});

test('the first boundary is a new layer at version 1', () => {
  const command = add('boundary', 1);
  const events = given([created], command);
  assert.is(events.length, 1);
  assert.is(events[0]!.type, 'MapLayerAdded');
  assert.equal(events[0]!.data, {
    map_id: mapId,
    layer_id: (command as any).layer_id,
    layer_type: 'boundary',
    title: 'boundary 1',
    version: 1,
    feature_collection: (command as any).feature_collection,
  });
});

test('a second boundary replaces the first as version 2, then 3, of the same layer', () => {
  const first = given([created], add('boundary', 1)) as MapEvent[];
  const boundaryId = (first[0]!.data as { layer_id: string }).layer_id;
  const area = given([created, ...first], add('named_area', 5)) as MapEvent[];
  const second = given([created, ...first, ...area], add('boundary', 2)) as MapEvent[];
  assert.is(second[0]!.type, 'MapLayerReplaced');
  assert.is((second[0]!.data as any).layer_id, boundaryId);
  assert.is((second[0]!.data as any).version, 2);
  const third = given([created, ...first, ...area, ...second], add('boundary', 3)) as MapEvent[];
  assert.is((third[0]!.data as any).version, 3);
  const state = fold(mapDecider, [created, ...first, ...area, ...second, ...third]);
  assert.ok(state.status === 'active');
  if (state.status === 'active') {
    assert.is(state.boundary_layer_id, boundaryId);
    assert.is(Object.keys(state.layers).length, 2);
    assert.equal(state.layers[boundaryId], { layer_type: 'boundary', version: 3 });
  }
});

test('named areas and annotations are new layers each time', () => {
  const a = given([created], add('named_area', 1)) as MapEvent[];
  const b = given([created, ...a], add('named_area', 2)) as MapEvent[];
  const c = given([created, ...a, ...b], add('annotation', 3)) as MapEvent[];
  const ids = [a, b, c].map((e) => (e[0]!.data as any).layer_id);
  assert.is(new Set(ids).size, 3);
  assert.ok([a, b, c].every((e) => e[0]!.type === 'MapLayerAdded'));
});

test('missing map, another account, duplicate layer id', () => {
  throwsDomain(() => given([], add('boundary', 1)), 'not_found');
  throwsDomain(
    () => given([created], { ...add('named_area', 1), account_id: randomUUID() } as MapCommand),
    'forbidden',
  );
  const layerId = randomUUID();
  const first = given([created], add('named_area', 1, layerId)) as MapEvent[];
  throwsDomain(() => given([created, ...first], add('annotation', 2, layerId)), 'conflict');
});

test("AdmitLayer: the caller's map under an active operation takes a layer; otherwise 404 / 403, before the body is read", () => {
  const operationCreated: OperationEvent = {
    type: 'OperationCreated',
    data: {
      operation_id: operationId,
      account_id: accountId,
      name: 'Op',
      unit: 'U',
      branch: 'armor',
      echelon: 'company',
      unit_id: null,
      parent_id: null,
      description: null,
    },
  };
  const active = fold(operationDecider, [operationCreated]);
  const deleted = fold(operationDecider, [
    operationCreated,
    { type: 'OperationDeleted', data: { operation_id: operationId } },
  ]);
  const admit = (operation: OperationState, account_id = accountId): MapCommand => ({
    type: 'AdmitLayer',
    map_id: mapId,
    account_id,
    operation,
  });
  assert.equal(given([created], admit(active)), []);
  assert.is(
    admitLayer(fold(mapDecider, [created]), { map_id: mapId, account_id: accountId, operation: active }).map_id,
    mapId,
  );
  throwsDomain(() => given([created], admit(deleted)), 'not_found');
  assert.throws(
    () => given([created], admit(deleted)),
    (e: Error) => e.message === `Map ${mapId} not found`,
  );
  throwsDomain(() => given([], admit({ status: 'absent' })), 'not_found');
  throwsDomain(() => given([created], admit(active, randomUUID())), 'forbidden');
  throwsDomain(() => given([created], admit(deleted, randomUUID())), 'forbidden');
});

test.run();

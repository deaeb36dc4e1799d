// Map commands: create a map for an operation, add a layer (validated, normalised GeoJSON). The
// event log is the authority: the operation must exist, be active and belong to the caller's
// account (404 / 403), and the map's events carry the operation's id for its history.
import { randomUUID } from 'node:crypto';
import { admitLayer, mapDecider } from '../domain/map/map-decider.ts';
import { mapStream, type MapLayerAdded, type MapLayerReplaced } from '../domain/map/map-events.ts';
import { MAX_POSITIONS_PER_LAYER_REQUEST, type MapLayerType } from '../domain/map/map-layer-vocabulary.ts';
import { validateFeatureCollectionOffLoop } from './validate-feature-collection-off-loop.ts';
import { normalizeLayerFeatureCollection } from '../domain/map/geojson/normalize-layer-feature-collection.ts';
import { InvalidFeatureCollectionError } from '../domain/map/invalid-feature-collection-error.ts';
import type { LayerFeatureCollection } from '../domain/map/layer-feature-collection.ts';
import { operationAsParent, operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { requirePrincipal } from './planning-provenance.ts';

async function operationState(store: EventStore, operationId: string) {
  return (await loadState(store, operationStream(operationId), operationDecider)).state;
}

/** Creates a map for an operation of the caller's account (missing or deleted operation: 404). */
export async function createMap(store: EventStore, ctx: CommandContext, input: { operation_id: string; name: string }) {
  const { account_id } = requirePrincipal(ctx);
  const operation = await operationState(store, input.operation_id);
  operationDecider.decide({ type: 'AdmitChild', operation_id: input.operation_id, account_id }, operation);
  const mapId = randomUUID();
  const result = await handleCommand({
    store,
    ctx,
    stream: mapStream(mapId),
    decider: mapDecider,
    operationId: input.operation_id,
    parents: [operationAsParent(input.operation_id)],
    command: { type: 'CreateMap', map_id: mapId, operation_id: input.operation_id, account_id, name: input.name },
  });
  return { map_id: mapId, ...result };
}

/** The features of one version of a layer, as recorded. */
export async function recordedLayerVersion(
  store: EventStore,
  mapId: string,
  layerId: string,
  version: number,
): Promise<LayerFeatureCollection> {
  const { events } = await loadState(store, mapStream(mapId), mapDecider);
  const recorded = events.find(
    (e): e is MapLayerAdded | MapLayerReplaced =>
      (e.type === 'MapLayerAdded' || e.type === 'MapLayerReplaced') &&
      e.data.layer_id === layerId &&
      e.data.version === version,
  );
  if (!recorded) throw new Error(`map ${mapId} has no version ${version} of layer ${layerId}`);
  return recorded.data.feature_collection;
}

export interface AddMapLayerInput {
  type: MapLayerType;
  title: string;
  /** As the client sent it: validated and normalised here. */
  feature_collection: unknown;
}

export interface AddMapLayerResult {
  layer_id: string;
  version: number;
  /** True when the layer is a new version of the map's existing boundary layer. */
  replaced: boolean;
  feature_collection: LayerFeatureCollection;
  position: number | null;
}

/**
 * Adds a layer to a map of the caller's account. Throws InvalidFeatureCollectionError (every
 * problem with its loc) when the GeoJSON is not acceptable. A boundary on a map that already has
 * one becomes the next version of that boundary layer.
 */
export async function addMapLayer(
  store: EventStore,
  ctx: CommandContext,
  mapId: string,
  input: AddMapLayerInput,
  options: { maxPositions?: number } = {},
): Promise<AddMapLayerResult> {
  const { account_id } = requirePrincipal(ctx);
  const loaded = await loadState(store, mapStream(mapId), mapDecider);
  const operation =
    loaded.state.status === 'active'
      ? await operationState(store, loaded.state.operation_id)
      : { status: 'absent' as const };
  const map = admitLayer(loaded.state, { map_id: mapId, account_id, operation });

  const issues = await validateFeatureCollectionOffLoop(input.feature_collection, input.type, {
    maxPositions: options.maxPositions ?? MAX_POSITIONS_PER_LAYER_REQUEST,
  });
  if (issues.length > 0) throw new InvalidFeatureCollectionError(issues);
  const featureCollection = normalizeLayerFeatureCollection(input.feature_collection, randomUUID);

  // Adding a layer commutes with other additions, so a concurrent write is retried on the newer
  // state (two boundaries at once become two versions, in log order; none is lost).
  const result = await handleCommand({
    store,
    ctx,
    stream: mapStream(mapId),
    decider: mapDecider,
    operationId: map.operation_id,
    retryOnConflict: true,
    parents: [operationAsParent(map.operation_id)],
    command: {
      type: 'AddMapLayer',
      map_id: mapId,
      account_id,
      layer_id: randomUUID(),
      layer_type: input.type,
      title: input.title,
      feature_collection: featureCollection,
    },
  });
  const event = result.events[0] as MapLayerAdded | MapLayerReplaced;
  return {
    layer_id: event.data.layer_id,
    version: event.data.version,
    replaced: event.type === 'MapLayerReplaced',
    feature_collection: featureCollection,
    position: result.position,
  };
}

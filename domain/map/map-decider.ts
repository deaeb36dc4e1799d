// The map aggregate: created for an operation, then layers added. A map has at most one boundary
// layer (the area of operations): a second boundary becomes a new version of that same layer, so
// the boundary's collection id stays stable for clients and terrain jobs, and every earlier
// version stays in the log (history, replay). Named areas and annotations are new layers each time.
// Geometry is validated and normalised before the command reaches decide (validateLayerFeatureCollection,
// normalizeLayerFeatureCollection); the decider keeps only what decisions need, not the features.
import { DomainError } from '../shared/domain-error.ts';
import type { Decider } from '../shared/decider.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { LayerFeatureCollection } from './layer-feature-collection.ts';
import type { MapEvent } from './map-events.ts';
import type { MapLayerType } from './map-layer-vocabulary.ts';
import type { OperationState } from '../operation/operation-decider.ts';

export interface MapLayerState {
  layer_type: MapLayerType;
  version: number;
}

export type MapState =
  | { status: 'absent' }
  | {
      status: 'active';
      map_id: string;
      operation_id: string;
      account_id: string;
      name: string;
      layers: Record<string, MapLayerState>;
      boundary_layer_id: string | null;
    };

export type MapCommand =
  | { type: 'CreateMap'; map_id: string; operation_id: string; account_id: string; name: string }
  | {
      type: 'AddMapLayer';
      map_id: string;
      account_id: string;
      /** Id for the layer if it is a new one (a boundary on a map that has one keeps the old id). */
      layer_id: string;
      layer_type: MapLayerType;
      title: string;
      feature_collection: LayerFeatureCollection;
    }
  /**
   * Records nothing: refuses (404 / 403) unless the map takes a layer — it is the caller's, and its
   * operation (as loaded) is active: a deleted operation takes its maps with it. Decided before the
   * layer's GeoJSON is validated, so a gone map answers 404 whatever the body.
   */
  | { type: 'AdmitLayer'; map_id: string; account_id: string; operation: OperationState };

/** The map, when it takes a layer (see AdmitLayer). */
export function admitLayer(state: MapState, command: Omit<Extract<MapCommand, { type: 'AdmitLayer' }>, 'type'>) {
  const map = requireAccess(state.status === 'active' ? state : null, command.account_id, {
    kind: 'Map',
    id: command.map_id,
  });
  if (command.operation.status !== 'active') throw new DomainError('not_found', `Map ${command.map_id} not found`);
  return map;
}

export const mapDecider: Decider<MapCommand, MapEvent, MapState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateMap':
        if (state.status !== 'absent') throw new DomainError('conflict', `Map ${command.map_id} already exists`);
        return [
          {
            type: 'MapCreated',
            data: {
              map_id: command.map_id,
              operation_id: command.operation_id,
              account_id: command.account_id,
              name: command.name,
            },
          },
        ];
      case 'AdmitLayer':
        admitLayer(state, command);
        return [];
      case 'AddMapLayer': {
        const map = requireAccess(state.status === 'active' ? state : null, command.account_id, {
          kind: 'Map',
          id: command.map_id,
        });
        const { map_id, layer_type, title, feature_collection } = command;
        if (layer_type === 'boundary' && map.boundary_layer_id) {
          const current = map.layers[map.boundary_layer_id]!;
          return [
            {
              type: 'MapLayerReplaced',
              data: {
                map_id,
                layer_id: map.boundary_layer_id,
                layer_type,
                title,
                version: current.version + 1,
                feature_collection,
              },
            },
          ];
        }
        if (map.layers[command.layer_id]) throw new DomainError('conflict', `Layer ${command.layer_id} already exists`);
        return [
          {
            type: 'MapLayerAdded',
            data: { map_id, layer_id: command.layer_id, layer_type, title, version: 1, feature_collection },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MapCreated':
        return { status: 'active', ...event.data, layers: {}, boundary_layer_id: null };
      case 'MapLayerAdded':
        if (state.status !== 'active') return state;
        return {
          ...state,
          layers: { ...state.layers, [event.data.layer_id]: { layer_type: event.data.layer_type, version: 1 } },
          boundary_layer_id:
            event.data.layer_type === 'boundary'
              ? (state.boundary_layer_id ?? event.data.layer_id)
              : state.boundary_layer_id,
        };
      case 'MapLayerReplaced':
        if (state.status !== 'active') return state;
        return {
          ...state,
          layers: {
            ...state.layers,
            [event.data.layer_id]: { layer_type: event.data.layer_type, version: event.data.version },
          },
        };
    }
  },
};

// The maps table: one row per map, its revision and times moved by every event of its stream.
import type { MapEvent } from '../../domain/map/map-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

interface MapRow {
  map_id: string;
  operation_id: string;
  account_id: string;
  name: string;
  revision: number;
  created_position: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const MAP_EVENTS = new Set<MapEvent['type']>(['MapCreated', 'MapLayerAdded', 'MapLayerReplaced']);

export const mapProjector = foldRowsProjector<MapRow>({
  name: 'maps',
  table: 'maps',
  key: 'map_id',
  keyOf: (event) => (isEventOf<MapEvent>(event, MAP_EVENTS) ? event.data.map_id : null),
  evolve(row, event) {
    if (!isEventOf<MapEvent>(event, MAP_EVENTS)) return row;
    const at = event.metadata.occurred_at;
    switch (event.type) {
      case 'MapCreated':
        return (
          row ?? {
            map_id: event.data.map_id,
            operation_id: event.data.operation_id,
            account_id: event.data.account_id,
            name: event.data.name,
            revision: event.revision,
            created_position: event.position,
            created_at: at,
            updated_at: at,
          }
        );
      case 'MapLayerAdded':
      case 'MapLayerReplaced':
        return row && row.revision < event.revision ? { ...row, revision: event.revision, updated_at: at } : row;
    }
  },
});

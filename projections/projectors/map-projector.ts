// The maps table: one row per map, its revision and times moved by every event of its stream.
import type { Projector } from '../projector.ts';
import type { MapEvent } from '../../domain/map/map-events.ts';

export const mapProjector: Projector = {
  name: 'maps',
  async apply(trx, event) {
    const e = event as unknown as MapEvent;
    const at = event.metadata.occurred_at;
    switch (e.type) {
      case 'MapCreated':
        await trx('maps').insert({
          map_id: e.data.map_id,
          operation_id: e.data.operation_id,
          account_id: e.data.account_id,
          name: e.data.name,
          revision: event.revision,
          created_position: event.position,
          created_at: at,
          updated_at: at,
        }).onConflict('map_id').ignore();
        return;
      case 'MapLayerAdded':
      case 'MapLayerReplaced':
        await trx('maps').where({ map_id: e.data.map_id }).where('revision', '<', event.revision)
          .update({ revision: event.revision, updated_at: at });
        return;
    }
  },
};

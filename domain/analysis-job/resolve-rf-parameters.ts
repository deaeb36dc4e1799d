// An RF coverage request names its emitter (and optionally its receiver) by entity id: the
// analysis records their positions and properties as they are on the map when requested, so a
// later change of the entity never changes a recorded analysis (replay gives the same result). Pure.
import { DomainError } from '../shared/domain-error.ts';
import type { MapEvent } from '../map/map-events.ts';
import type { RfCoverageParameters } from './analysis-parameters.ts';
import { findMapEntity, type MapEntity } from './find-map-entity.ts';

export interface RfCoverageRequest {
  emitter_id: string;
  receiver_id?: string;
  receiver?: { antenna_height_m: number; antenna_gain_dbi: number; sensitivity_dbm: number };
  radius_m: number;
}

/** Defaults of a receiver given inline or not at all: a handheld at 1.5 m, 0 dBi, −100 dBm. */
export const DEFAULT_RECEIVER = { antenna_height_m: 1.5, antenna_gain_dbi: 0, sensitivity_dbm: -100 } as const;

export function resolveRfParameters(
  request: RfCoverageRequest,
  mapEvents: readonly MapEvent[],
  mapId: string,
): RfCoverageParameters {
  if (request.receiver_id !== undefined && request.receiver !== undefined) {
    throw new DomainError('invalid', 'Give receiver_id (a receiver entity) or receiver (inline), not both', [
      'body',
      'receiver',
    ]);
  }
  const emitter = requireEntity(mapEvents, mapId, request.emitter_id, 'emitter', 'emitter_id');
  let receiver: RfCoverageParameters['receiver'] = { entity_id: null, ...DEFAULT_RECEIVER, ...request.receiver };
  if (request.receiver_id !== undefined) {
    const found = requireEntity(mapEvents, mapId, request.receiver_id, 'receiver', 'receiver_id');
    const p = found.properties;
    receiver = {
      entity_id: found.feature_id,
      antenna_height_m: p.antenna_height_m,
      antenna_gain_dbi: p.antenna_gain_dbi ?? 0,
      sensitivity_dbm: p.sensitivity_dbm,
    };
  }
  const p = emitter.properties;
  return {
    emitter: {
      entity_id: emitter.feature_id,
      name: p.name,
      position: emitter.position,
      antenna_height_m: p.antenna_height_m,
      frequency_mhz: p.frequency_mhz,
      transmit_power_dbm: p.transmit_power_dbm,
      antenna_gain_dbi: p.antenna_gain_dbi ?? 0,
    },
    receiver,
    radius_m: request.radius_m,
  };
}

/** The entity `id` names on the map, which must be of `kind`; else a 422 on the request's `field`. */
function requireEntity<K extends MapEntity['properties']['kind']>(
  mapEvents: readonly MapEvent[],
  mapId: string,
  id: string,
  kind: K,
  field: string,
): MapEntity & { properties: Extract<MapEntity['properties'], { kind: K }> } {
  const entity = findMapEntity(mapEvents, id);
  if (!entity) throw new DomainError('invalid', `Map ${mapId} has no entity ${id}`, ['body', field]);
  if (entity.properties.kind !== kind) {
    const message = `Entity ${id} is a ${entity.properties.kind}, not ${kind === 'emitter' ? 'an' : 'a'} ${kind}`;
    throw new DomainError('invalid', message, ['body', field]);
  }
  return entity as MapEntity & { properties: Extract<MapEntity['properties'], { kind: K }> };
}

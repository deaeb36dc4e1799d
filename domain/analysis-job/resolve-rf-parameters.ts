// An RF coverage request names its emitter (and optionally its receiver) by entity id: the
// analysis records their positions and properties as they are on the map when requested, so a
// later change of the entity never changes a recorded analysis (replay gives the same result). Pure.
import { DomainError } from '../shared/domain-error.ts';
import type { MapEvent } from '../map/map-events.ts';
import type { RfCoverageParameters } from './analysis-parameters.ts';
import { findMapEntity } from './find-map-entity.ts';

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
  const emitter = findMapEntity(mapEvents, request.emitter_id);
  if (!emitter)
    throw new DomainError('invalid', `Map ${mapId} has no entity ${request.emitter_id}`, ['body', 'emitter_id']);
  if (emitter.properties.kind !== 'emitter') {
    throw new DomainError('invalid', `Entity ${request.emitter_id} is a ${emitter.properties.kind}, not an emitter`, [
      'body',
      'emitter_id',
    ]);
  }
  let receiver: RfCoverageParameters['receiver'] = { entity_id: null, ...DEFAULT_RECEIVER, ...request.receiver };
  if (request.receiver_id !== undefined) {
    const found = findMapEntity(mapEvents, request.receiver_id);
    if (!found)
      throw new DomainError('invalid', `Map ${mapId} has no entity ${request.receiver_id}`, ['body', 'receiver_id']);
    if (found.properties.kind !== 'receiver') {
      throw new DomainError('invalid', `Entity ${request.receiver_id} is a ${found.properties.kind}, not a receiver`, [
        'body',
        'receiver_id',
      ]);
    }
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

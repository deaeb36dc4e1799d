// A generated map asset: each rendering is recorded once per set of inputs. Recording the same
// input hash again (a redelivered task, a trigger that changed nothing) decides nothing, so an
// unchanged map is never a new asset; a new hash is a new version of the asset at its path. Pure.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { GeneratedMapCreatedData, GeneratedMapEvent } from './generated-map-events.ts';
import { generatedMapIdOf } from './generated-map-events.ts';
import { assetOfPath } from './generated-map-vocabulary.ts';

export type GeneratedMapState =
  { status: 'absent' } | ({ status: 'present'; renderings: number } & GeneratedMapCreatedData);

export type GeneratedMapCommand = { type: 'RecordGeneratedMap'; asset: GeneratedMapCreatedData };

function recordGeneratedMap(command: GeneratedMapCommand, state: GeneratedMapState): GeneratedMapEvent[] {
  const { asset } = command;
  const named = assetOfPath(asset.asset_path);
  if (!named || named.kind !== asset.kind) {
    throw new DomainError('invalid', `${asset.asset_path} is not the path of a ${asset.kind} map`);
  }
  if (asset.generated_map_id !== generatedMapIdOf(asset.operation_id, asset.asset_path)) {
    throw new DomainError(
      'invalid',
      `generated map ${asset.generated_map_id} is not ${asset.asset_path} of its operation`,
    );
  }
  if (state.status === 'present' && state.input_hash === asset.input_hash) return [];
  return [{ type: 'GeneratedMapCreated', data: asset }];
}

export const generatedMapDecider: Decider<GeneratedMapCommand, GeneratedMapEvent, GeneratedMapState> = {
  initialState: () => ({ status: 'absent' }),
  decide(command, state) {
    switch (command.type) {
      case 'RecordGeneratedMap':
        return recordGeneratedMap(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GeneratedMapCreated':
        return { status: 'present', renderings: state.status === 'present' ? state.renderings + 1 : 1, ...event.data };
    }
  },
};

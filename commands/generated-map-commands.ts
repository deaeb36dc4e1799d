// Writes of generated maps: a worker records each rendering it stored. Recording the same inputs
// again changes nothing (the decider answers no events), so a repeated task is harmless.
import { generatedMapDecider, type GeneratedMapState } from '../domain/generated-map/generated-map-decider.ts';
import {
  generatedMapIdOf,
  generatedMapStream,
  type GeneratedMapCreatedData,
} from '../domain/generated-map/generated-map-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

export async function loadGeneratedMap(
  store: EventStore,
  operationId: string,
  assetPath: string,
): Promise<GeneratedMapState> {
  const stream = generatedMapStream(generatedMapIdOf(operationId, assetPath));
  return (await loadState(store, stream, generatedMapDecider)).state;
}

export function recordGeneratedMap(store: EventStore, ctx: CommandContext, asset: GeneratedMapCreatedData) {
  return handleCommand({
    store,
    ctx,
    stream: generatedMapStream(asset.generated_map_id),
    decider: generatedMapDecider,
    operationId: asset.operation_id,
    retryOnConflict: true,
    command: { type: 'RecordGeneratedMap', asset },
  });
}

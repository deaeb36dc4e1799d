// Generated maps: one row per operation and asset path, folded with the decider the worker's command
// uses, holding the newest rendering; created_at is when that rendering was recorded.
import { generatedMapDecider, type GeneratedMapState } from '../../domain/generated-map/generated-map-decider.ts';
import {
  generatedMapEventSchemas,
  type GeneratedMapCreatedData,
  type GeneratedMapEvent,
} from '../../domain/generated-map/generated-map-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

const EVENTS: ReadonlySet<string> = new Set(Object.keys(generatedMapEventSchemas));

export type GeneratedMapRow = GeneratedMapCreatedData & { renderings: number; created_at: string | Date };

export const generatedMapProjector = foldRowsProjector<GeneratedMapRow>({
  name: 'generated_maps',
  table: 'generated_maps',
  key: 'generated_map_id',
  keyOf: (event) => (isEventOf<GeneratedMapEvent>(event, EVENTS) ? event.data.generated_map_id : null),
  evolve(row, event) {
    if (!isEventOf<GeneratedMapEvent>(event, EVENTS)) return row;
    const before: GeneratedMapState = row ? { status: 'present', ...row } : { status: 'absent' };
    const after = generatedMapDecider.evolve(before, event);
    if (after.status === 'absent') return row;
    const { status: _status, ...state } = after;
    return { ...state, created_at: event.metadata.occurred_at };
  },
});

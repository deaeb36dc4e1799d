// Wargame records of COA statements: one row per simulation; a deleted one keeps its row
// (deleted_at) so reads answer 404.
import {
  llmSimulationDecider,
  type LlmSimulationRecord,
  type LlmSimulationState,
} from '../../domain/llm-simulation/llm-simulation-decider.ts';
import {
  llmSimulationEventSchemas,
  type LlmSimulationEvent,
} from '../../domain/llm-simulation/llm-simulation-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

export type LlmSimulationRow = LlmSimulationRecord & {
  created_at: string | Date;
  deleted_at: string | Date | null;
};

const EVENTS: ReadonlySet<string> = new Set(Object.keys(llmSimulationEventSchemas));

export const llmSimulationProjector = foldRowsProjector<LlmSimulationRow>({
  name: 'llm_simulations',
  table: 'llm_simulations',
  key: 'simulation_id',
  keyOf: (event) => (isEventOf<LlmSimulationEvent>(event, EVENTS) ? event.data.simulation_id : null),
  evolve(row, event) {
    if (!isEventOf<LlmSimulationEvent>(event, EVENTS)) return row;
    const before: LlmSimulationState = row
      ? { status: row.deleted_at ? 'deleted' : 'recorded', ...row }
      : { status: 'absent' };
    const after = llmSimulationDecider.evolve(before, event);
    if (after.status === 'absent') return row;
    const { status, ...state } = after;
    return {
      ...state,
      seed: state.seed ?? null,
      created_at: row?.created_at ?? event.metadata.occurred_at,
      deleted_at: status === 'deleted' ? (row?.deleted_at ?? event.metadata.occurred_at) : null,
    };
  },
});

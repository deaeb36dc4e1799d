// A wargame record: written once (turns numbered 1, 2, ... in order), deleted once. Pure.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import { requireLiveCitedDocuments, type CitedDocument } from '../document/cited-documents.ts';
import type { Provenance } from '../planning-record/planning-record-events.ts';
import type { LlmSimulationEvent, LlmSimulationRecordedData, SimulationContentData } from './llm-simulation-events.ts';

type Content = SimulationContentData;

export type LlmSimulationRecord = Omit<LlmSimulationRecordedData, 'by'> & { created_by: Provenance };

export type LlmSimulationState = { status: 'absent' } | ({ status: 'recorded' | 'deleted' } & LlmSimulationRecord);

export type LlmSimulationCommand =
  | {
      type: 'RecordLlmSimulation';
      simulation_id: string;
      coa_statement_id: string;
      operation_id: string;
      account_id: string;
      content: Content;
      by: Provenance;
      /** A generated wargame: the documents it read, with their state now (each must still be live). */
      cited_documents?: CitedDocument[];
    }
  | { type: 'DeleteLlmSimulation'; simulation_id: string; account_id: string; by: Provenance };

export const llmSimulationDecider: Decider<LlmSimulationCommand, LlmSimulationEvent, LlmSimulationState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'RecordLlmSimulation': {
        if (state.status !== 'absent')
          throw new DomainError('conflict', `Simulation ${command.simulation_id} already exists`);
        requireLiveCitedDocuments(command.cited_documents ?? []);
        command.content.turns.forEach((turn, i) => {
          if (turn.turn !== i + 1)
            throw new DomainError('invalid', `turns are numbered 1, 2, ... in order: turn ${i + 1} says ${turn.turn}`, [
              'body',
              'turns',
              i,
              'turn',
            ]);
        });
        return [
          {
            type: 'LLMSimulationRecorded',
            data: {
              simulation_id: command.simulation_id,
              coa_statement_id: command.coa_statement_id,
              operation_id: command.operation_id,
              account_id: command.account_id,
              ...command.content,
              by: command.by,
            },
          },
        ];
      }
      case 'DeleteLlmSimulation': {
        const current = requireAccess(state.status === 'recorded' ? state : null, command.account_id, {
          kind: 'Simulation',
          id: command.simulation_id,
        });
        return [
          {
            type: 'LLMSimulationDeleted',
            data: {
              simulation_id: current.simulation_id,
              coa_statement_id: current.coa_statement_id,
              operation_id: current.operation_id,
              by: command.by,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LLMSimulationRecorded': {
        const { by, ...data } = event.data;
        return { status: 'recorded', ...data, created_by: by };
      }
      case 'LLMSimulationDeleted':
        return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    }
  },
};

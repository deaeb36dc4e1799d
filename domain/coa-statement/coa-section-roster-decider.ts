// A statement's section roster: a section is attached before its own stream is written and
// detached after its removal, so the roster never counts fewer sections than the statement has
// (a write that fails after the attachment is detached again; only a crash between the two appends
// leaves a slot taken). Pure.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { MAX_COA_SECTIONS } from './coa-statement-events.ts';
import type { CoaSectionRosterEvent } from './coa-section-roster-events.ts';

export interface CoaSectionRosterState {
  /** Attached and not detached. */
  attached: string[];
  /** Detached (removed sections, whether or not they were attached). */
  detached: string[];
}

export type CoaSectionRosterCommand =
  | {
      type: 'AttachSection';
      coa_statement_id: string;
      section_id: string;
      /**
       * The statement's sections as the read models list them: statements recorded before the roster
       * existed have sections it never attached, and these count too.
       */
      listed_section_ids: readonly string[];
    }
  | { type: 'DetachSection'; coa_statement_id: string; section_id: string };

/** How many sections the statement holds: attached ones and listed ones not detached, each once. */
export function sectionCount(state: CoaSectionRosterState, listed: readonly string[]): number {
  const held = new Set(state.attached);
  const detached = new Set(state.detached);
  for (const id of listed) if (!detached.has(id)) held.add(id);
  return held.size;
}

export const coaSectionRosterDecider: Decider<CoaSectionRosterCommand, CoaSectionRosterEvent, CoaSectionRosterState> = {
  initialState: () => ({ attached: [], detached: [] }),

  decide(command, state) {
    const { coa_statement_id, section_id } = command;
    switch (command.type) {
      case 'AttachSection':
        // Known already (a redelivered generation task, or a section id in use): the section's own
        // decider answers for it, and the count does not change.
        if (state.attached.includes(section_id) || state.detached.includes(section_id)) return [];
        if (sectionCount(state, command.listed_section_ids) >= MAX_COA_SECTIONS) {
          throw new DomainError('invalid', `A COA statement holds at most ${MAX_COA_SECTIONS} sections`, [
            'body',
            'coa_statement_id',
          ]);
        }
        return [{ type: 'COAStatementSectionAttached', data: { coa_statement_id, section_id } }];
      case 'DetachSection':
        if (state.detached.includes(section_id)) return [];
        return [{ type: 'COAStatementSectionDetached', data: { coa_statement_id, section_id } }];
    }
  },

  evolve(state, event) {
    const { section_id } = event.data;
    switch (event.type) {
      case 'COAStatementSectionAttached':
        return { ...state, attached: [...state.attached, section_id] };
      case 'COAStatementSectionDetached':
        return {
          attached: state.attached.filter((id) => id !== section_id),
          detached: [...state.detached, section_id],
        };
    }
  },
};

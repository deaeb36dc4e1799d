// The rule-based drafter's rules the generation workers register (used when no model is configured):
// planning-record drafts from domain/generation/rule-based-record-draft.ts.
import type { Grounding } from '../../domain/generation/generation-grounding.ts';
import { draftRecordByRules, RECORD_DRAFT_TASK } from '../../domain/generation/rule-based-record-draft.ts';

export const DRAFTING_RULES = {
  drafters: { [RECORD_DRAFT_TASK]: (input: unknown) => draftRecordByRules(input as Grounding) },
};

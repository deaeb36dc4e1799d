// The rule-based drafter's rules the generation workers register (used when no model is configured):
// planning-record drafts from domain/generation/rule-based-record-draft.ts, COA sets from rule-based-coa-draft.ts.
import type { Grounding } from '../../domain/generation/generation-grounding.ts';
import { draftRecordByRules, RECORD_DRAFT_TASK } from '../../domain/generation/rule-based-record-draft.ts';
import type { CoaGrounding } from '../../domain/generation/coa-grounding.ts';
import { COA_DRAFT_TASK, draftCoasByRules } from '../../domain/generation/rule-based-coa-draft.ts';
import { draftTurnByRules, SIMULATION_TURN_TASK } from '../../domain/llm-simulation/rule-based-turn.ts';
import { assessByRules, SIMULATION_ASSESSMENT_TASK } from '../../domain/llm-simulation/rule-based-assessment.ts';
import type { AssessmentStepInput, TurnStepInput } from '../../domain/llm-simulation/simulation-grounding.ts';
import {
  answerTerrainQuestionByRules,
  TERRAIN_QUESTION_TASK,
} from '../../domain/terrain-question/answer-terrain-question-by-rules.ts';

export const DRAFTING_RULES = {
  drafters: {
    [RECORD_DRAFT_TASK]: (input: unknown) => draftRecordByRules(input as Grounding),
    [COA_DRAFT_TASK]: (input: unknown) => draftCoasByRules(input as CoaGrounding),
    [SIMULATION_TURN_TASK]: (input: unknown) => draftTurnByRules(input as TurnStepInput),
    [SIMULATION_ASSESSMENT_TASK]: (input: unknown) => assessByRules(input as AssessmentStepInput),
  },
  // The terrain agent's tool rule: the question forms of domain/terrain-question/parse-terrain-question.ts.
  toolRules: { [TERRAIN_QUESTION_TASK]: answerTerrainQuestionByRules },
};

// The assessment drafted by rule: no score (a rule cannot judge), and for each criterion what the
// staff scores it against and how many terrain figures the turns cited. Deterministic.
import type { AssessmentDraft, AssessmentStepInput } from './simulation-grounding.ts';

/** The language-model task the assessment runs under (the rule-based drafter's key). */
export const SIMULATION_ASSESSMENT_TASK = 'llm_simulation_assessment';

export function assessByRules(input: AssessmentStepInput): AssessmentDraft {
  const { criteria, figures } = input.grounding;
  const turns = input.turns.length;
  return {
    scores: criteria.map((c) => ({
      score: null,
      rationale:
        `Not scored by the rule-based drafter: the staff scores "${c.name}"` +
        `${c.benchmark ? ` against its benchmark (${c.benchmark})` : ''} from turns 1–${turns}` +
        ` and the ${figures.length} terrain figure(s) they cite.`,
    })),
  };
}

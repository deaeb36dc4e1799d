// The COA screening criteria of FM 5-0 (COA development, "COA screening criteria"; ATP 5-0.2-1
// para 2-141): a COA is kept for analysis only if it is feasible, acceptable, suitable,
// distinguishable and complete. A planner records a verdict and rationale per criterion.
import { Type, type Static } from '@sinclair/typebox';
import { NullableText, StringEnum } from '../shared/schema-types.ts';

export const SCREENING_CRITERIA = ['feasible', 'acceptable', 'suitable', 'distinguishable', 'complete'] as const;
export type ScreeningCriterion = (typeof SCREENING_CRITERIA)[number];

/** What each criterion asks (FM 5-0), for the catalogue and the OpenAPI document. */
export const SCREENING_QUESTIONS: Record<ScreeningCriterion, string> = {
  feasible: 'Can the unit accomplish the mission within the established time, space and resource limitations?',
  acceptable: 'Is the tactical or operational advantage gained worth the cost in resources, equipment and casualties?',
  suitable: "Does it accomplish the mission within the commander's intent and planning guidance?",
  distinguishable:
    'Does it differ significantly from the other COAs (task organization, main effort, form of maneuver, ...)?',
  complete: 'Does it cover how decisive, shaping and sustaining operations accomplish the mission, and the end state?',
};

export const SCREENING_VERDICTS = ['meets', 'does_not_meet', 'not_assessed'] as const;
export type ScreeningVerdict = (typeof SCREENING_VERDICTS)[number];

export const ScreeningAssessmentInput = Type.Object(
  {
    verdict: StringEnum(SCREENING_VERDICTS, 'meets, does_not_meet, or not_assessed (clears the verdict)'),
    rationale: Type.Optional(NullableText(2000, 'Why (Markdown)')),
  },
  { additionalProperties: false, title: 'COAScreeningAssessmentInput' },
);
export type ScreeningAssessmentInput = Static<typeof ScreeningAssessmentInput>;

export const SCREENING_RESULTS = ['passes', 'fails', 'incomplete'] as const;
export type ScreeningResult = (typeof SCREENING_RESULTS)[number];

/** passes: every criterion met; fails: one not met; incomplete: otherwise. */
export function screeningResult(
  verdicts: Partial<Record<ScreeningCriterion, { verdict: ScreeningVerdict }>>,
): ScreeningResult {
  const all = SCREENING_CRITERIA.map((c) => verdicts[c]?.verdict ?? 'not_assessed');
  if (all.includes('does_not_meet')) return 'fails';
  return all.every((v) => v === 'meets') ? 'passes' : 'incomplete';
}

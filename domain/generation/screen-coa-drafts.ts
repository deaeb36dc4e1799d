// FM 5-0 screening of a set of drafted COAs, by rule where a rule can decide:
// - distinguishable: a COA whose form of maneuver AND main effort (compared without case, spacing or
//   punctuation) equal another's does not differ significantly from it (FM 5-0 names task
//   organization, main effort and form of maneuver as what distinguishes COAs);
// - complete: every part FM 5-0's question asks for is drafted — the statement, the main effort,
//   the task organization, the decisive, shaping and sustaining operations and the end state
//   (a part left blank or only "TBD" is missing);
// - feasible, acceptable, suitable: only a model's verdict with its rationale, else not assessed.
import { screeningResult, type ScreeningCriterion, type ScreeningVerdict } from '../coa-statement/coa-screening.ts';
import { FORM_OF_MANEUVER_LABELS, MODEL_SCREENED_CRITERIA, type CoaDraft } from './coa-draft-schema.ts';

export interface DraftScreening {
  screening: Record<ScreeningCriterion, { verdict: ScreeningVerdict; rationale: string | null }>;
  screening_result: ReturnType<typeof screeningResult>;
}

const REQUIRED_PARTS: Array<[string, (d: CoaDraft) => string | null]> = [
  ['statement', (d) => d.statement],
  ['main effort', (d) => d.main_effort],
  ['task organization', (d) => (d.task_organization.length > 0 ? 'listed' : null)],
  ['decisive operation', (d) => d.attributes.decisive_operation],
  ['shaping operations', (d) => d.attributes.shaping_operations],
  ['sustaining operations', (d) => d.attributes.sustaining_operations],
  ['end state', (d) => d.attributes.end_state],
];

const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const filled = (text: string | null) => text !== null && /\S/.test(text) && normalized(text) !== 'tbd';

function distinguishable(drafts: readonly CoaDraft[], index: number) {
  const draft = drafts[index]!;
  const key = (d: CoaDraft) => `${d.form_of_maneuver}|${normalized(d.main_effort)}`;
  const twins = drafts.map((d, i) => i).filter((i) => i !== index && key(drafts[i]!) === key(draft));
  const form = FORM_OF_MANEUVER_LABELS[draft.form_of_maneuver].toLowerCase();
  if (twins.length > 0) {
    return {
      verdict: 'does_not_meet' as const,
      rationale: `Same form of maneuver (${form}) and main effort as ${twins.map((i) => `COA ${i + 1}`).join(', ')}.`,
    };
  }
  return {
    verdict: 'meets' as const,
    rationale: `No other COA has both its form of maneuver (${form}) and its main effort.`,
  };
}

function complete(draft: CoaDraft) {
  const missing = REQUIRED_PARTS.filter(([, part]) => !filled(part(draft))).map(([name]) => name);
  if (missing.length > 0) {
    return { verdict: 'does_not_meet' as const, rationale: `Not drafted: ${missing.join(', ')}.` };
  }
  const parts = REQUIRED_PARTS.map(([name]) => name);
  return { verdict: 'meets' as const, rationale: `Drafted: ${parts.join(', ')}.` };
}

/** The screening of each draft, in order. */
export function screenCoaDrafts(drafts: readonly CoaDraft[]): DraftScreening[] {
  return drafts.map((draft, index) => {
    const judged = Object.fromEntries(
      MODEL_SCREENED_CRITERIA.map((c) => {
        const given = draft.screening?.[c];
        const none = { verdict: 'not_assessed', rationale: null };
        return [c, given ? { verdict: given.verdict, rationale: given.rationale } : none];
      }),
    ) as DraftScreening['screening'];
    const screening = { ...judged, distinguishable: distinguishable(drafts, index), complete: complete(draft) };
    return { screening, screening_result: screeningResult(screening) };
  });
}

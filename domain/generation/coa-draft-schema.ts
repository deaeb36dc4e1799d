// The JSON Schema of one COA generation: `count` COAs drafted together, each with the parts of a COA
// statement and sketch (ATP 5-0.2-1 paras 2-144 to 2-146) the service stores — name, statement,
// form of maneuver, main effort, task organization, the operational framework and end state as
// attributes, and a few sections (phases, sketch notes) — and, optionally, the model's own verdicts
// on the FM 5-0 criteria only it can judge. Models are constrained by it; every output is validated.
import { COA_STATEMENT_FIELD_TYPES } from '../planning-record/planning-catalogues.ts';

/** FM 3-90 forms of maneuver and forms of the defense (the form_of_maneuver attribute). */
export const FORMS_OF_MANEUVER = [
  'envelopment',
  'turning_movement',
  'infiltration',
  'penetration',
  'frontal_attack',
  'flank_attack',
  'area_defense',
  'mobile_defense',
  'retrograde',
] as const;
export type FormOfManeuver = (typeof FORMS_OF_MANEUVER)[number];

export const FORM_OF_MANEUVER_LABELS: Record<FormOfManeuver, string> = {
  envelopment: 'Envelopment',
  turning_movement: 'Turning movement',
  infiltration: 'Infiltration',
  penetration: 'Penetration',
  frontal_attack: 'Frontal attack',
  flank_attack: 'Flank attack',
  area_defense: 'Area defense',
  mobile_defense: 'Mobile defense',
  retrograde: 'Retrograde',
};

/** Free-text attributes every draft gives (empty string: not drafted, the staff writes it). */
export const DRAFTED_TEXT_FIELDS = [
  'decisive_operation',
  'shaping_operations',
  'sustaining_operations',
  'reserve',
  'end_state',
] as const;
export type DraftedTextField = (typeof DRAFTED_TEXT_FIELDS)[number];

/** The FM 5-0 criteria a model may judge (distinguishable and complete are decided by rule). */
export const MODEL_SCREENED_CRITERIA = ['feasible', 'acceptable', 'suitable'] as const;
export type ModelScreenedCriterion = (typeof MODEL_SCREENED_CRITERIA)[number];

export const MAX_DRAFT_UNITS = 4;
export const MAX_DRAFT_SECTIONS = 3;
export const MAX_COA_DRAFT_NAME = 80;
export const MAX_COA_DRAFT_TEXT = 2000;

export interface CoaDraft {
  name: string;
  statement: string;
  form_of_maneuver: FormOfManeuver;
  main_effort: string;
  task_organization: Array<{ unit: string; text: string }>;
  attributes: Record<DraftedTextField, string>;
  sections: Array<{ title: string; content: string; field: string | null }>;
  screening?: Partial<Record<ModelScreenedCriterion, { verdict: 'meets' | 'does_not_meet'; rationale: string }>>;
}

export interface CoaSetDraft {
  coas: CoaDraft[];
}

const text = (maxLength: number, blank: boolean) =>
  blank ? { type: 'string', maxLength } : { type: 'string', minLength: 1, maxLength, pattern: '\\S' };

function coaDraftSchema(limit: number): Record<string, unknown> {
  const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  });
  const verdict = object({
    verdict: { type: 'string', enum: ['meets', 'does_not_meet'] },
    rationale: text(limit, false),
  });
  return object(
    {
      name: text(Math.min(limit, MAX_COA_DRAFT_NAME), false),
      statement: text(limit, true),
      form_of_maneuver: { type: 'string', enum: [...FORMS_OF_MANEUVER] },
      main_effort: text(limit, true),
      task_organization: {
        type: 'array',
        maxItems: MAX_DRAFT_UNITS,
        items: object({ unit: text(Math.min(limit, 200), false), text: text(limit, false) }),
      },
      attributes: object(Object.fromEntries(DRAFTED_TEXT_FIELDS.map((f) => [f, text(limit, true)]))),
      sections: {
        type: 'array',
        maxItems: MAX_DRAFT_SECTIONS,
        items: object({
          title: text(Math.min(limit, 200), false),
          content: text(limit, true),
          field: { oneOf: [{ type: 'string', enum: [...COA_STATEMENT_FIELD_TYPES] }, { type: 'null' }] },
        }),
      },
      screening: object(Object.fromEntries(MODEL_SCREENED_CRITERIA.map((c) => [c, verdict])), []),
    },
    ['name', 'statement', 'form_of_maneuver', 'main_effort', 'task_organization', 'attributes', 'sections'],
  );
}

/** The schema of a draft of `count` COAs, each string at most `limit` characters. */
export function coaSetDraftSchema(count: number, limit = MAX_COA_DRAFT_TEXT): Record<string, unknown> {
  return {
    type: 'object',
    properties: { coas: { type: 'array', minItems: count, maxItems: count, items: coaDraftSchema(limit) } },
    required: ['coas'],
    additionalProperties: false,
  };
}

/** Strings of one COA at their most (name, statement, main effort, units, attributes, sections, verdicts). */
const STRINGS_PER_COA =
  3 + 2 * MAX_DRAFT_UNITS + DRAFTED_TEXT_FIELDS.length + 2 * MAX_DRAFT_SECTIONS + MODEL_SCREENED_CRITERIA.length;
/** Characters of one COA's JSON around its strings at their largest (keys, punctuation, longest enums). */
const JSON_PER_COA = 1300;

/**
 * The string limit for a token budget: even a model writing one character per token (byte tokens)
 * closes the whole JSON within the budget (as draftTextLimit does for one record).
 */
export function coaDraftTextLimit(count: number, maxTokens: number): number {
  const room = Math.floor((maxTokens - 32 - count * JSON_PER_COA) / (count * STRINGS_PER_COA));
  return Math.max(16, Math.min(MAX_COA_DRAFT_TEXT, room));
}

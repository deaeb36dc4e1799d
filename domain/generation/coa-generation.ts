// What a coa_statements generation job asks for and what it records when done: the statements it
// drafts (created by the request, in order), and per statement the FM 5-0 screening it recorded.
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, Uuid } from '../shared/schema-types.ts';
import {
  SCREENING_CRITERIA,
  SCREENING_RESULTS,
  SCREENING_VERDICTS,
  type ScreeningCriterion,
} from '../coa-statement/coa-screening.ts';

/** FM 5-0 asks for several distinguishable COAs: a request drafts between these many. */
export const MIN_COA_COUNT = 2;
export const MAX_COA_COUNT = 5;
export const DEFAULT_COA_COUNT = 3;

/** The placeholder name of a statement until its draft is written. */
export const placeholderCoaName = (position: number) => `COA ${position} (drafting)`;

export const CoaGenerationRequest = Type.Object(
  {
    coa_statement_ids: Type.Array(Uuid, { minItems: MIN_COA_COUNT, maxItems: MAX_COA_COUNT, uniqueItems: true }),
  },
  { additionalProperties: false, title: 'COAGenerationRequest' },
);
export type CoaGenerationRequest = Static<typeof CoaGenerationRequest>;

const RecordedAssessment = Type.Object(
  {
    verdict: StringEnum(SCREENING_VERDICTS),
    rationale: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  },
  { additionalProperties: false },
);

export const CoaScreeningRecord = Type.Object(
  {
    coa_statement_id: Uuid,
    name: Type.String({ maxLength: 200 }),
    screening: Type.Object(
      Object.fromEntries(SCREENING_CRITERIA.map((c) => [c, RecordedAssessment])) as Record<
        ScreeningCriterion,
        typeof RecordedAssessment
      >,
      { additionalProperties: false },
    ),
    screening_result: StringEnum(SCREENING_RESULTS),
  },
  { additionalProperties: false, title: 'COAGenerationScreening' },
);
export type CoaScreeningRecord = Static<typeof CoaScreeningRecord>;

/** target_kind coa_statements: the statements written, in order, with the screening recorded on each. */
export const CoaGenerationResult = Type.Array(CoaScreeningRecord, { minItems: MIN_COA_COUNT, maxItems: MAX_COA_COUNT });

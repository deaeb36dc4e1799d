// Request and response types of the COA statement routes (names as in the interface), and the
// record views they answer.
import { Type } from '@sinclair/typebox';
import { DateTime, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import {
  COA_STATEMENT_CATALOGUE,
  COA_STATEMENT_FIELD_TYPES,
} from '../../domain/planning-record/planning-catalogues.ts';
import { PlanningItemInput } from '../../domain/planning-record/planning-items.ts';
import {
  MAX_RECORD_ITEMS,
  MAX_RECORD_TEXT,
  Provenance,
  StoredPlanningItem,
  coaAttributeId,
} from '../../domain/planning-record/planning-record-events.ts';
import {
  SCREENING_CRITERIA,
  SCREENING_QUESTIONS,
  SCREENING_RESULTS,
  SCREENING_VERDICTS,
  ScreeningAssessmentInput,
  screeningResult,
  type ScreeningCriterion,
} from '../../domain/coa-statement/coa-screening.ts';
import { CoaStatementFieldSchemas, MAX_COA_SECTIONS } from '../../domain/coa-statement/coa-statement-events.ts';
import { CoaSectionFieldSchemas } from '../../domain/coa-statement/coa-section-events.ts';
import type { ActiveCoaStatement } from '../../domain/coa-statement/coa-statement-decider.ts';
import type { CoaSectionRecord } from '../../domain/coa-statement/coa-section-decider.ts';
import type { PlanningItem } from '../../domain/planning-record/planning-record-events.ts';
import { iso } from '../../projections/queries/iso.ts';
import { ListEnvelope } from '../common-schemas.ts';

export const COAStatementAvailable = StringEnum(
  COA_STATEMENT_FIELD_TYPES,
  `COAStatementAvailable: ${COA_STATEMENT_FIELD_TYPES.join(', ')}`,
);
const NullableProvenance = Type.Union([Provenance, Type.Null()]);

const ScreeningInput = Type.Partial(
  Type.Object(
    Object.fromEntries(SCREENING_CRITERIA.map((c) => [c, ScreeningAssessmentInput])) as Record<
      ScreeningCriterion,
      typeof ScreeningAssessmentInput
    >,
  ),
  {
    additionalProperties: false,
    minProperties: 1,
    title: 'COAScreeningRequest',
    description: 'FM 5-0 screening criteria to record: a criterion left out keeps its verdict',
  },
);

export const COAStatementRequest = Type.Object(
  {
    operation_id: Uuid,
    name: CoaStatementFieldSchemas.name,
    description: Type.Optional(CoaStatementFieldSchemas.description),
    sketch_map_id: Type.Optional(CoaStatementFieldSchemas.sketch_map_id),
  },
  { additionalProperties: false, title: 'COAStatementRequest' },
);

export const COAStatementUpdateRequest = Type.Object(
  {
    name: Type.Optional(CoaStatementFieldSchemas.name),
    description: Type.Optional(CoaStatementFieldSchemas.description),
    sketch_map_id: Type.Optional(CoaStatementFieldSchemas.sketch_map_id),
    screening: Type.Optional(ScreeningInput),
  },
  { additionalProperties: false, minProperties: 1, title: 'COAStatementUpdateRequest' },
);

const ScreeningAssessmentView = Type.Object(
  {
    verdict: StringEnum(SCREENING_VERDICTS),
    rationale: Type.Union([Type.String(), Type.Null()]),
    assessed_by: NullableProvenance,
    question: Type.String({ description: 'What the criterion asks (FM 5-0)' }),
  },
  { title: 'COAScreeningAssessment' },
);

const AttributeSummary = Type.Object(
  {
    id: Uuid,
    field: COAStatementAvailable,
    title: Type.String(),
    version: Type.Integer({ minimum: 0, description: '0: never written' }),
  },
  { title: 'COAStatementAttributeSummary' },
);

export const COAStatementResponse = Type.Object(
  {
    id: Uuid,
    operation_id: Uuid,
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    sketch_map_id: Type.Union([Uuid, Type.Null()]),
    screening: Type.Object(
      Object.fromEntries(SCREENING_CRITERIA.map((c) => [c, ScreeningAssessmentView])) as Record<
        ScreeningCriterion,
        typeof ScreeningAssessmentView
      >,
    ),
    screening_result: StringEnum(
      SCREENING_RESULTS,
      'passes: every criterion met; fails: one not met; incomplete: otherwise',
    ),
    section_count: Type.Integer({ minimum: 0 }),
    attributes: Type.Array(AttributeSummary, {
      description:
        'One per COAStatementAvailable field, with the id of GET/PUT /api/coa-statements/{id}/{attribute_id}',
    }),
    version: Type.Integer({
      minimum: 1,
      description: 'Number of changes; send it in If-Match to update only that version',
    }),
    created_by: Provenance,
    updated_by: Provenance,
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'COAStatementResponse' },
);

export const ListCOAStatementResponse = ListEnvelope(COAStatementResponse, 'ListCOAStatementResponse');

export const COAStatementSectionRequest = Type.Object(
  {
    coa_statement_id: Uuid,
    title: CoaSectionFieldSchemas.title,
    content: Type.Optional(CoaSectionFieldSchemas.content),
    field: Type.Optional(CoaSectionFieldSchemas.field),
  },
  { additionalProperties: false, title: 'COAStatementSectionRequest' },
);

export const COAStatementSectionUpdateRequest = Type.Object(
  {
    title: Type.Optional(CoaSectionFieldSchemas.title),
    content: Type.Optional(CoaSectionFieldSchemas.content),
    field: Type.Optional(CoaSectionFieldSchemas.field),
  },
  { additionalProperties: false, minProperties: 1, title: 'COAStatementSectionUpdateRequest' },
);

export const COAStatementArrangeRequest = Type.Object(
  {
    coa_statement_id: Uuid,
    section_ids: Type.Array(Uuid, {
      maxItems: MAX_COA_SECTIONS,
      description: 'Every current section of the statement, each once, in the new order',
    }),
  },
  { additionalProperties: false, title: 'COAStatementArrangeRequest' },
);

export const COAStatementSectionResponse = Type.Object(
  {
    id: Uuid,
    coa_statement_id: Uuid,
    kind: StringEnum(
      ['section', 'system'] as const,
      'section: written by the staff; system: a COAStatementAvailable field of the statement (its attribute), listed ' +
        'with is_get_all_system_fields',
    ),
    position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'Place among the sections (1 = first); null for system fields',
    }),
    title: Type.String(),
    content: Type.Union([Type.String(), Type.Null()], { description: 'Markdown (a system field: its text)' }),
    field: Type.Union([COAStatementAvailable, Type.Null()]),
    items: Type.Array(StoredPlanningItem, { description: "A system field's items ([] for sections)" }),
    version: Type.Integer({ minimum: 0 }),
    created_by: NullableProvenance,
    updated_by: NullableProvenance,
    created_at: Type.Union([DateTime, Type.Null()]),
    updated_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'COAStatementSectionResponse' },
);

export const ListCOAStatementSectionResponse = ListEnvelope(
  COAStatementSectionResponse,
  'ListCOAStatementSectionResponse',
);

export const COAStatementAttributeUpdateRequest = Type.Object(
  {
    text: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: MAX_RECORD_TEXT,
        description: `Markdown, at most ${MAX_RECORD_TEXT} characters; null clears it`,
      }),
    ),
    items: Type.Optional(
      Type.Array(PlanningItemInput, {
        maxItems: MAX_RECORD_ITEMS,
        description: 'The whole list in order (fields whose catalogue entry takes items: task_organization, risk)',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1, title: 'COAStatementAttributeUpdateRequest' },
);

export const COAStatementAttributeResponse = Type.Object(
  {
    id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    field: COAStatementAvailable,
    title: Type.String(),
    doctrine: Type.String({ description: 'Manual and paragraph the field follows' }),
    content: StringEnum(['text', 'items'] as const),
    text: Type.Union([Type.String(), Type.Null()]),
    text_updated_by: NullableProvenance,
    items: Type.Array(StoredPlanningItem),
    version: Type.Integer({ minimum: 0 }),
    created_at: Type.Union([DateTime, Type.Null()]),
    updated_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'COAStatementAttributeResponse' },
);

type Stamped = { version: number; created_at: string | Date | null; updated_at: string | Date | null };
export interface AttributeContent extends Stamped {
  type: string;
  text: string | null;
  text_updated_by: typeof Provenance.static | null;
  items: PlanningItem[];
}

const catalogueEntryOf = (field: string) => COA_STATEMENT_CATALOGUE.find((e) => e.type === field)!;

export function statementView(
  statement: ActiveCoaStatement & Stamped,
  attributes: readonly AttributeContent[],
  sectionCount: number,
) {
  const written = new Map(attributes.map((a) => [a.type, a]));
  return {
    id: statement.coa_statement_id,
    operation_id: statement.operation_id,
    name: statement.name,
    description: statement.description,
    sketch_map_id: statement.sketch_map_id,
    screening: Object.fromEntries(
      SCREENING_CRITERIA.map((c) => [
        c,
        {
          verdict: statement.screening[c]?.verdict ?? 'not_assessed',
          rationale: statement.screening[c]?.rationale ?? null,
          assessed_by: statement.screening[c]?.assessed_by ?? null,
          question: SCREENING_QUESTIONS[c],
        },
      ]),
    ),
    screening_result: screeningResult(statement.screening),
    section_count: sectionCount,
    attributes: COA_STATEMENT_CATALOGUE.map((e) => ({
      id: coaAttributeId(statement.coa_statement_id, e.type),
      field: e.type,
      title: e.title,
      version: written.get(e.type)?.version ?? 0,
    })),
    version: statement.version,
    created_by: statement.created_by,
    updated_by: statement.updated_by,
    created_at: iso(statement.created_at),
    updated_at: iso(statement.updated_at),
  };
}

export function attributeView(
  statement: Pick<ActiveCoaStatement, 'coa_statement_id' | 'operation_id'>,
  field: string,
  content: AttributeContent | null,
) {
  const entry = catalogueEntryOf(field);
  return {
    id: coaAttributeId(statement.coa_statement_id, field),
    coa_statement_id: statement.coa_statement_id,
    operation_id: statement.operation_id,
    field,
    title: entry.title,
    doctrine: entry.doctrine,
    content: entry.items ? 'items' : 'text',
    text: content?.text ?? null,
    text_updated_by: content?.text_updated_by ?? null,
    items: content?.items ?? [],
    version: content?.version ?? 0,
    created_at: iso(content?.created_at),
    updated_at: iso(content?.updated_at),
  };
}

export function sectionView(section: CoaSectionRecord & Stamped, position: number) {
  return {
    id: section.section_id,
    coa_statement_id: section.coa_statement_id,
    kind: 'section' as const,
    position,
    title: section.title,
    content: section.content,
    field: section.field,
    items: [],
    version: section.version,
    created_by: section.created_by,
    updated_by: section.updated_by,
    created_at: iso(section.created_at),
    updated_at: iso(section.updated_at),
  };
}

/** A statement's attribute as an entry of the sections list (is_get_all_system_fields). */
export function systemFieldView(statementId: string, field: string, content: AttributeContent | null) {
  const entry = catalogueEntryOf(field);
  return {
    id: coaAttributeId(statementId, field),
    coa_statement_id: statementId,
    kind: 'system' as const,
    position: null,
    title: entry.title,
    content: content?.text ?? null,
    field,
    items: content?.items ?? [],
    version: content?.version ?? 0,
    created_by: null,
    updated_by: content?.text_updated_by ?? null,
    created_at: iso(content?.created_at),
    updated_at: iso(content?.updated_at),
  };
}

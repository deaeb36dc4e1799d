// Events of a COA statement (stream `coa_statement-<id>`): its name, description and sketch map, the
// screening verdicts, the order of its sections, its deletion. Sections and attributes live in
// streams of their own (coa-section-events.ts; attributes are planning records of kind
// `coa_attribute`), so staff officers editing different parts of one COA never conflict.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, NullableText, NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';
import { Provenance } from '../planning-record/planning-record-events.ts';
import { SCREENING_CRITERIA, SCREENING_VERDICTS } from './coa-screening.ts';

export const MAX_COA_NAME = 200;
export const MAX_COA_DESCRIPTION = 20_000;
/** Most sections of one statement (an arrangement lists them all). */
export const MAX_COA_SECTIONS = 200;

export const CoaStatementFieldSchemas = {
  name: NonEmptyText(MAX_COA_NAME, 'Name of the COA, e.g. "COA 1: Northern envelopment"'),
  description: NullableText(MAX_COA_DESCRIPTION, 'The COA statement (Markdown): who, what, when, where, why and how'),
  sketch_map_id: NullableUuid('A map of the same operation holding the COA sketch'),
};

export const StoredScreeningAssessment = Type.Object(
  {
    verdict: StringEnum(SCREENING_VERDICTS),
    rationale: Type.Union([Type.String(), Type.Null()]),
    assessed_by: Provenance,
  },
  { additionalProperties: false, title: 'COAScreeningAssessment' },
);
export type StoredScreeningAssessment = Static<typeof StoredScreeningAssessment>;

const ScreeningChanges = Type.Partial(
  Type.Object(
    Object.fromEntries(SCREENING_CRITERIA.map((c) => [c, StoredScreeningAssessment])) as Record<
      (typeof SCREENING_CRITERIA)[number],
      typeof StoredScreeningAssessment
    >,
  ),
  { additionalProperties: false },
);
export type ScreeningChanges = Static<typeof ScreeningChanges>;

export const CoaStatementCreatedData = Type.Object(
  {
    coa_statement_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    name: CoaStatementFieldSchemas.name,
    description: CoaStatementFieldSchemas.description,
    sketch_map_id: CoaStatementFieldSchemas.sketch_map_id,
    by: Provenance,
  },
  { additionalProperties: false },
);

export const CoaStatementUpdatedData = Type.Object(
  {
    coa_statement_id: Uuid,
    operation_id: Uuid,
    changes: Type.Partial(Type.Object(CoaStatementFieldSchemas), { additionalProperties: false }),
    screening: Type.Optional(ScreeningChanges),
    by: Provenance,
  },
  { additionalProperties: false },
);
export type CoaStatementChanges = Static<typeof CoaStatementUpdatedData>['changes'];

export const CoaSectionsArrangedData = Type.Object(
  {
    coa_statement_id: Uuid,
    operation_id: Uuid,
    section_ids: Type.Array(Uuid, { maxItems: MAX_COA_SECTIONS }),
    by: Provenance,
  },
  { additionalProperties: false },
);

export const CoaStatementDeletedData = Type.Object(
  {
    coa_statement_id: Uuid,
    operation_id: Uuid,
    by: Provenance,
  },
  { additionalProperties: false },
);

export type CoaStatementCreated = DomainEvent<'COAStatementCreated', Static<typeof CoaStatementCreatedData>>;
export type CoaStatementUpdated = DomainEvent<'COAStatementUpdated', Static<typeof CoaStatementUpdatedData>>;
export type CoaSectionsArranged = DomainEvent<'COAStatementSectionsArranged', Static<typeof CoaSectionsArrangedData>>;
export type CoaStatementDeleted = DomainEvent<'COAStatementDeleted', Static<typeof CoaStatementDeletedData>>;
export type CoaStatementEvent = CoaStatementCreated | CoaStatementUpdated | CoaSectionsArranged | CoaStatementDeleted;

export const coaStatementEventSchemas = {
  COAStatementCreated: { version: 1, schema: CoaStatementCreatedData },
  COAStatementUpdated: { version: 1, schema: CoaStatementUpdatedData },
  COAStatementSectionsArranged: { version: 1, schema: CoaSectionsArrangedData },
  COAStatementDeleted: { version: 1, schema: CoaStatementDeletedData },
};

export const coaStatementStream = (id: string) => `coa_statement-${id}`;

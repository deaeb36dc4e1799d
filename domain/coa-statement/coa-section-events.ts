// Events of a COA statement section (stream `coa_statement_section-<id>`): a titled part of the
// statement's narrative (Markdown), optionally tied to the catalogue field it develops. Each section
// is its own stream, so concurrent edits of different sections never conflict.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, NullableText, Uuid } from '../shared/schema-types.ts';
import { Provenance } from '../planning-record/planning-record-events.ts';
import { COA_STATEMENT_FIELD_TYPES } from '../planning-record/planning-catalogues.ts';

export const MAX_SECTION_CONTENT = 20_000;

export const CoaSectionFieldSchemas = {
  title: NonEmptyText(200, 'Heading of the section, e.g. "Shaping operation 1: fix the enemy at OBJ LEAD"'),
  content: NullableText(MAX_SECTION_CONTENT, 'Markdown'),
  field: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    enum: [...COA_STATEMENT_FIELD_TYPES, null],
    description: 'The COAStatementAvailable field this section develops, or null',
  }),
};

export const CoaSectionAddedData = Type.Object(
  {
    section_id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    title: CoaSectionFieldSchemas.title,
    content: CoaSectionFieldSchemas.content,
    field: CoaSectionFieldSchemas.field,
    by: Provenance,
  },
  { additionalProperties: false },
);

export const CoaSectionUpdatedData = Type.Object(
  {
    section_id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    changes: Type.Partial(Type.Object(CoaSectionFieldSchemas), { additionalProperties: false }),
    by: Provenance,
  },
  { additionalProperties: false },
);

export const CoaSectionRemovedData = Type.Object(
  {
    section_id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    by: Provenance,
  },
  { additionalProperties: false },
);

export type CoaSectionAdded = DomainEvent<'COAStatementSectionAdded', Static<typeof CoaSectionAddedData>>;
export type CoaSectionUpdated = DomainEvent<'COAStatementSectionUpdated', Static<typeof CoaSectionUpdatedData>>;
export type CoaSectionRemoved = DomainEvent<'COAStatementSectionRemoved', Static<typeof CoaSectionRemovedData>>;
export type CoaSectionEvent = CoaSectionAdded | CoaSectionUpdated | CoaSectionRemoved;
export type CoaSectionChanges = Static<typeof CoaSectionUpdatedData>['changes'];

export const coaSectionEventSchemas = {
  COAStatementSectionAdded: { version: 1, schema: CoaSectionAddedData },
  COAStatementSectionUpdated: { version: 1, schema: CoaSectionUpdatedData },
  COAStatementSectionRemoved: { version: 1, schema: CoaSectionRemovedData },
};

export const coaSectionStream = (id: string) => `coa_statement_section-${id}`;

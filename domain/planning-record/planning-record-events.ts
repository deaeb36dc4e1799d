// Events of the planning records (mission analysis, WARNO, and the attributes of a COA statement):
// one record per operation and type (per statement and field for attributes), stream
// `mission_analysis-<id>`, `warno-<id>` or `coa_attribute-<id>`, the id a name-based UUID of
// (kind, operation or statement, type) so the record has a stable id before its first write. An update event carries only what changed:
// the text, the items added or changed (with their provenance), the items removed, the new order.
// `origin` says whether a person or the language model (the later generate endpoints) wrote it.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { DateTime, NullableText, NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';
import { PlanningItemFields } from './planning-items.ts';

export const PLANNING_RECORD_KINDS = ['mission_analysis', 'warno', 'coa_attribute'] as const;
export type PlanningRecordKind = (typeof PLANNING_RECORD_KINDS)[number];

export const ORIGINS = ['human', 'generated'] as const;
export type Origin = (typeof ORIGINS)[number];

/** Longest free text of a record (Markdown). */
export const MAX_RECORD_TEXT = 20_000;
/** Most items in one list. */
export const MAX_RECORD_ITEMS = 500;

export const Provenance = Type.Object(
  {
    account_id: Uuid,
    api_key_id: NullableUuid('The key the change was made with'),
    origin: StringEnum(ORIGINS, 'human: written by a person; generated: written by the language model'),
    at: DateTime,
  },
  { additionalProperties: false, title: 'Provenance' },
);
export type Provenance = Static<typeof Provenance>;

export const StoredPlanningItem = Type.Object(
  {
    item_id: Uuid,
    ...PlanningItemFields,
    updated_by: Provenance,
  },
  { additionalProperties: false, title: 'PlanningItem' },
);
/** A stored item: its fields plus who changed it last and when. */
export type PlanningItem = Static<typeof StoredPlanningItem>;

export const PlanningRecordUpdatedData = Type.Object(
  {
    record_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    type: Type.String({ minLength: 1, maxLength: 100 }),
    /** coa_attribute only: the statement the attribute belongs to. */
    coa_statement_id: Type.Optional(Uuid),
    text: Type.Optional(NullableText(MAX_RECORD_TEXT)),
    upserted_items: Type.Optional(Type.Array(StoredPlanningItem, { maxItems: MAX_RECORD_ITEMS })),
    removed_item_ids: Type.Optional(Type.Array(Uuid, { maxItems: MAX_RECORD_ITEMS })),
    item_order: Type.Optional(Type.Array(Uuid, { maxItems: MAX_RECORD_ITEMS })),
    by: Provenance,
  },
  { additionalProperties: false },
);
export type PlanningRecordUpdatedData = Static<typeof PlanningRecordUpdatedData>;

export type MissionAnalysisUpdated = DomainEvent<'MissionAnalysisUpdated', PlanningRecordUpdatedData>;
export type WARNOUpdated = DomainEvent<'WARNOUpdated', PlanningRecordUpdatedData>;
export type COAStatementAttributeUpdated = DomainEvent<'COAStatementAttributeUpdated', PlanningRecordUpdatedData>;
export type PlanningRecordEvent = MissionAnalysisUpdated | WARNOUpdated | COAStatementAttributeUpdated;

export const UPDATED_EVENT: Record<PlanningRecordKind, PlanningRecordEvent['type']> = {
  mission_analysis: 'MissionAnalysisUpdated',
  warno: 'WARNOUpdated',
  coa_attribute: 'COAStatementAttributeUpdated',
};

export const planningRecordEventSchemas = {
  MissionAnalysisUpdated: { version: 1, schema: PlanningRecordUpdatedData },
  WARNOUpdated: { version: 1, schema: PlanningRecordUpdatedData },
  COAStatementAttributeUpdated: { version: 1, schema: PlanningRecordUpdatedData },
};

export const planningRecordStream = (kind: PlanningRecordKind, recordId: string) => `${kind}-${recordId}`;

/** The stable id of an operation's record of one type. */
export const planningRecordId = (kind: PlanningRecordKind, operationId: string, type: string) =>
  uuidV5(`${kind}:${operationId.toLowerCase()}:${type}`);

/** The stable id of a COA statement's attribute (one per COAStatementAvailable field). */
export const coaAttributeId = (coaStatementId: string, type: string) =>
  uuidV5(`coa_attribute:${coaStatementId.toLowerCase()}:${type}`);

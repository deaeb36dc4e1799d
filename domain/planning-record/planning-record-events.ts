// Events of the planning records (mission analysis and WARNO): one record per operation and type,
// stream `mission_analysis-<id>` or `warno-<id>`, the id a name-based UUID of (kind, operation, type)
// so the record has a stable id before its first write. An update event carries only what changed:
// the text, the items added or changed (with their provenance), the items removed, the new order.
// `origin` says whether a person or the language model (the later generate endpoints) wrote it.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { DateTime, NullableText, NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';
import { PlanningItemFields } from './planning-items.ts';

export const PLANNING_RECORD_KINDS = ['mission_analysis', 'warno'] as const;
export type PlanningRecordKind = (typeof PLANNING_RECORD_KINDS)[number];

export const ORIGINS = ['human', 'generated'] as const;
export type Origin = (typeof ORIGINS)[number];

/** Longest free text of a record (Markdown). */
export const MAX_RECORD_TEXT = 20_000;
/** Most items in one list. */
export const MAX_RECORD_ITEMS = 500;

export const Provenance = Type.Object({
  account_id: Uuid,
  api_key_id: NullableUuid('The key the change was made with'),
  origin: StringEnum(ORIGINS, 'human: written by a person; generated: written by the language model'),
  at: DateTime,
}, { additionalProperties: false, title: 'Provenance' });
export type Provenance = Static<typeof Provenance>;

export const StoredPlanningItem = Type.Object({
  item_id: Uuid,
  ...PlanningItemFields,
  updated_by: Provenance,
}, { additionalProperties: false, title: 'PlanningItem' });
/** A stored item: its fields plus who changed it last and when. */
export type PlanningItem = Static<typeof StoredPlanningItem>;

export const PlanningRecordUpdatedData = Type.Object({
  record_id: Uuid,
  operation_id: Uuid,
  account_id: Uuid,
  type: Type.String({ minLength: 1, maxLength: 100 }),
  text: Type.Optional(NullableText(MAX_RECORD_TEXT)),
  upserted_items: Type.Optional(Type.Array(StoredPlanningItem, { maxItems: MAX_RECORD_ITEMS })),
  removed_item_ids: Type.Optional(Type.Array(Uuid, { maxItems: MAX_RECORD_ITEMS })),
  item_order: Type.Optional(Type.Array(Uuid, { maxItems: MAX_RECORD_ITEMS })),
  by: Provenance,
}, { additionalProperties: false });
export type PlanningRecordUpdatedData = Static<typeof PlanningRecordUpdatedData>;

export type MissionAnalysisUpdated = DomainEvent<'MissionAnalysisUpdated', PlanningRecordUpdatedData>;
export type WARNOUpdated = DomainEvent<'WARNOUpdated', PlanningRecordUpdatedData>;
export type PlanningRecordEvent = MissionAnalysisUpdated | WARNOUpdated;

export const UPDATED_EVENT: Record<PlanningRecordKind, PlanningRecordEvent['type']> = {
  mission_analysis: 'MissionAnalysisUpdated',
  warno: 'WARNOUpdated',
};

export const planningRecordEventSchemas = {
  MissionAnalysisUpdated: { version: 1, schema: PlanningRecordUpdatedData },
  WARNOUpdated: { version: 1, schema: PlanningRecordUpdatedData },
};

export const planningRecordStream = (kind: PlanningRecordKind, recordId: string) => `${kind}-${recordId}`;

/** The stable id of an operation's record of one type. */
export const planningRecordId = (kind: PlanningRecordKind, operationId: string, type: string) =>
  uuidV5(`${kind}:${operationId.toLowerCase()}:${type}`);

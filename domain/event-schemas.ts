// Every event type the service records, with the schema version of its data. Appends are
// checked against this list (infra/event-store/validating-event-store.ts); a type missing here
// cannot be written.
import type { TSchema } from '@sinclair/typebox';
import { accountEventSchemas } from './account/account-events.ts';
import { apiKeyEventSchemas } from './api-key/api-key-events.ts';
import { operationEventSchemas } from './operation/operation-events.ts';
import { mapEventSchemas } from './map/map-events.ts';
import { terrainJobEventSchemas } from './terrain-job/terrain-job-events.ts';
import { analysisJobEventSchemas } from './analysis-job/analysis-job-events.ts';
import { planningRecordEventSchemas } from './planning-record/planning-record-events.ts';
import { coaStatementEventSchemas } from './coa-statement/coa-statement-events.ts';
import { coaSectionEventSchemas } from './coa-statement/coa-section-events.ts';
import { coaSectionRosterEventSchemas } from './coa-statement/coa-section-roster-events.ts';
import { llmSimulationEventSchemas } from './llm-simulation/llm-simulation-events.ts';
import { documentEventSchemas } from './document/document-events.ts';
import { sessionEventSchemas } from './session/session-events.ts';
import { identityEventSchemas } from './identity/identity-events.ts';
import { generationJobEventSchemas } from './generation-job/generation-job-events.ts';
import { generatedMapEventSchemas } from './generated-map/generated-map-events.ts';
import { terrainQuestionEventSchemas } from './terrain-question/terrain-question-events.ts';
import { idempotencyKeyEventSchemas } from './idempotency-key/idempotency-key-events.ts';
import { orderEventSchemas } from './orders/order-events.ts';

export interface EventSchemaEntry {
  /** Current schema version of the event's data. */
  version: number;
  schema: TSchema;
  /** Upcasters from older versions: upcasters[v] turns version v data into version v+1 data. */
  upcasters?: Record<number, (data: unknown) => unknown>;
}

export type EventSchemaRegistry = Record<string, EventSchemaEntry>;

export const eventSchemas: EventSchemaRegistry = {
  ...accountEventSchemas,
  ...apiKeyEventSchemas,
  ...operationEventSchemas,
  ...mapEventSchemas,
  ...terrainJobEventSchemas,
  ...analysisJobEventSchemas,
  ...planningRecordEventSchemas,
  ...coaStatementEventSchemas,
  ...coaSectionEventSchemas,
  ...coaSectionRosterEventSchemas,
  ...llmSimulationEventSchemas,
  ...documentEventSchemas,
  ...sessionEventSchemas,
  ...identityEventSchemas,
  ...generationJobEventSchemas,
  ...generatedMapEventSchemas,
  ...terrainQuestionEventSchemas,
  ...idempotencyKeyEventSchemas,
  ...orderEventSchemas,
};

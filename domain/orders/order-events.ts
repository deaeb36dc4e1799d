// The event the order reader's job will record (wiring comes with the job-pipeline refactor): one
// order read from one document, the record as its data. Not yet in domain/event-schemas.ts: it is
// registered there when a stream and a command append it.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { Uuid } from '../shared/schema-types.ts';
import { OrderRecord } from './order-record.ts';

export const OrderExtractedData = Type.Object({
  operation_id: Uuid,
  document_id: Uuid,
  upload_id: Uuid,
  record: OrderRecord,
}, { additionalProperties: false });
export type OrderExtractedData = Static<typeof OrderExtractedData>;

export type OrderExtracted = DomainEvent<'OrderExtracted', OrderExtractedData>;

export const orderEventSchemas = {
  OrderExtracted: { version: 1, schema: OrderExtractedData },
};

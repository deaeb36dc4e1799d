// The event the order reader records (stream `document-<id>`, beside the document's own events): the
// orders read from one upload's text, on its extraction or on request. `orders` holds the records the
// reader recognised as orders (empty: the document was read and holds no order), so "not an order" is
// a recorded fact rather than a missing event.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { Uuid } from '../shared/schema-types.ts';
import { OrderRecord } from './order-record.ts';

export const OrdersReadData = Type.Object(
  {
    operation_id: Uuid,
    document_id: Uuid,
    upload_id: Uuid,
    /** The reader's ORDER_RECORD_VERSION: a newer reader re-reads what an older one recorded. */
    record_version: Type.Integer({ minimum: 1 }),
    orders: Type.Array(OrderRecord),
  },
  { additionalProperties: false },
);
export type OrdersReadData = Static<typeof OrdersReadData>;

export type OrdersRead = DomainEvent<'OrdersRead', OrdersReadData>;

export const orderEventSchemas = {
  OrdersRead: { version: 1, schema: OrdersReadData },
};

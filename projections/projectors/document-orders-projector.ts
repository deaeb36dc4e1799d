// Orders read from documents: one row per document, folded with the decider the commands use
// (domain/orders/document-orders-decider.ts); `read_at` is when its orders were last recorded.
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { documentEventSchemas } from '../../domain/document/document-events.ts';
import {
  documentOrdersDecider,
  type DocumentOrdersEvent,
  type DocumentOrdersRecord,
  type DocumentOrdersState,
} from '../../domain/orders/document-orders-decider.ts';
import { orderEventSchemas } from '../../domain/orders/order-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

export type DocumentOrdersRow = DocumentOrdersRecord & {
  status: 'active' | 'deleted';
  read_at: string | Date | null;
};

const EVENTS: ReadonlySet<string> = new Set([...Object.keys(documentEventSchemas), ...Object.keys(orderEventSchemas)]);

export const documentOrdersProjector = foldRowsProjector<DocumentOrdersRow>({
  name: 'document_orders',
  table: 'document_orders',
  key: 'document_id',
  keyOf: (event) => (isEventOf<DocumentOrdersEvent>(event, EVENTS) ? event.data.document_id : null),
  evolve(row, event: RecordedEvent) {
    if (!isEventOf<DocumentOrdersEvent>(event, EVENTS)) return row;
    const before: DocumentOrdersState = row ? { ...row } : { status: 'absent' };
    const after = documentOrdersDecider.evolve(before, event);
    if (after.status === 'absent' || after === before) return row;
    const read_at =
      event.type === 'OrdersRead'
        ? event.metadata.occurred_at
        : event.type === 'DocumentUploaded'
          ? null
          : (row?.read_at ?? null);
    const { document_id, operation_id, account_id, upload_id, text_status, orders, record_version, status } = after;
    return { document_id, operation_id, account_id, upload_id, text_status, orders, record_version, status, read_at };
  },
});

// The orders read from a document: an aggregate on the document's own stream (`document-<id>`),
// folding the document's life (uploaded, text extracted, deleted) and the orders read from its
// text. Orders are recorded only for the live upload whose text was extracted (a result for an older
// upload, a deleted document or text not yet extracted records nothing), and only when they differ
// from what is recorded (re-reading unchanged text with the same reader changes nothing). Pure.
import { isDeepStrictEqual } from 'node:util';
import type { Decider } from '../shared/decider.ts';
import type { DocumentEvent } from '../document/document-events.ts';
import type { TextStatus } from '../document/document-decider.ts';
import type { OrdersRead } from './order-events.ts';
import type { OrderRecord } from './order-record.ts';

export type DocumentOrdersEvent = DocumentEvent | OrdersRead;

export interface DocumentOrdersRecord {
  document_id: string;
  operation_id: string;
  account_id: string;
  upload_id: string;
  text_status: TextStatus;
  /** Null until the upload's text is read for orders. */
  orders: OrderRecord[] | null;
  record_version: number | null;
}

export type DocumentOrdersState = { status: 'absent' } | ({ status: 'active' | 'deleted' } & DocumentOrdersRecord);

export type DocumentOrdersCommand = {
  type: 'RecordOrdersRead';
  document_id: string;
  upload_id: string;
  record_version: number;
  orders: OrderRecord[];
};

export const documentOrdersDecider: Decider<DocumentOrdersCommand, DocumentOrdersEvent, DocumentOrdersState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    if (state.status !== 'active' || state.upload_id !== command.upload_id || state.text_status !== 'extracted')
      return [];
    // Compared as values: recorded orders come back from the store with their keys reordered (jsonb).
    const same = state.record_version === command.record_version && isDeepStrictEqual(state.orders, command.orders);
    if (same) return [];
    return [
      {
        type: 'OrdersRead',
        data: {
          operation_id: state.operation_id,
          document_id: state.document_id,
          upload_id: state.upload_id,
          record_version: command.record_version,
          orders: command.orders,
        },
      },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DocumentUploaded': {
        const { document_id, operation_id, account_id, upload_id } = event.data;
        return {
          status: 'active',
          document_id,
          operation_id,
          account_id,
          upload_id,
          text_status: 'pending',
          orders: null,
          record_version: null,
        };
      }
      case 'DocumentTextExtracted':
        return state.status === 'absent' ? state : { ...state, text_status: 'extracted' };
      case 'DocumentTextExtractionFailed':
        return state.status === 'absent' ? state : { ...state, text_status: 'failed' };
      case 'DocumentDeleted':
        return state.status === 'absent' ? state : { ...state, status: 'deleted' };
      case 'OrdersRead':
        if (state.status === 'absent' || state.upload_id !== event.data.upload_id) return state;
        return { ...state, orders: event.data.orders, record_version: event.data.record_version };
    }
  },
};

// A document: uploaded once per life (a second upload of the same content while it lives changes
// nothing: the command layer reports it as a duplicate), its text extracted or failed once per
// upload, deleted. Pure.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { DocumentEvent, DocumentUploadedData } from './document-events.ts';
import type { OrdersRead } from '../orders/order-events.ts';

export const TEXT_STATUSES = ['pending', 'extracted', 'failed'] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];

export interface DocumentRecord extends Omit<DocumentUploadedData, 'by'> {
  uploaded_by: DocumentUploadedData['by'];
  text_status: TextStatus;
  text_key: string | null;
  page_count: number | null;
  characters: number | null;
  text_truncated: boolean;
  failure_code: string | null;
  failure_message: string | null;
}

export type DocumentState = { status: 'absent' } | ({ status: 'active' | 'deleted' } & DocumentRecord);

export type DocumentCommand =
  | { type: 'UploadDocument'; upload: DocumentUploadedData }
  | {
      type: 'RecordTextExtracted';
      document_id: string;
      upload_id: string;
      text_key: string;
      page_count: number | null;
      characters: number;
      truncated: boolean;
    }
  | { type: 'RecordTextExtractionFailed'; document_id: string; upload_id: string; code: string; message: string }
  | { type: 'DeleteDocument'; document_id: string; account_id: string; by: DocumentUploadedData['by'] }
  /**
   * Records nothing: refuses (422 at body.document_ids[index]) unless the document is an active
   * document of the operation, which a generation request may ground in.
   */
  | { type: 'AdmitGrounding'; document_id: string; operation_id: string; index: number };

/** The live upload a worker's result belongs to, or null (deleted, re-uploaded, or already done). */
function pendingUpload(state: DocumentState, uploadId: string) {
  return state.status === 'active' && state.upload_id === uploadId && state.text_status === 'pending' ? state : null;
}

/** The events of a document's stream: its own, and the orders read from it (document-orders-decider.ts). */
export type DocumentStreamEvent = DocumentEvent | OrdersRead;

export const documentDecider: Decider<DocumentCommand, DocumentStreamEvent, DocumentState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'UploadDocument':
        if (state.status === 'active') return [];
        return [{ type: 'DocumentUploaded', data: command.upload }];
      case 'RecordTextExtracted': {
        const current = pendingUpload(state, command.upload_id);
        if (!current) return [];
        return [
          {
            type: 'DocumentTextExtracted',
            data: {
              document_id: current.document_id,
              operation_id: current.operation_id,
              upload_id: current.upload_id,
              text_key: command.text_key,
              page_count: command.page_count,
              characters: command.characters,
              truncated: command.truncated,
            },
          },
        ];
      }
      case 'RecordTextExtractionFailed': {
        const current = pendingUpload(state, command.upload_id);
        if (!current) return [];
        return [
          {
            type: 'DocumentTextExtractionFailed',
            data: {
              document_id: current.document_id,
              operation_id: current.operation_id,
              upload_id: current.upload_id,
              code: command.code,
              message: command.message,
            },
          },
        ];
      }
      case 'AdmitGrounding':
        if (state.status !== 'active' || state.operation_id !== command.operation_id) {
          const message = `Document ${command.document_id} is not a document of operation ${command.operation_id}`;
          throw new DomainError('invalid', message, ['body', 'document_ids', command.index]);
        }
        return [];
      case 'DeleteDocument': {
        const current = requireAccess(state.status === 'active' ? state : null, command.account_id, {
          kind: 'Document',
          id: command.document_id,
        });
        return [
          {
            type: 'DocumentDeleted',
            data: {
              document_id: current.document_id,
              operation_id: current.operation_id,
              upload_id: current.upload_id,
              by: command.by,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DocumentUploaded': {
        const { by, ...data } = event.data;
        return {
          status: 'active',
          ...data,
          uploaded_by: by,
          text_status: 'pending',
          text_key: null,
          page_count: null,
          characters: null,
          text_truncated: false,
          failure_code: null,
          failure_message: null,
        };
      }
      case 'DocumentTextExtracted':
        if (state.status === 'absent') return state;
        return {
          ...state,
          text_status: 'extracted',
          text_key: event.data.text_key,
          page_count: event.data.page_count,
          characters: event.data.characters,
          text_truncated: event.data.truncated,
        };
      case 'DocumentTextExtractionFailed':
        if (state.status === 'absent') return state;
        return { ...state, text_status: 'failed', failure_code: event.data.code, failure_message: event.data.message };
      case 'DocumentDeleted':
        if (state.status === 'absent') return state;
        return { ...state, status: 'deleted' };
      case 'OrdersRead':
        // The orders are their own aggregate on this stream; the document is unchanged.
        return state;
    }
  },
};

// Documents of operations: one row per document, folded with the decider the commands use. A
// deleted document keeps its row (deleted_at): reads answer 404, and the storage sweeper knows
// which objects to remove.
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { documentDecider, type DocumentRecord, type DocumentState } from '../../domain/document/document-decider.ts';
import { documentEventSchemas, type DocumentEvent } from '../../domain/document/document-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

export type DocumentRow = DocumentRecord & {
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
};

const EVENTS: ReadonlySet<string> = new Set(Object.keys(documentEventSchemas));

function evolveDocumentRow(row: DocumentRow | undefined, event: RecordedEvent): DocumentRow | undefined {
  if (!isEventOf<DocumentEvent>(event, EVENTS)) return row;
  const before: DocumentState = row ? { status: row.deleted_at ? 'deleted' : 'active', ...row } : { status: 'absent' };
  const after = documentDecider.evolve(before, event);
  if (after.status === 'absent') return row;
  const { status, ...state } = after;
  const at = event.metadata.occurred_at;
  const reborn = event.type === 'DocumentUploaded';
  return {
    ...state,
    created_at: reborn || !row ? at : row.created_at,
    updated_at: at,
    deleted_at: status === 'deleted' ? (row?.deleted_at ?? at) : null,
  };
}

export const documentProjector = foldRowsProjector<DocumentRow>({
  name: 'documents',
  table: 'documents',
  key: 'document_id',
  keyOf: (event) => (isEventOf<DocumentEvent>(event, EVENTS) ? event.data.document_id : null),
  evolve: evolveDocumentRow,
});

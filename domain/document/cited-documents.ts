// The rule that a generation's output cites only live documents: a document the generation read
// must still be that upload (not deleted, not deleted and uploaded again) when the output is
// written. The deciders that write a generation's output take the documents' state as data and
// apply it; the command layer conditions the append on those documents' streams, so a deletion
// that lands between the read and the append makes the decision be taken again.
import { DomainError } from '../shared/domain-error.ts';
import type { DocumentState } from './document-decider.ts';

/** A document a generation read (the upload whose text it was given), with the document's state now. */
export interface CitedDocument {
  document_id: string;
  upload_id: string;
  state: DocumentState;
}

/** A cited document is gone: the generation fails with DOCUMENT_DELETED and writes nothing. */
export class CitedDocumentDeletedError extends DomainError {
  constructor(readonly document_ids: string[]) {
    const one = document_ids.length === 1;
    super(
      'conflict',
      `${one ? `Document ${document_ids[0]} was` : `Documents ${document_ids.join(', ')} were`} ` +
        `deleted after the generation was requested; request it again without ${one ? 'it' : 'them'}`,
    );
    this.name = 'CitedDocumentDeletedError';
  }
}

export function requireLiveCitedDocuments(cited: readonly CitedDocument[]): void {
  const gone = cited.filter((d) => d.state.status !== 'active' || d.state.upload_id !== d.upload_id);
  if (gone.length > 0) throw new CitedDocumentDeletedError(gone.map((d) => d.document_id));
}

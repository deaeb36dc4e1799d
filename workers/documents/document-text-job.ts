// Document text extraction as a job kind: every upload is queued (one task per upload, so a
// re-upload after a deletion is extracted again and enqueuing again after a restart is a duplicate;
// documents still pending at start-up are queued again), a worker extracts its text in the extraction
// thread, and a task that used up its deliveries fails the extraction with EXTRACTION_RETRIES_EXHAUSTED.
import { Type } from '@sinclair/typebox';
import { recordExtraction } from '../../commands/document-commands.ts';
import type { DocumentUploaded } from '../../domain/document/document-events.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import { documentsAwaitingText } from '../../projections/queries/document-queries.ts';
import { taskControlOf, type JobKind } from '../jobs/job-kind.ts';
import { documentContext, extractDocumentText, pendingDocument } from './document-text-worker.ts';
import { createExtractionPool } from './extraction-pool.ts';

const UPLOADED = new Set(['DocumentUploaded']);
const params = Type.Object({ document_id: Type.String(), upload_id: Type.String() });

export const documentTextJob: JobKind<typeof params> = {
  kind: 'document_text',
  params,
  taskId: ({ upload_id }) => `document-text:${upload_id}`,
  dispatch: {
    follower: 'document_text_dispatcher',
    async onBatch(batch, env) {
      for (const event of batch) {
        if (!isEventOf<DocumentUploaded>(event, UPLOADED)) continue;
        await env.enqueue({ document_id: event.data.document_id, upload_id: event.data.upload_id });
      }
    },
    unfinished: (env) => documentsAwaitingText(env.knex),
    resume: (params, env) => env.enqueue(params),
  },
  start(services) {
    const extraction = createExtractionPool({ heapMb: services.config.documentExtractionMemoryMb });
    const deps = { store: services.store, storage: services.documents, logger: services.logger, extraction };
    return {
      run: (payload, reporter, signal) => extractDocumentText(deps, payload, taskControlOf(reporter, signal)),
      close: () => extraction.destroy(),
    };
  },
  async exhausted(payload, { attempts }, { store }) {
    const document = await pendingDocument(store, payload);
    if (!document) return false;
    // What went wrong is logged; the record says only what its user can act on.
    await recordExtraction(store, documentContext(document), document, {
      ok: false,
      code: 'EXTRACTION_RETRIES_EXHAUSTED',
      message:
        `The text could not be extracted after ${attempts} attempts; ` + 'upload the document again or ask an operator',
    });
    return true;
  },
};

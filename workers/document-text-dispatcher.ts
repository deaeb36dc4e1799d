// Queues the text extraction of every uploaded document (a process manager beside the terrain
// dispatcher, following the same log). Task ids are per upload, so enqueuing again after a restart
// is dropped as a duplicate; documents still pending when the process starts are enqueued again
// (an in-memory queue lost them).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DocumentUploaded } from '../domain/document/document-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { WorkQueue } from '../infra/work-queue/work-queue.ts';
import { EventLogFollower } from './event-log-follower.ts';
import { resumeThenFollow } from './resume-then-follow.ts';
import { documentTextTask } from './document-text-worker.ts';

export class DocumentTextDispatcher {
  private readonly follower: EventLogFollower;

  constructor(store: EventStore, private readonly knex: Knex, private readonly queue: WorkQueue, logger: Logger) {
    this.follower = new EventLogFollower('document_text_dispatcher', store, knex, logger, async (batch) => {
      for (const event of batch) {
        if (event.type !== 'DocumentUploaded') continue;
        const { document_id, upload_id } = (event as unknown as DocumentUploaded).data;
        await this.queue.enqueue(documentTextTask(document_id, upload_id));
      }
    });
  }

  async start(): Promise<void> {
    await resumeThenFollow(this.follower, () => pendingDocuments(this.knex), ({ document_id, upload_id }) =>
      this.queue.enqueue(documentTextTask(document_id, upload_id)),
    );
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}

/** Documents whose text is still to be extracted, from the read model. */
async function pendingDocuments(knex: Knex): Promise<Array<{ document_id: string; upload_id: string }>> {
  return knex('documents').where({ text_status: 'pending' }).whereNull('deleted_at').select('document_id', 'upload_id');
}

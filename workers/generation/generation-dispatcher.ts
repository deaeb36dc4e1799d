// Queues every requested generation (a process manager beside the other dispatchers, following the
// same log). Task ids are per job, so enqueuing again after a restart is dropped as a duplicate; jobs
// still pending when the process starts are enqueued again (an in-memory queue lost them).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { GenerationRequested } from '../../domain/generation-job/generation-job-events.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { WorkQueue } from '../../infra/work-queue/work-queue.ts';
import { EventLogFollower } from '../event-log-follower.ts';
import { generationTask } from './generation-worker.ts';

export class GenerationDispatcher {
  private readonly follower: EventLogFollower;

  constructor(store: EventStore, private readonly knex: Knex, private readonly queue: WorkQueue, logger: Logger) {
    this.follower = new EventLogFollower('generation_dispatcher', store, knex, logger, async (batch) => {
      for (const event of batch) {
        if (event.type !== 'GenerationRequested') continue;
        await this.queue.enqueue(generationTask((event as unknown as GenerationRequested).data.job_id));
      }
    });
  }

  async start(): Promise<void> {
    const pending: Array<{ job_id: string }> = await this.knex('generation_jobs')
      .where({ status: 'pending' }).select('job_id')
      .catch(() => []);
    for (const job of pending) await this.queue.enqueue(generationTask(job.job_id));
    await this.follower.start();
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}

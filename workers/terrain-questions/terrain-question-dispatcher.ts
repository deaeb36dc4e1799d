// Queues every asked terrain question (a process manager beside the other dispatchers, following the
// same log). Task ids are per question, so enqueuing again after a restart is dropped as a duplicate;
// questions still pending when the process starts are enqueued again (an in-memory queue lost them).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { TerrainQuestionAsked } from '../../domain/terrain-question/terrain-question-events.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { WorkQueue } from '../../infra/work-queue/work-queue.ts';
import { EventLogFollower } from '../event-log-follower.ts';
import { resumeThenFollow } from '../resume-then-follow.ts';
import { terrainQuestionTask } from './terrain-question-worker.ts';

export class TerrainQuestionDispatcher {
  private readonly follower: EventLogFollower;

  constructor(store: EventStore, private readonly knex: Knex, private readonly queue: WorkQueue, logger: Logger) {
    this.follower = new EventLogFollower('terrain_question_dispatcher', store, knex, logger, async (batch) => {
      for (const event of batch) {
        if (event.type !== 'TerrainQuestionAsked') continue;
        await this.queue.enqueue(terrainQuestionTask((event as unknown as TerrainQuestionAsked).data.question_id));
      }
    });
  }

  async start(): Promise<void> {
    await resumeThenFollow(this.follower, () => pendingQuestions(this.knex), ({ question_id }) =>
      this.queue.enqueue(terrainQuestionTask(question_id)),
    );
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}

/** Questions still to be answered, from the read model. */
async function pendingQuestions(knex: Knex): Promise<Array<{ question_id: string }>> {
  return knex('terrain_questions').where({ status: 'pending' }).select('question_id');
}

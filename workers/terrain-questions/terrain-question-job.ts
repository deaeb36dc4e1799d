// Terrain questions as a job kind: every asked question is queued (one task per question, so
// enqueuing again after a restart is a duplicate; questions still pending at start-up are queued
// again), a worker lets the language model answer it, and a task that used up its deliveries fails
// the question with QUESTION_RETRIES_EXHAUSTED.
import { Type } from '@sinclair/typebox';
import { decideTerrainQuestion } from '../../commands/terrain-question-commands.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import type { TerrainQuestionAsked } from '../../domain/terrain-question/terrain-question-events.ts';
import { pendingTerrainQuestions } from '../../projections/queries/terrain-question-queries.ts';
import { taskControlOf, type JobKind } from '../jobs/job-kind.ts';
import { pendingQuestion, questionContext, runTerrainQuestion } from './terrain-question-worker.ts';

const ASKED = new Set(['TerrainQuestionAsked']);
const params = Type.Object({ question_id: Type.String() });

export const terrainQuestionJob: JobKind<typeof params> = {
  kind: 'terrain_question',
  params,
  taskId: ({ question_id }) => `terrain_question:${question_id}`,
  dispatch: {
    follower: 'terrain_question_dispatcher',
    async onBatch(batch, env) {
      for (const event of batch) {
        if (isEventOf<TerrainQuestionAsked>(event, ASKED)) await env.enqueue({ question_id: event.data.question_id });
      }
    },
    unfinished: (env) => pendingTerrainQuestions(env.knex),
    resume: (params, env) => env.enqueue(params),
  },
  start: (services) => ({
    async run({ question_id }, reporter, signal) {
      const question = await pendingQuestion(services.store, question_id);
      if (question) await runTerrainQuestion(services, question, taskControlOf(reporter, signal));
    },
  }),
  async exhausted({ question_id }, { attempts, reason }, { store }) {
    const question = await pendingQuestion(store, question_id);
    if (!question) return false;
    await decideTerrainQuestion(store, questionContext(question), question.operation_id, {
      type: 'FailTerrainQuestion',
      question_id,
      code: 'QUESTION_RETRIES_EXHAUSTED',
      message: `the terrain question failed after ${attempts} attempts: ${reason}`,
      tool_calls: [],
    });
    return true;
  },
};

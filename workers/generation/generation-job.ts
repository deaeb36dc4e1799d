// Generation (record drafts, COA sets, wargames) as a job kind: every requested generation is
// queued (one task per job, so enqueuing again after a restart is a duplicate; jobs still pending at
// start-up are queued again), a worker drafts it with the language model, and a task that used up
// its deliveries fails the job with GENERATION_RETRIES_EXHAUSTED.
import { Type } from '@sinclair/typebox';
import type { GenerationRequested } from '../../domain/generation-job/generation-job-events.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import { pendingGenerationJobs } from '../../projections/queries/generation-job-queries.ts';
import { taskControlOf, type JobKind } from '../jobs/job-kind.ts';
import { pendingGenerationJob, runGeneration } from './generation-worker.ts';
import { failGenerationJob } from './job-reports.ts';

const REQUESTED = new Set(['GenerationRequested']);
const params = Type.Object({ job_id: Type.String() });

export const generationJob: JobKind<typeof params> = {
  kind: 'generation',
  params,
  taskId: ({ job_id }) => `generation:${job_id}`,
  dispatch: {
    follower: 'generation_dispatcher',
    async onBatch(batch, env) {
      for (const event of batch) {
        if (isEventOf<GenerationRequested>(event, REQUESTED)) await env.enqueue({ job_id: event.data.job_id });
      }
    },
    unfinished: (env) => pendingGenerationJobs(env.knex),
    resume: (params, env) => env.enqueue(params),
  },
  start(services) {
    const deps = {
      store: services.store,
      knex: services.knex,
      documents: services.documents,
      languageModel: services.languageModel,
      maxTokens: services.config.languageModel.maxTokens,
      logger: services.logger,
      blobStore: services.blobStore,
    };
    return {
      async run({ job_id }, reporter, signal) {
        const job = await pendingGenerationJob(services.store, job_id);
        if (job) await runGeneration(deps, job, taskControlOf(reporter, signal));
      },
    };
  },
  async exhausted({ job_id }, { attempts, reason }, { store }) {
    const job = await pendingGenerationJob(store, job_id);
    if (!job) return false;
    await failGenerationJob(
      store,
      job,
      'GENERATION_RETRIES_EXHAUSTED',
      `generation failed after ${attempts} attempts: ${reason}`,
    );
    return true;
  },
};

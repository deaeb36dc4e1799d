// Reads of the generation jobs.
import type { Knex } from 'knex';
import type { GenerationJobRow } from '../projectors/generation-job-projector.ts';

export async function findGenerationJob(knex: Knex, jobId: string): Promise<GenerationJobRow | null> {
  return (await knex('generation_jobs').where({ job_id: jobId }).first()) ?? null;
}

/** Jobs still to run (the dispatcher queues them again at start-up). */
export function pendingGenerationJobs(knex: Knex): Promise<Array<{ job_id: string }>> {
  return knex('generation_jobs').where({ status: 'pending' }).select('job_id');
}

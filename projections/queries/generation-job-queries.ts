// Reads of the generation jobs.
import type { Knex } from 'knex';
import type { GenerationJobRow } from '../projectors/generation-job-projector.ts';

export async function findGenerationJob(knex: Knex, jobId: string): Promise<GenerationJobRow | null> {
  return (await knex('generation_jobs').where({ job_id: jobId }).first()) ?? null;
}

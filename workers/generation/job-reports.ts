// What every generation worker reports on its job: progress (one event per step, never per token)
// and failure with a code, as the job's requester, correlated to the job.
import type { CommandContext } from '../../commands/command-context.ts';
import { decideGeneration } from '../../commands/generation-job-commands.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import type { GenerationFailureCode, GenerationProgress } from '../../domain/generation-job/generation-job-events.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';

/** The job's requester is the writer of record; events correlate to the job. */
export const generationJobContext = (job: GenerationJob): CommandContext => ({
  principal: { account_id: job.account_id, api_key_id: job.api_key_id },
  correlation_id: job.job_id,
  causation_id: null,
  now: () => new Date(),
});

/** A GenerationProgressed event: GET /api/generation-jobs/{id} shows the step while the job runs. */
export function reportGenerationProgress(store: EventStore, job: GenerationJob, progress: GenerationProgress) {
  return decideGeneration(store, generationJobContext(job), job.operation_id, {
    type: 'ReportGenerationProgress',
    job_id: job.job_id,
    progress,
  });
}

export function failGenerationJob(store: EventStore, job: GenerationJob, code: GenerationFailureCode, message: string) {
  return decideGeneration(store, generationJobContext(job), job.operation_id, {
    type: 'FailGeneration',
    job_id: job.job_id,
    code,
    message,
  });
}
